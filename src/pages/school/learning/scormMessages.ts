import { defineMessage, defineMessages } from 'react-intl';

/** A SCORM item in the player (issue 12, SCORM runtime); part of the learner area's catalogue. */
export const scormMessages = defineMessages({
  loading: { id: 'school.learning.scorm.loading', defaultMessage: 'Chargement du module…' },
  frameTitle: defineMessage<{ name: string }>({ id: 'school.learning.scorm.frame', defaultMessage: 'Module interactif : {name}' }),
  saving: { id: 'school.learning.scorm.saving', defaultMessage: 'Enregistrement de votre progression…' },
  saved: { id: 'school.learning.scorm.saved', defaultMessage: 'Progression enregistrée.' },
  finished: { id: 'school.learning.scorm.finished', defaultMessage: 'Module terminé : votre progression est enregistrée.' },
  score: defineMessage<{ score: number }>({ id: 'school.learning.scorm.score', defaultMessage: 'Score : {score, number} %' }),
  untracked: {
    id: 'school.learning.scorm.untracked',
    defaultMessage: "Le suivi de ce module n'est pas disponible dans cette école : il s'affiche, mais votre progression n'y est pas enregistrée.",
  },
  runtimeFailed: { id: 'school.learning.scorm.runtimeFailed', defaultMessage: "Le module n'a pas pu démarrer. Rechargez la page pour réessayer." },
  saveFailed: defineMessage<{ message: string }>({ id: 'school.learning.scorm.saveFailed', defaultMessage: "Votre progression n'a pas pu être enregistrée : {message}" }),
  retry: { id: 'school.learning.scorm.retry', defaultMessage: 'Réessayer' },
});
