import { defineMessages } from 'react-intl';

/** Words every card of the settings tab shares. */
export const settingsMessages = defineMessages({
  save: { id: 'trainings.settings.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'trainings.settings.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'trainings.settings.saved', defaultMessage: 'Enregistré !' },
});
