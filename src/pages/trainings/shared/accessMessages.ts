import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import type { AccessProblem, DripFrequency } from '../../../../shared/accessRules';

/** Labels of the access rules, shared by a training's settings tab and the trainings-settings table. */
export const accessMessages = defineMessages({
  maxCustomers: { id: 'trainings.access.maxCustomers', defaultMessage: 'Places' },
  maxCustomersHint: { id: 'trainings.access.maxCustomersHint', defaultMessage: 'Vide : illimité. Une fois atteint, la formation affiche « complet ».' },
  duration: { id: 'trainings.access.duration', defaultMessage: 'Durée d’accès (jours)' },
  durationHint: { id: 'trainings.access.durationHint', defaultMessage: 'Vide : à vie. Passé ce délai, l’apprenant est bloqué (expiration).' },
  endsAt: { id: 'trainings.access.endsAt', defaultMessage: 'Fin des inscriptions' },
  endsAtHint: { id: 'trainings.access.endsAtHint', defaultMessage: 'Vide : inscriptions ouvertes sans limite.' },
  drip: { id: 'trainings.access.drip', defaultMessage: 'Diffusion progressive' },
  dripNone: { id: 'trainings.access.drip.none', defaultMessage: 'Tout le contenu dès l’inscription' },
  certificate: { id: 'trainings.access.certificate', defaultMessage: 'Certificat de réussite' },
  certificateHint: { id: 'trainings.access.certificateHint', defaultMessage: 'Les apprenants qui terminent la formation reçoivent un certificat.' },
  unlimited: { id: 'trainings.access.unlimited', defaultMessage: 'Illimité' },
});

export const dripMessages: Record<DripFrequency, MessageDescriptor> = defineMessages({
  WEEKLY: { id: 'trainings.access.drip.WEEKLY', defaultMessage: 'Chaque semaine (7 jours)' },
  BIWEEKLY: { id: 'trainings.access.drip.BIWEEKLY', defaultMessage: 'Toutes les deux semaines (14 jours)' },
  MONTHLY: { id: 'trainings.access.drip.MONTHLY', defaultMessage: 'Chaque mois (30 jours)' },
});

/**
 * Shorter names for the narrow column of the trainings-settings table. "No drip" keeps the settings tab's
 * words (one message): a bare "Aucune" did not say that everything opens at once.
 */
export const dripShortMessages: Record<DripFrequency | 'none', MessageDescriptor> = {
  none: accessMessages.dripNone,
  ...defineMessages({
    WEEKLY: { id: 'trainings.access.dripShort.WEEKLY', defaultMessage: 'Chaque semaine' },
    BIWEEKLY: { id: 'trainings.access.dripShort.BIWEEKLY', defaultMessage: 'Toutes les 2 semaines' },
    MONTHLY: { id: 'trainings.access.dripShort.MONTHLY', defaultMessage: 'Chaque mois' },
  }),
};

export const accessProblemMessages: Record<AccessProblem, MessageDescriptor> = defineMessages({
  wholeNumber: { id: 'trainings.access.problem.wholeNumber', defaultMessage: 'Saisissez un nombre entier supérieur à 0, ou laissez vide.' },
  tooLong: { id: 'trainings.access.problem.tooLong', defaultMessage: 'Au plus 3650 jours (10 ans).' },
  date: { id: 'trainings.access.problem.date', defaultMessage: 'Saisissez une date et une heure.' },
});

export const DRIP_FREQUENCIES: readonly DripFrequency[] = ['WEEKLY', 'BIWEEKLY', 'MONTHLY'];

/** The access-rules form's own words: the card of a training's settings tab, and a row of /formations/parametres. */
export const accessFormMessages = defineMessages({
  cardClearEndsAt: { id: 'trainings.settings.clearEndsAt', defaultMessage: 'Effacer la fin des inscriptions' },
  rowSave: { id: 'trainings.rules.save', defaultMessage: 'Enregistrer' },
  rowSaving: { id: 'trainings.rules.saving', defaultMessage: 'Enregistrement…' },
  rowSaved: { id: 'trainings.rules.saved', defaultMessage: 'Enregistré' },
  rowClearEndsAt: { id: 'trainings.rules.clearEndsAt', defaultMessage: 'Effacer la fin des inscriptions' },
});
/** A row's field is named by its column and its training (the table has no visible labels per row). */
export const accessRowFieldLabel = defineMessage<{ field: string; name: string }>({ id: 'trainings.rules.fieldLabel', defaultMessage: '{field} — {name}' });
