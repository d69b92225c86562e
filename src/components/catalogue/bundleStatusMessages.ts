import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { components } from '../../api/schema.gen';

export type BundleStatus = components['schemas']['BundleStatus'];

/** Every status of a bundle (spec section 4), in the order the settings page offers them. */
export const BUNDLE_STATUSES: readonly BundleStatus[] = ['DRAFT', 'PUBLISHED', 'UNLISTED', 'HIDDEN'];

/** Short names of the statuses ("un pack": masculine). */
export const bundleStatusLabels: Record<BundleStatus, MessageDescriptor> = defineMessages({
  DRAFT: { id: 'bundles.status.label.DRAFT', defaultMessage: 'Brouillon' },
  PUBLISHED: { id: 'bundles.status.label.PUBLISHED', defaultMessage: 'Publié' },
  UNLISTED: { id: 'bundles.status.label.UNLISTED', defaultMessage: 'Non répertorié' },
  HIDDEN: { id: 'bundles.status.label.HIDDEN', defaultMessage: 'Masqué' },
});

/** What each status does for learners; the spec names the statuses only, this is our reading (as for trainings). */
export const bundleStatusExplanations: Record<BundleStatus, MessageDescriptor> = defineMessages({
  DRAFT: { id: 'bundles.status.help.DRAFT', defaultMessage: 'Invisible pour les apprenants, vous le préparez en toute tranquillité.' },
  PUBLISHED: { id: 'bundles.status.help.PUBLISHED', defaultMessage: 'Visible dans votre catalogue et en vente.' },
  UNLISTED: { id: 'bundles.status.help.UNLISTED', defaultMessage: 'Absent du catalogue mais en vente pour qui a le lien.' },
  HIDDEN: { id: 'bundles.status.help.HIDDEN', defaultMessage: 'Ni dans le catalogue ni en vente ; les acheteurs gardent leur accès.' },
});
