import { defineMessages } from 'react-intl';

/** Words many screens share. */
export const commonMessages = defineMessages({
  appName: { id: 'common.appName', defaultMessage: 'Plateforme de formation' },
  close: { id: 'common.close', defaultMessage: 'Fermer' },
  loading: { id: 'common.loading', defaultMessage: 'Chargement…' },
  email: { id: 'common.email', defaultMessage: 'Adresse e-mail' },
  password: { id: 'common.password', defaultMessage: 'Mot de passe' },
  showPassword: { id: 'common.showPassword', defaultMessage: 'Afficher le mot de passe' },
  hidePassword: { id: 'common.hidePassword', defaultMessage: 'Masquer le mot de passe' },
  language: { id: 'common.language', defaultMessage: 'Langue' },
  french: { id: 'common.french', defaultMessage: 'Français' },
  english: { id: 'common.english', defaultMessage: 'English' },
  networkLost: {
    id: 'common.networkLost',
    defaultMessage: 'Votre connexion internet a été perdue, veuillez actualiser la page.',
  },
  genericError: {
    id: 'common.genericError',
    defaultMessage: 'Une erreur est survenue. Rechargez la page ou contactez le support.',
  },
  backHome: { id: 'common.backHome', defaultMessage: "Retour à l'espace formateur" },
  retry: { id: 'common.retry', defaultMessage: 'Réessayer' },
});
