import { defineMessages, type MessageDescriptor } from 'react-intl';

/** The tabs of a bundle's page, in their order on screen (every one is for OWNER, ADMIN and TEACHER). */
export type BundleTab = 'trainings' | 'settings' | 'price' | 'description';

const labels = defineMessages({
  trainings: { id: 'bundles.tabs.trainings', defaultMessage: 'Formations' },
  settings: { id: 'bundles.tabs.settings', defaultMessage: 'Paramètres' },
  price: { id: 'bundles.tabs.price', defaultMessage: 'Prix' },
  description: { id: 'bundles.tabs.description', defaultMessage: 'Description' },
});

const SUFFIXES: Record<BundleTab, string> = { trainings: '', settings: '/parametres', price: '/prix', description: '/description' };

export interface BundleTabLink {
  tab: BundleTab;
  label: MessageDescriptor;
  href: string;
}

/** Address of one tab of a bundle (routes bundle, bundle_settings, bundle_price, bundle_description). */
export const bundleTabHref = (uuid: string, tab: BundleTab) => `/packs/${encodeURIComponent(uuid)}${SUFFIXES[tab]}`;

export const bundleTabs = (uuid: string): BundleTabLink[] =>
  (Object.keys(SUFFIXES) as BundleTab[]).map((tab) => ({ tab, label: labels[tab], href: bundleTabHref(uuid, tab) }));
