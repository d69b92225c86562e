import { PlainButton } from '../components/plain/PlainFields';
import { useLanguageSwitch } from './useLanguageSwitch';

/** The language switch drawn with a plain button (the guest pages and the storefront: no React Aria on first loads). */
export function PlainLanguageSwitch() {
  const { label, switchLanguage } = useLanguageSwitch();
  return (
    <PlainButton variant="ghost" size="sm" onClick={switchLanguage} data-testid="language-switch">
      {label}
    </PlainButton>
  );
}
