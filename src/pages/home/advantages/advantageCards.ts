import type { LucideIcon } from 'lucide-react';
import { Bot, ClipboardCheck, Code2, CreditCard, Globe, Handshake, Mail, MailWarning, Tag, UserPlus, Users, Workflow, GraduationCap } from 'lucide-react';
import type { components } from '../../../api/schema.gen';
import { canOpen, type Viewer } from '../../../app/access';
import { routeByName, type Plan } from '../../../app/routes';

type Capabilities = components['schemas']['Store']['enterprise_capabilities'];

export type AdvantageId =
  | 'team'
  | 'discounts'
  | 'customDomain'
  | 'automations'
  | 'welcomeEmail'
  | 'inactiveEmail'
  | 'embeds'
  | 'assignments'
  | 'payments'
  | 'affiliates'
  | 'aiAssistant'
  | 'newCustomers'
  | 'coaching';

export interface AdvantageCard {
  id: AdvantageId;
  icon: LucideIcon;
  /** A page of the app (route name + address with its query), or an address outside it. */
  target: { route: string; href: string } | { external: true };
  /** The plans that include the feature the card promotes; on another plan the card offers the upgrade instead. */
  plans?: readonly Plan[];
  /** Shown only on these plans (the coaching offer is for paying plans). */
  onlyOn?: readonly Plan[];
  hiddenBy?: keyof Capabilities;
}

const NOT_PERCENT: readonly Plan[] = ['PERK', 'PRO', 'EXPERT'];

/**
 * The plan-advantage cards of the home page, in display order, with the links of the spec ("Home page"). Gating
 * follows spec section 6: a custom domain needs a plan other than PERCENT, assignments need PRO or EXPERT; the
 * coaching card shows only on PRO or EXPERT (a non-PERCENT plan with PRO or EXPERT).
 */
export const advantageCards: readonly AdvantageCard[] = [
  { id: 'team', icon: Users, target: { route: 'settings_team', href: '/parametres/equipe' } },
  { id: 'discounts', icon: Tag, target: { route: 'discounts', href: '/reductions' }, hiddenBy: 'hide_discounts' },
  { id: 'customDomain', icon: Globe, target: { route: 'settings', href: '/parametres' }, plans: NOT_PERCENT },
  { id: 'automations', icon: Workflow, target: { route: 'marketing_automations', href: '/marketing/connexions-externes' } },
  { id: 'welcomeEmail', icon: Mail, target: { route: 'marketing_emails', href: '/marketing/emails?onglet=WELCOME' } },
  { id: 'inactiveEmail', icon: MailWarning, target: { route: 'marketing_emails', href: '/marketing/emails?onglet=NO_RECENT_CONNECTION_1' } },
  { id: 'embeds', icon: Code2, target: { route: 'embeds', href: '/widgets' } },
  { id: 'assignments', icon: ClipboardCheck, target: { route: 'trainings', href: '/formations' }, plans: ['PRO', 'EXPERT'] },
  { id: 'payments', icon: CreditCard, target: { route: 'settings_payments', href: '/parametres/paiements' }, hiddenBy: 'hide_sales' },
  { id: 'affiliates', icon: Handshake, target: { route: 'affiliates', href: '/affilies' }, hiddenBy: 'hide_affiliation' },
  { id: 'aiAssistant', icon: Bot, target: { route: 'ai_assistant', href: '/assistant-ia?type=title_ideas' }, hiddenBy: 'hide_copywriter' },
  { id: 'newCustomers', icon: UserPlus, target: { route: 'customers', href: '/apprenants?sort=created_at&order=desc&type=STUDENT&page=1' } },
  { id: 'coaching', icon: GraduationCap, target: { external: true }, onlyOn: ['PRO', 'EXPERT'] },
];

export interface VisibleCard extends AdvantageCard {
  /** The viewer's plan lacks the feature: the card offers the upgrade instead of its link. */
  locked: boolean;
}

/**
 * The cards one viewer sees: those whose page their role opens, not hidden for the enterprise, the coaching card
 * only on PRO or EXPERT and only when its address is configured (VITE_COACHING_URL).
 */
export function visibleAdvantageCards(viewer: Viewer, capabilities: Capabilities, coachingUrl: string | null): VisibleCard[] {
  return advantageCards
    .filter((card) => !(card.hiddenBy && capabilities[card.hiddenBy]))
    .filter((card) => !card.onlyOn || card.onlyOn.includes(viewer.plan))
    .filter((card) => {
      if ('external' in card.target) return coachingUrl !== null;
      const route = routeByName(card.target.route);
      // Plan-locked pages still show their card (with the upgrade offer); pages the role cannot open do not.
      return route !== undefined && canOpen({ ...route, plans: undefined }, viewer);
    })
    .map((card) => ({ ...card, locked: Boolean(card.plans && !viewer.isAdmin && !card.plans.includes(viewer.plan)) }));
}
