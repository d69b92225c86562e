import { defineMessage, defineMessages } from 'react-intl';

export const schoolMessages = defineMessages({
  loading: { id: 'school.loading', defaultMessage: "Chargement de l'école…" },
  notFoundTitle: { id: 'school.notFound.title', defaultMessage: 'École introuvable' },
  notFound: { id: 'school.notFound.text', defaultMessage: "Aucune école ne se trouve à cette adresse. Vérifiez le lien que vous avez reçu." },
  unavailable: { id: 'school.unavailable', defaultMessage: "L'école ne répond pas pour le moment. Réessayez dans un instant." },
  retry: { id: 'school.retry', defaultMessage: 'Réessayer' },
  areaLabel: { id: 'school.areaLabel', defaultMessage: 'Espace apprenant' },
  homeLead: { id: 'school.home.lead', defaultMessage: 'Connectez-vous pour retrouver votre compte, ou créez-en un.' },
  catalogueSoon: {
    id: 'school.home.catalogueSoon',
    defaultMessage: 'Le catalogue des formations arrive bientôt dans cet espace. Merci de votre patience : en attendant, votre compte est prêt.',
  },
  signIn: { id: 'school.signIn', defaultMessage: 'Se connecter' },
  createAccount: { id: 'school.createAccount', defaultMessage: 'Créer un compte' },
  myAccount: { id: 'school.myAccount', defaultMessage: 'Mon compte' },
  loginTitle: { id: 'school.login.title', defaultMessage: 'Connexion' },
  loginLead: { id: 'school.login.lead', defaultMessage: 'Connectez-vous à votre espace apprenant.' },
  loggedOut: { id: 'school.login.loggedOut', defaultMessage: 'Vous êtes déconnecté.' },
  expired: { id: 'school.login.expired', defaultMessage: 'Votre session a expiré. Veuillez vous reconnecter.' },
  noAccount: { id: 'school.login.noAccount', defaultMessage: 'Pas encore de compte ?' },
  registerTitle: { id: 'school.register.title', defaultMessage: 'Créer mon compte apprenant' },
  registerLead: { id: 'school.register.lead', defaultMessage: "Un compte pour suivre vos formations dans cette école. Vous recevrez un e-mail pour l'activer." },
  registrationClosed: {
    id: 'school.register.closed',
    defaultMessage: "Les inscriptions sont fermées dans cette école : votre compte sera créé lors de l'achat d'une formation.",
  },
  lastname: { id: 'school.lastname', defaultMessage: 'Nom' },
  registerSubmit: { id: 'school.register.submit', defaultMessage: 'Créer mon compte' },
  registering: { id: 'school.register.pending', defaultMessage: 'Création de votre compte…' },
  activationDone: { id: 'school.activation.done', defaultMessage: 'Votre compte est activé. Bienvenue !' },
  activationChoosePassword: { id: 'school.activation.choosePassword', defaultMessage: 'Choisissez votre mot de passe pour activer votre compte.' },
  activationSubmit: { id: 'school.activation.submit', defaultMessage: 'Activer mon compte' },
  accountTitle: { id: 'school.account.title', defaultMessage: 'Mon compte' },
  accountToActivate: {
    id: 'school.account.toActivate',
    defaultMessage: "Votre compte n'est pas encore activé : ouvrez le lien que nous vous avons envoyé par e-mail.",
  },
  profileTitle: { id: 'school.account.profile', defaultMessage: 'Mon profil' },
  save: { id: 'school.account.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'school.account.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'school.account.saved', defaultMessage: 'Votre profil est enregistré.' },
  logout: { id: 'school.account.logout', defaultMessage: 'Se déconnecter' },
  loggingOut: { id: 'school.account.loggingOut', defaultMessage: 'Déconnexion…' },
  pageNotFound: { id: 'school.pageNotFound', defaultMessage: "Cette page n'existe pas dans l'espace apprenant." },
});

export const schoolNamedMessages = {
  homeTitle: defineMessage<{ name: string }>({ id: 'school.home.title', defaultMessage: 'Bienvenue sur {name}' }),
  homeGreeting: defineMessage<{ name: string }>({ id: 'school.home.greeting', defaultMessage: 'Bonjour {name}, vous êtes connecté.' }),
};
