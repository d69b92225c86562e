import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { Plan } from '../app/routes';
import { planMessages } from '../i18n/planMessages';
import { Button } from './ui/Button';
import './PlanLock.css';

export const PLAN_PAGE = '/abonnement?onglet=vous';

const messages = defineMessages({
  title: { id: 'planLock.title', defaultMessage: "Cette fonctionnalité n'est pas incluse dans votre offre" },
  // Spec 8's "feature only PRO": a feature of the PRO plan (and above) says so.
  onlyPro: { id: 'planLock.onlyPro', defaultMessage: "Cette fonctionnalité est réservée à l'offre PRO" },
  cta: { id: 'planLock.cta', defaultMessage: 'Voir les offres' },
});

const body = defineMessage<{ plans: string }>({
  id: 'planLock.body',
  defaultMessage: 'Elle est disponible avec les offres : {plans}. Activez-la en passant à une offre supérieure.',
});


/** Blocks a feature the plan does not include, with a way to the plan page (spec section 6). */
export function PlanLockPanel({ plans }: { plans: readonly Plan[] }) {
  const intl = useIntl();
  const navigate = useNavigate();
  return (
    <section className="plan-lock" aria-labelledby="plan-lock-title" data-testid="plan-lock">
      <span className="plan-lock__gem" aria-hidden="true">◆</span>
      <h1 id="plan-lock-title" className="plan-lock__title">
        {intl.formatMessage(plans.includes('PRO') && !plans.includes('PERK') ? messages.onlyPro : messages.title)}
      </h1>
      <p className="plan-lock__body">{intl.formatMessage(body, { plans: plans.map((p) => intl.formatMessage(planMessages[p])).join(', ') })}</p>
      <Button onPress={() => void navigate(PLAN_PAGE)}>{intl.formatMessage(messages.cta)}</Button>
    </section>
  );
}
