import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useInspectedMachine } from '../../../app/inspector';
import { ANNOUNCEMENT_WINDOW, announcementMachine } from '../../../../machines/announcement/announcement.machine';
import { selectIsVisible } from '../../../../machines/announcement/announcement.selectors';
import { PLAN_PAGE } from '../../../components/PlanLock';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { announcementMessages as m, promoCodeMessage } from './onboardingMessages';

const DISMISSED_KEY = 'cp.announcement.dismissedOn';

/** The user's local day, YYYY-MM-DD ("once per day" is the person's day, not the server's). */
const localDay = (ms: number) => {
  const date = new Date(ms);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

function storedDismissal(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The campaign announcement (spec section 4): owners not in onboarding, inside the campaign window, at
 * most once a day until dismissed. The machine decides; the clock and the storage are supplied here.
 */
export function AnnouncementModal({ role, plan, inOnboarding }: { role: string; plan: string; inOnboarding: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      announcementMachine.provide({
        actions: {
          rememberDismissal: (_, { day }) => {
            try {
              localStorage.setItem(DISMISSED_KEY, day);
            } catch {
              /* private browsing: it may show again today */
            }
          },
        },
      }),
    [],
  );
  const [snapshot, send] = useInspectedMachine(machine, {
    input: { now: () => Date.now(), window: ANNOUNCEMENT_WINDOW, role, inOnboarding, dismissedOn: storedDismissal(), today: localDay },
  });
  if (!selectIsVisible(snapshot)) return null;
  const code = import.meta.env.VITE_ANNOUNCEMENT_PROMO_CODE;
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && send({ type: 'DISMISS' })}
      title={intl.formatMessage(m.title)}
      closeLabel={intl.formatMessage(m.dismiss)}
      footer={
        <>
          <Button variant="secondary" onPress={() => send({ type: 'DISMISS' })}>
            {intl.formatMessage(m.dismiss)}
          </Button>
          <Button
            onPress={() => {
              send({ type: 'DISMISS' });
              void navigate(PLAN_PAGE);
            }}
          >
            {intl.formatMessage(m.cta)}
          </Button>
        </>
      }
    >
      <div className="stack" data-testid="announcement">
        <p>{intl.formatMessage(m.body)}</p>
        {plan === 'PERCENT' && code && <p className="announcement__code">{intl.formatMessage(promoCodeMessage, { code })}</p>}
      </div>
    </Modal>
  );
}
