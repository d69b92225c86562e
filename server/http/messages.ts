/**
 * Every sentence the server answers, in the two languages of the app. The client sends its
 * language in Accept-Language; French is the default (and what a plain string means).
 */
export type Locale = 'fr' | 'en';
export type Text = string | { fr: string; en: string };

export const localeOf = (acceptLanguage: string | undefined): Locale => (/^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'fr');
export const inLocale = (text: Text, locale: Locale) => (typeof text === 'string' ? text : text[locale]);

const t = (fr: string, en: string) => ({ fr, en });

export const messages = {
  // Validation (ajv keywords)
  required: t('Ce champ est obligatoire.', 'This field is required.'),
  unexpected: t("Ce champ n'est pas attendu.", 'This field is not expected.'),
  minLength: (n: number) => t(`Doit contenir au moins ${n} caractères.`, `Must be at least ${n} characters long.`),
  maxLength: (n: number) => t(`Doit contenir au plus ${n} caractères.`, `Must be at most ${n} characters long.`),
  type: (type: string) => t(`Type de valeur invalide (attendu : ${type}).`, `Invalid value type (expected: ${type}).`),
  enum: t('Cette valeur ne fait pas partie des choix possibles.', 'This value is not one of the allowed choices.'),
  minimum: (n: number) => t(`Doit être supérieur ou égal à ${n}.`, `Must be greater than or equal to ${n}.`),
  maximum: (n: number) => t(`Doit être inférieur ou égal à ${n}.`, `Must be less than or equal to ${n}.`),
  nothingToSave: t('Aucune donnée à enregistrer.', 'Nothing to save.'),
  minItems: (n: number) => t(`Choisissez au moins ${n} élément(s).`, `Choose at least ${n} item(s).`),
  maxItems: (n: number) => t(`Choisissez au plus ${n} élément(s).`, `Choose at most ${n} item(s).`),
  pattern: t("Le format n'est pas valide.", 'The format is not valid.'),
  invalidValue: t('Valeur invalide.', 'Invalid value.'),
  email: t("L'adresse e-mail n'est pas valide.", 'The e-mail address is not valid.'),
  uuid: t("L'identifiant n'est pas valide.", 'The identifier is not valid.'),
  date: t("La date n'est pas valide.", 'The date is not valid.'),
  uri: t("L'adresse n'est pas valide.", 'The address is not valid.'),
  bodyRequired: t('Le corps de la requête est obligatoire.', 'The request body is required.'),
  unreadableBody: t('Le corps de la requête est illisible (JSON attendu).', 'The request body cannot be read (JSON expected).'),
  tooLarge: t('La requête est trop volumineuse.', 'The request is too large.'),
  invalidInput: t('Les données envoyées ne sont pas valides.', 'The data sent is not valid.'),

  // Catalogue of spec section 8
  sessionExpired: t('Votre session a expiré, veuillez vous reconnecter.', 'Your session has expired, please sign in again.'),
  forbidden: t("Vous n'avez pas accès à cette ressource.", "You don't have access to this resource."),
  notFound: t("Cette ressource n'existe pas.", "This resource doesn't exist."),
  pageNotFound: t("Cette page n'existe pas.", "This page doesn't exist!"),
  conflict: t('Cette entrée existe déjà.', 'This entry already exists.'),
  tooManyRequests: t('Trop de tentatives. Réessayez dans quelques minutes.', 'Too many attempts. Try again in a few minutes.'),
  internal: t('Une erreur interne est survenue. Rechargez la page ou contactez le support.', 'An internal error occurred. Reload the page or contact support.'),
  databaseDown: t('La base de données ne répond pas.', 'The database is not answering.'),
  planRequired: t("Cette fonctionnalité n'est pas incluse dans votre offre.", 'This feature is not included in your plan.'),
  notImplemented: (operationId: string) =>
    t(`Cette fonctionnalité n'est pas encore disponible (${operationId}).`, `This feature is not available yet (${operationId}).`),

  // Auth
  wrongCredentials: t('Adresse e-mail ou mot de passe incorrect.', 'Wrong e-mail address or password.'),
  emailTaken: t('Un compte existe déjà avec cette adresse e-mail.', 'An account already exists with this e-mail address.'),
  disposableEmail: t('Les adresses e-mail temporaires ne sont pas acceptées.', 'Temporary e-mail addresses are not accepted.'),
  passwordsDiffer: t('Les mots de passe ne correspondent pas.', 'The passwords do not match.'),
  wrongCurrentPassword: t('Le mot de passe actuel est incorrect.', 'The current password is wrong.'),
  unknownResetLink: t('Ce lien de réinitialisation est inconnu, déjà utilisé ou expiré.', 'This reset link is unknown, already used or expired.'),
  unknownActivationLink: t("Ce lien d'activation est inconnu ou a expiré.", 'This activation link is unknown or has expired.'),
  passwordReset: t('Votre mot de passe a été modifié. Vous pouvez vous connecter.', 'Your password has been changed. You can sign in.'),
  resetMailMaybeSent: t(
    'Si un compte existe avec cette adresse, un e-mail de réinitialisation vient de lui être envoyé.',
    'If an account exists with this address, a reset e-mail has just been sent to it.',
  ),
  activationMailMaybeSent: t(
    "Si cette adresse attend son activation, un nouvel e-mail vient d'être envoyé.",
    'If this address is waiting for activation, a new e-mail has just been sent.',
  ),
  emailVerified: t('Votre adresse e-mail est confirmée.', 'Your e-mail address is confirmed.'),
  passwordChanged: t('Votre mot de passe a été modifié.', 'Your password has been changed.'),

  // Store settings
  subdomainTaken: t('Ce sous-domaine est déjà utilisé par un autre espace.', 'This subdomain is already used by another space.'),
  customDomainMissing: t("Renseignez d'abord un domaine personnalisé.", 'Enter a custom domain first.'),
  unknownFeatureOption: (name: string) => t(`L'option « ${name} » n'existe pas.`, `The option "${name}" does not exist.`),
  questionnaireUnreadable: t("Les réponses au questionnaire ne sont pas lisibles (JSON attendu).", 'The questionnaire answers cannot be read (JSON expected).'),
  questionnaireIncomplete: t(
    "Le questionnaire attend une réponse à chacune des six questions, dans l'ordre.",
    'The questionnaire expects an answer to each of the six questions, in order.',
  ),
  questionnaireMissing: (question: string) => t(`Ah, vous avez oublié quelque chose ! (${question})`, `Oops, you forgot something! (${question})`),
  questionnaireDetail: (question: string) => t(`Précisez votre réponse à la question ${question}.`, `Please give the detail of your answer to ${question}.`),
  questionnaireInvalid: (question: string) => t(`La réponse à la question ${question} n'est pas valide.`, `The answer to ${question} is not valid.`),
} as const;
