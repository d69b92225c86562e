import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { components } from '../../api/schema.gen';

export type TrainingStatus = components['schemas']['TrainingStatus'];

/** Every status of a training (spec section 4), in the order the settings page offers them. */
export const TRAINING_STATUSES: readonly TrainingStatus[] = ['DRAFT', 'PUBLISHED', 'PRE_SALE', 'PRE_LAUNCH', 'CLOSED', 'UNLISTED', 'HIDDEN'];

/** One line saying what each status does for learners; the spec names the statuses only, this is our reading. */
export const trainingStatusExplanations: Record<TrainingStatus, MessageDescriptor> = defineMessages({
  DRAFT: { id: 'trainings.status.help.DRAFT', defaultMessage: 'Invisible pour les apprenants, vous la préparez en toute tranquillité.' },
  PUBLISHED: { id: 'trainings.status.help.PUBLISHED', defaultMessage: 'Visible dans votre catalogue, en vente et accessible aux inscrits.' },
  PRE_SALE: { id: 'trainings.status.help.PRE_SALE', defaultMessage: 'En vente avant sa sortie : les acheteurs y accèdent à son ouverture.' },
  PRE_LAUNCH: { id: 'trainings.status.help.PRE_LAUNCH', defaultMessage: 'Annoncée dans le catalogue, sans vente : les visiteurs découvrent la page.' },
  CLOSED: { id: 'trainings.status.help.CLOSED', defaultMessage: 'Plus de nouvelles inscriptions ; les inscrits gardent leur accès.' },
  UNLISTED: { id: 'trainings.status.help.UNLISTED', defaultMessage: 'Absente du catalogue mais en vente pour qui a le lien.' },
  HIDDEN: { id: 'trainings.status.help.HIDDEN', defaultMessage: 'Ni dans le catalogue ni en vente ; les inscrits gardent leur accès.' },
});

/** Short names of the statuses (header badge, settings choices). */
export const trainingStatusLabels: Record<TrainingStatus, MessageDescriptor> = defineMessages({
  DRAFT: { id: 'trainings.status.label.DRAFT', defaultMessage: 'Brouillon' },
  PUBLISHED: { id: 'trainings.status.label.PUBLISHED', defaultMessage: 'Publiée' },
  PRE_SALE: { id: 'trainings.status.label.PRE_SALE', defaultMessage: 'Prévente' },
  PRE_LAUNCH: { id: 'trainings.status.label.PRE_LAUNCH', defaultMessage: 'Prélancement' },
  CLOSED: { id: 'trainings.status.label.CLOSED', defaultMessage: 'Fermée' },
  UNLISTED: { id: 'trainings.status.label.UNLISTED', defaultMessage: 'Non répertoriée' },
  HIDDEN: { id: 'trainings.status.label.HIDDEN', defaultMessage: 'Masquée' },
});
