import { useMemo } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useInspectedMachine } from '../../app/inspector';
import { launchBannerMachine } from '../../../machines/launchBanner/launchBanner.machine';
import { selectRemaining } from '../../../machines/launchBanner/launchBanner.selectors';
import type { components } from '../../api/schema.gen';
import type { Viewer } from '../../app/access';
import { Banner } from '../../components/ui/Banner';
import { TextLink } from '../../components/ui/Link';
import { PLAN_PAGE } from '../../components/PlanLock';
import { ResendActivation } from '../../pages/auth/ResendActivation';

type User = components['schemas']['User'];

const messages = defineMessages({
  upgrade: { id: 'alerts.upgrade', defaultMessage: "Vous utilisez l'offre Découverte. Passez à une offre supérieure pour débloquer toutes les fonctionnalités." },
  seePlans: { id: 'alerts.seePlans', defaultMessage: 'Voir les offres' },
  launchTitle: { id: 'alerts.launchTitle', defaultMessage: 'Offre de lancement' },
});
const activate = defineMessage<{ email: string }>({
  id: 'alerts.activate',
  defaultMessage: 'Activez votre compte : nous vous avons envoyé un lien à {email}.',
});
const launchBody = defineMessage<{ days: number; hours: number; minutes: number; seconds: number }>({
  id: 'alerts.launchBody',
  defaultMessage: 'Votre remise de bienvenue se termine dans {days} j {hours} h {minutes} min {seconds} s.',
});

/** The alerts above every signed-in page (spec sections 1 and 2). */
export function Alerts({ user, viewer }: { user: User; viewer: Viewer }) {
  const intl = useIntl();
  const canManagePlans = viewer.role === 'OWNER' || viewer.role === 'ADMIN';
  return (
    <div className="shell-alerts">
      {!user.email_verified_at && (
        <Banner variant="warning" action={<ResendActivation email={user.email} variant="button" />}>
          {intl.formatMessage(activate, { email: user.email })}
        </Banner>
      )}
      {user.store.plan === 'PERCENT' && canManagePlans && !user.store.enterprise_capabilities.hide_plan && (
        <Banner variant="info" action={<TextLink href={PLAN_PAGE}>{intl.formatMessage(messages.seePlans)}</TextLink>}>
          <span data-testid="upgrade-banner">{intl.formatMessage(messages.upgrade)}</span>
        </Banner>
      )}
      {canManagePlans && <LaunchBanner createdAt={user.created_at} />}
    </div>
  );
}

/** Days 4 to 7 after sign-up: the launch discount with its live countdown (a machine with the clock injected). */
function LaunchBanner({ createdAt }: { createdAt: string }) {
  const intl = useIntl();
  const input = useMemo(() => ({ createdAt, now: () => Date.now() }), [createdAt]);
  const [snapshot] = useInspectedMachine(launchBannerMachine, { input });
  const remaining = selectRemaining(snapshot);
  if (!remaining) return null;
  return (
    <Banner variant="success" title={intl.formatMessage(messages.launchTitle)} action={<TextLink href={PLAN_PAGE}>{intl.formatMessage(messages.seePlans)}</TextLink>}>
      <span data-testid="launch-banner" aria-live="off">
        {intl.formatMessage(launchBody, remaining)}
      </span>
    </Banner>
  );
}
