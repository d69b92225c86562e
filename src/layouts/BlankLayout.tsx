import { Outlet } from 'react-router-dom';
import { BlankLayoutFrame } from './BlankLayoutFrame';

export { BlankLayoutFrame };

/** Sign-in pages and fallbacks: the brand, one centred card, the language switch. */
export function BlankLayout() {
  return (
    <BlankLayoutFrame>
      <Outlet />
    </BlankLayoutFrame>
  );
}
