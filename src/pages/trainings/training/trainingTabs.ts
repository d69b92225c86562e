import { defineMessages, type MessageDescriptor } from 'react-intl';

/** The tabs of a training's page, in their order on screen. */
export type TrainingTab = 'content' | 'settings' | 'price' | 'description' | 'customers' | 'comments' | 'statistics';

const labels = defineMessages({
  content: { id: 'trainings.tabs.content', defaultMessage: 'Contenu' },
  settings: { id: 'trainings.tabs.settings', defaultMessage: 'Paramètres' },
  price: { id: 'trainings.tabs.price', defaultMessage: 'Prix' },
  description: { id: 'trainings.tabs.description', defaultMessage: 'Description' },
  customers: { id: 'trainings.tabs.customers', defaultMessage: 'Apprenants' },
  comments: { id: 'trainings.tabs.comments', defaultMessage: 'Commentaires' },
  statistics: { id: 'trainings.tabs.statistics', defaultMessage: 'Statistiques' },
});

export interface TrainingTabLink {
  tab: TrainingTab;
  /** The route of the tab in src/app/routes.ts: its guard decides who sees the tab. */
  routeName: string;
  label: MessageDescriptor;
  href: string;
}

const TABS: readonly { tab: TrainingTab; routeName: string; suffix: string }[] = [
  { tab: 'content', routeName: 'training', suffix: '' },
  { tab: 'settings', routeName: 'training_settings', suffix: '/parametres' },
  { tab: 'price', routeName: 'training_price', suffix: '/prix' },
  { tab: 'description', routeName: 'training_description', suffix: '/description' },
  { tab: 'customers', routeName: 'training_customers', suffix: '/apprenants' },
  { tab: 'comments', routeName: 'training_comments', suffix: '/commentaires' },
  { tab: 'statistics', routeName: 'training_statistics', suffix: '/statistiques' },
];

/** Address of one tab of a training. */
export const trainingTabHref = (uuid: string, tab: TrainingTab) =>
  `/formations/${encodeURIComponent(uuid)}${TABS.find((t) => t.tab === tab)?.suffix ?? ''}`;

/**
 * The tabs a viewer may open, read from the route table so a tab and its route's guard never disagree
 * (spec section 6: ANALYST and STAFF only open apprenants, commentaires and statistiques).
 */
export function trainingTabs(uuid: string, canOpenRoute: (routeName: string) => boolean): TrainingTabLink[] {
  return TABS.filter((t) => canOpenRoute(t.routeName)).map((t) => ({
    tab: t.tab,
    routeName: t.routeName,
    label: labels[t.tab],
    href: trainingTabHref(uuid, t.tab),
  }));
}
