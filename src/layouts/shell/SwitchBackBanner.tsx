import { useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { isSwitchedSession, useUserSwitch } from '../../app/userSwitch';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';

const m = defineMessages({
  back: { id: 'admin.switch.back', defaultMessage: 'Revenir à mon compte administrateur' },
  returning: { id: 'admin.switch.returning', defaultMessage: 'Retour…' },
});
const title = defineMessage<{ email: string }>({ id: 'admin.switch.banner', defaultMessage: 'Vous êtes connecté en tant que {email} (prise de contrôle par un administrateur de la plateforme).' });

/**
 * Shown above every page of a switched session (a platform admin's own session kept aside): who the admin is
 * acting as, and the way back. Keyed by the user, so it reads the kept session again when the user changes.
 */
export function SwitchBackBanner({ email }: { email: string }) {
  const [switched] = useState(isSwitchedSession);
  if (!switched) return null;
  return <SwitchedBanner email={email} />;
}

function SwitchedBanner({ email }: { email: string }) {
  const intl = useIntl();
  const { isReturning, goBack } = useUserSwitch(true);
  return (
    <div className="switch-banner" data-testid="switch-banner">
      <Banner
        variant="warning"
        title={intl.formatMessage(title, { email })}
        action={
          <Button variant="secondary" onPress={goBack} isDisabled={isReturning} data-testid="switch-back">
            {intl.formatMessage(isReturning ? m.returning : m.back)}
          </Button>
        }
      />
    </div>
  );
}
