import { Button } from '../components/ui/Button';
import { useLanguageSwitch } from './useLanguageSwitch';

/** Offers the other language; the choice is kept on this device. */
export function LanguageSwitch() {
  const { label, switchLanguage } = useLanguageSwitch();
  return (
    <Button variant="ghost" size="sm" onPress={switchLanguage} data-testid="language-switch">
      {label}
    </Button>
  );
}
