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
  blockFieldTooLong: t('Ce texte est trop long.', 'This text is too long.'),
  bodyRequired: t('Le corps de la requête est obligatoire.', 'The request body is required.'),
  unreadableBody: t('Le corps de la requête est illisible (JSON attendu).', 'The request body cannot be read (JSON expected).'),
  tooLarge: t('La requête est trop volumineuse.', 'The request is too large.'),
  invalidInput: t('Les données envoyées ne sont pas valides.', 'The data sent is not valid.'),
  unstorableText: t(
    'Ce texte contient un caractère non admis (caractère nul ou caractère Unicode incomplet).',
    'This text holds a character that is not allowed (a null character or an incomplete Unicode character).',
  ),

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

  // Captcha (server/thirdParty/captcha.ts)
  captchaMissing: t('Cochez la vérification anti-robot avant d’envoyer le formulaire.', 'Complete the anti-robot check before sending the form.'),
  captchaFailed: t(
    'La vérification anti-robot a échoué ou a expiré. Recommencez-la, puis envoyez le formulaire à nouveau.',
    'The anti-robot check failed or expired. Do it again, then send the form again.',
  ),
  captchaUnavailable: t(
    'La vérification anti-robot est momentanément indisponible. Réessayez dans quelques minutes.',
    'The anti-robot check is unavailable for the moment. Try again in a few minutes.',
  ),
  noSupportEmail: t("Aucune adresse de support n'est configurée.", 'No support address is configured.'),

  // Learner accounts (the learner area of a school)
  registrationClosed: t(
    "Les inscriptions sont fermées dans cette école : vous aurez un compte en achetant une formation.",
    'Registration is closed in this school: you will get an account when you buy a training.',
  ),
  learnerEmailTaken: t(
    'Un compte existe déjà avec cette adresse dans cette école. Connectez-vous, ou choisissez « Mot de passe oublié ».',
    'An account already exists with this address in this school. Sign in, or choose "Forgot your password".',
  ),
  choosePassword: t('Choisissez un mot de passe pour activer votre compte.', 'Choose a password to activate your account.'),
  unsubscribeLinkInvalid: t('Ce lien de désinscription n’est pas valable pour cette école.', 'This unsubscribe link is not valid for this school.'),
  unsubscribed: t('C’est noté : vous ne recevrez plus les e-mails automatiques de cette école.', 'Done: you will no longer receive this school’s automatic e-mails.'),
  learnerActivationMailMaybeSent: t(
    "Si un compte de cette école attend son activation à cette adresse, un nouvel e-mail vient d'être envoyé.",
    'If an account of this school waits for activation at this address, a new e-mail has just been sent.',
  ),
  passwordChanged: t('Votre mot de passe a été modifié.', 'Your password has been changed.'),

  // Following a training (the learner area's lessons, quizzes and progress)
  noAccessToPage: t("Vous n'avez pas accès à cette page : vous ne suivez pas cette formation.", "You have no access to this page: you do not follow this training."),
  accessBlockedByTeacher: t(
    "Votre accès à cette formation a été suspendu par l'équipe pédagogique. Contactez-la pour le retrouver.",
    'Your access to this training was suspended by the teaching team. Contact them to get it back.',
  ),
  accessExpired: t("Votre accès à cette formation a expiré.", 'Your access to this training has expired.'),
  lessonLocked: {
    DATE: t('Cette leçon sera disponible plus tard.', 'This lesson will be available later.'),
    PREVIOUS_ITEM: t("Terminez d'abord la leçon précédente pour débloquer celle-ci.", 'Finish the previous lesson first to unlock this one.'),
    QUIZ_SCORE: t("Obtenez le score minimum au quiz précédent pour débloquer cette leçon.", 'Reach the minimum score in the previous quiz to unlock this lesson.'),
    TASKS: t('Terminez les tâches précédentes pour débloquer cette leçon.', 'Finish the previous tasks to unlock this lesson.'),
    ASSIGNMENT: t("Votre devoir doit être rendu et validé par l'équipe pédagogique pour débloquer cette leçon.", 'Your assignment must be handed in and accepted by the teaching team to unlock this lesson.'),
    MANUAL: t("Cette leçon sera débloquée par l'équipe pédagogique.", 'This lesson will be unlocked by the teaching team.'),
  },
  lessonOpensOn: (date: string) => t(`Cette leçon sera disponible le ${date}.`, `This lesson will be available on ${date}.`),
  completeTooSoon: (seconds: number) =>
    t(`Restez encore ${seconds} s sur cette leçon avant de la marquer comme terminée.`, `Stay ${seconds} more seconds on this lesson before marking it as done.`),
  tasksUnfinished: t('Cochez toutes les tâches pour terminer cette leçon.', 'Tick every task to finish this lesson.'),
  completedByOwnCall: t('Un quiz se termine en le réussissant, un devoir une fois validé.', 'A quiz completes when passed, an assignment once accepted.'),
  tasksOnlyForTasks: t("Cette leçon n'a pas de tâches à cocher.", 'This lesson has no tasks to tick.'),
  unknownTask: t("Cette tâche n'existe pas dans la leçon.", 'This task is not in the lesson.'),
  scormRuntimeNotScorm: t("Cet élément n'est pas un module SCORM.", 'This item is not a SCORM module.'),
  scormCmiTooLarge: (kibibytes: number) =>
    t(`Les données du module SCORM dépassent ${kibibytes} Kio et ne peuvent pas être enregistrées.`, `The SCORM module's data is over ${kibibytes} KiB and cannot be saved.`),
  quizAnswerEveryQuestion: t('Choisissez au moins une réponse à chaque question.', 'Choose at least one answer to each question.'),
  quizUnknownQuestion: t("Cette question ne fait pas partie du quiz.", 'This question is not part of the quiz.'),
  quizUnknownChoice: t("Cette réponse ne fait pas partie de la question.", 'This answer is not one of the question.'),
  quizSingleChoice: t('Une seule réponse est possible à cette question.', 'Only one answer is possible to this question.'),
  noAttemptsLeft: t("Vous avez utilisé toutes vos tentatives pour ce quiz.", 'You have used all your attempts at this quiz.'),
  notAQuiz: t("Cette leçon n'est pas un quiz.", 'This lesson is not a quiz.'),

  // Store settings
  subdomainTaken: t('Ce sous-domaine est déjà utilisé par un autre espace.', 'This subdomain is already used by another space.'),
  subdomainReserved: t('Ce sous-domaine est réservé : choisissez-en un autre.', 'This subdomain is reserved: choose another one.'),
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

  // Trainings (catalogue core: list, settings, authors, duplication)
  trainingNotInStore: t("Cette formation n'existe pas dans votre espace.", 'This training does not exist in your space.'),
  taskLabelBlank: t('Le texte de la tâche est obligatoire.', 'The task text is required.'),
  listedTwice: t('Cet élément est cité plusieurs fois.', 'This entry is listed more than once.'),
  trainingSlugTaken: t('Cette adresse est déjà utilisée par une autre formation.', 'This address is already used by another training.'),
  notATeamMember: t("Cet utilisateur ne fait pas partie de l'équipe.", 'This user is not a member of the team.'),
  trainingHasPayingCustomers: t(
    'Des clients ont payé cette formation : elle ne peut pas être supprimée. Fermez-la ou masquez-la plutôt.',
    'Customers have paid for this training: it cannot be deleted. Close or hide it instead.',
  ),

  // Bundles (packs)
  bundleSlugTaken: t('Cette adresse est déjà utilisée par un autre pack.', 'This address is already used by another bundle.'),
  bundleUnknownTrainings: t("Certaines formations n'existent pas dans votre espace.", 'Some trainings do not exist in your space.'),
  bundleTrainingAlreadyIn: t('Cette formation fait déjà partie du pack.', 'This training is already in the bundle.'),
  bundleFull: (max: number) => t(`Un pack contient au plus ${max} formations.`, `A bundle holds at most ${max} trainings.`),
  bundleHasBuyers: t(
    'Des clients ont acheté ce pack : il ne peut pas être supprimé. Masquez-le plutôt.',
    'Customers have bought this bundle: it cannot be deleted. Hide it instead.',
  ),
  bundlesOrderIncomplete: t(
    "L'ordre doit citer chacun des packs de l'espace, une fois, et eux seuls.",
    "The order must name each of the space's bundles once, and only them.",
  ),
  bundleItemsOrderIncomplete: t(
    "L'ordre doit citer chacune des formations du pack, une fois, et elles seules.",
    "The order must name each of the bundle's trainings once, and only them.",
  ),
  webAddressOnly: t('Indiquez une adresse web (https://…).', 'Enter a web address (https://…).'),
  oneLineOnly: t('Écrivez ce titre sur une seule ligne.', 'Write this title on a single line.'),

  // A training's learners, comments and statistics (trainingLearners)
  alreadyEnrolled: t('Ce client est déjà inscrit à cette formation.', 'This customer is already enrolled in this training.'),
  trainingFull: t("Cette formation a atteint son nombre maximum d'apprenants.", 'This training has reached its maximum number of learners.'),
  notEnrolled: t("Ce client n'est pas inscrit à cette formation (panier abandonné).", 'This customer is not enrolled in this training (abandoned cart).'),
  // Customers and CRM (issue 14).
  customerEmailTaken: t('Un apprenant de votre espace utilise déjà cette adresse e-mail.', 'A learner of your store already uses this e-mail address.'),
  crmTagEmpty: t('Saisissez au moins une étiquette.', 'Enter at least one tag.'),
  storeTagEmpty: t("Saisissez le nom de l'étiquette.", 'Enter the name of the tag.'),
  storeTagTaken: t('Une autre étiquette de vos formations porte déjà ce nom.', 'Another tag of your trainings already has this name.'),
  crmNoteEmpty: t('La note ne peut pas être vide.', 'The note cannot be empty.'),
  crmHistoryReadOnly: t(
    "Les notes d'historique sont écrites par la plateforme : elles ne se modifient ni ne se suppriment.",
    'History notes are written by the platform: they cannot be edited or deleted.',
  ),
  birthdateInFuture: t('La date de naissance ne peut pas être dans le futur.', 'The birth date cannot be in the future.'),
  customersExport: {
    email: t('E-mail', 'E-mail'),
    firstname: t('Prénom', 'First name'),
    lastname: t('Nom', 'Last name'),
    phone: t('Téléphone', 'Phone'),
    createdAt: t('Inscrit le', 'Signed up on'),
    lastConnectionAt: t('Dernière connexion', 'Last connection'),
    trainings: t('Formations', 'Trainings'),
    tags: t('Étiquettes', 'Tags'),
    sheet: t('Apprenants', 'Learners'),
  },
  transactionNotCancellable: t(
    'Seuls les paiements à venir ou en brouillon peuvent être annulés.',
    'Only upcoming or draft payments can be cancelled.',
  ),
  transactionNotRefundable: t(
    'Seul un paiement encaissé peut être remboursé.',
    'Only a payment that was taken can be refunded.',
  ),
  transactionAlreadyRefunded: t(
    'Ce paiement a déjà été remboursé (ou son remboursement est en cours).',
    'This payment has already been refunded (or its refund is under way).',
  ),
  refundProviderUnavailable: t(
    "Le moyen de paiement de ce paiement n'est plus relié à la boutique : remboursez-le depuis votre compte Stripe ou PayPal.",
    'The payment method of this payment is no longer linked to the store: refund it from your Stripe or PayPal account.',
  ),
  transactionBeingCharged: t(
    'Ce paiement est en cours de prélèvement : réessayez dans quelques minutes.',
    'This payment is being charged: try again in a few minutes.',
  ),
  activityLog: {
    at: t('Date', 'Date'),
    event: t('Événement', 'Event'),
    training: t('Formation', 'Training'),
    item: t('Élément', 'Item'),
    detail: t('Détail', 'Detail'),
    connection: t('Connexion', 'Connection'),
    completed: t('Élément terminé', 'Item completed'),
    quiz: t('Quiz passé', 'Quiz taken'),
    submitted: t('Devoir rendu', 'Assignment handed in'),
    corrected: t('Devoir corrigé', 'Assignment corrected'),
    feedback: t('Avis donné', 'Feedback given'),
  },
  abandonedCartsExport: {
    email: t('E-mail', 'E-mail'),
    firstname: t('Prénom', 'First name'),
    lastname: t('Nom', 'Last name'),
    product: t('Produit', 'Product'),
    amount: t('Montant (€)', 'Amount (€)'),
    createdAt: t('Commande du', 'Ordered on'),
  },
  expiryInPast: t("La date d'expiration doit être dans le futur.", 'The expiry date must be in the future.'),
  chapterHasNoLock: t(
    "Un chapitre n'a pas de verrou : débloquez l'une de ses leçons.",
    'A chapter has no lock of its own: unblock one of its lessons.',
  ),
  // Completion certificates
  certificatesOff: t(
    'Les certificats de réalisation ne sont pas activés pour cette formation.',
    'Completion certificates are not enabled for this training.',
  ),
  certificateNotCompleted: t(
    "Le certificat n'est disponible qu'une fois la formation terminée.",
    'The certificate is only available once the training is completed.',
  ),
  // Learner-side preview (spec 8 "preview link broken")
  previewLinkBroken: t(
    "Ce lien d'aperçu n'est plus valable : rouvrez l'aperçu depuis l'éditeur.",
    'This preview link is no longer valid: open the preview again from the editor.',
  ),
  commentEmpty: t('Le commentaire ne peut pas être vide.', 'The comment cannot be empty.'),
  commentParentUnknown: t("Le commentaire auquel vous répondez n'existe pas sous cette leçon.", 'The comment you reply to does not exist under this lesson.'),
  periodReversed: t('La date de début doit précéder la date de fin.', 'The start date must come before the end date.'),
  periodTooLong: (years: number) => t(`La période ne peut pas dépasser ${years} ans.`, `The period cannot exceed ${years} years.`),
  unknownTimeZone: t('Ce fuseau horaire est inconnu.', 'This time zone is unknown.'),
  csvWrongType: t(
    'Seuls les fichiers CSV et Excel (.xlsx) sont acceptés : enregistrez votre tableur dans l’un de ces formats.',
    'Only CSV and Excel (.xlsx) files are accepted: save your spreadsheet in one of these formats.',
  ),
  xlsxUnreadable: t(
    'Ce classeur Excel est illisible : enregistrez-le de nouveau au format .xlsx ou CSV.',
    'This Excel workbook cannot be read: save it again as .xlsx or CSV.',
  ),
  csvNoEmailColumn: t(
    'La première ligne doit nommer les colonnes email, firstname et lastname.',
    'The first line must name the columns email, firstname and lastname.',
  ),
  csvUnstorable: (line: number) =>
    t(
      `Le fichier contient un caractère invalide (caractère nul ou mal encodé) à la ligne ${line} : corrigez cette ligne ou enregistrez le fichier de nouveau au format CSV.`,
      `The file holds an invalid character (a NUL or a badly encoded one) on line ${line}: fix that line or save the file again as CSV.`,
    ),
  csvNoLines: t('Le fichier ne contient aucun apprenant.', 'The file holds no learner.'),
  csvTooManyLines: (max: number) =>
    t(`Le fichier dépasse ${max.toLocaleString('fr-FR')} lignes : découpez-le en plusieurs imports.`, `The file has more than ${max.toLocaleString('en')} lines: split it into several imports.`),
  importUnreadableLine: t('Ligne illisible (guillemet non fermé).', 'Unreadable line (unclosed quote).'),
  importBadEmail: t('Adresse e-mail invalide.', 'Invalid e-mail address.'),
  importDuplicate: (line: number) => t(`Adresse déjà présente à la ligne ${line}.`, `Address already on line ${line}.`),
  importNameTooLong: t('Prénom ou nom de plus de 64 caractères.', 'First or last name longer than 64 characters.'),
  importFull: t("Formation complète : nombre maximum d'apprenants atteint.", 'Training full: maximum number of learners reached.'),
  // Files: multipart bodies, uploads, SCORM packages, preview tokens (storage-uploads-scorm)
  multipartExpected: t('Le corps de la requête doit être un formulaire multipart/form-data.', 'The request body must be a multipart/form-data form.'),
  unreadableMultipart: t("Le formulaire envoyé est illisible ou incomplet.", 'The form sent is unreadable or incomplete.'),
  uploadsBusy: t("Trop d'envois de fichiers sont en cours : réessayez dans quelques secondes.", 'Too many files are being sent right now: try again in a few seconds.'),
  tooManyParts: t('Le formulaire contient trop de champs ou de fichiers.', 'The form holds too many fields or files.'),
  fileExpected: t('Un fichier est attendu dans ce champ.', 'A file is expected in this field.'),
  fileTooLarge: (megabytes: number) =>
    t(`Le fichier est trop volumineux (${megabytes.toLocaleString('fr-FR')} Mo au maximum).`, `The file is too large (${megabytes.toLocaleString('en-US')} MB at most).`),
  fileTypeRefused: (accepted: string) =>
    t(`Ce type de fichier n'est pas accepté ici (acceptés : ${accepted}).`, `This file type is not accepted here (accepted: ${accepted}).`),
  fileSizeRequired: t('Indiquez la taille du fichier.', 'Give the size of the file.'),
  uploadLinkInvalid: t("Ce lien d'envoi est invalide ou a expiré.", 'This upload link is invalid or has expired.'),
  uploadsInFlight: (max: number) =>
    t(
      `Vous envoyez déjà ${max} fichiers en même temps : attendez la fin de l'un d'eux, puis réessayez.`,
      `You are already sending ${max} files at once: wait for one of them to finish, then try again.`,
    ),
  uploadAlreadyDone: t('Ce fichier a déjà été envoyé avec ce lien.', 'A file was already sent with this link.'),
  uploadContentTypeMismatch: (expected: string) =>
    t(`Le fichier doit être envoyé avec le type ${expected}.`, `The file must be sent with the type ${expected}.`),
  fileNotFound: t("Ce fichier n'existe pas.", "This file doesn't exist."),
  scormNotZip: t("Le fichier n'est pas une archive .zip.", 'The file is not a .zip archive.'),
  scormOverCompressed: (ratio: number) =>
    t(
      `L'archive se décompresse à plus de ${ratio} fois sa taille : elle ne ressemble pas à un paquet SCORM.`,
      `The archive unpacks to more than ${ratio} times its size: it does not look like a SCORM package.`,
    ),
  scormOverlapping: t(
    "L'archive .zip est malformée : plusieurs de ses fichiers partagent les mêmes octets.",
    'The .zip archive is malformed: several of its files share the same bytes.',
  ),
  storageQuotaFull: (usedMegabytes: number, quotaMegabytes: number) =>
    t(
      `L'espace de stockage de votre école est plein : ${usedMegabytes.toLocaleString('fr-FR')} Mo utilisés sur ${quotaMegabytes.toLocaleString('fr-FR')} Mo. Supprimez des fichiers ou changez d'offre.`,
      `Your school's storage is full: ${usedMegabytes.toLocaleString('en-US')} MB used out of ${quotaMegabytes.toLocaleString('en-US')} MB. Delete files or change plans.`,
    ),
  scormCorrupt: t("L'archive .zip est endommagée ou incomplète.", 'The .zip archive is damaged or incomplete.'),
  scormTooLarge: (megabytes: number) =>
    t(
      `Le paquet SCORM décompressé dépasse ${megabytes.toLocaleString('fr-FR')} Mo, ou contient un fichier anormalement compressé.`,
      `The unpacked SCORM package exceeds ${megabytes.toLocaleString('en-US')} MB, or holds an abnormally compressed file.`,
    ),
  scormTooManyFiles: (max: number) =>
    t(`Le paquet SCORM contient plus de ${max.toLocaleString('fr-FR')} fichiers.`, `The SCORM package holds more than ${max.toLocaleString('en-US')} files.`),
  scormUnsafePath: (name: string) =>
    t(
      `Le paquet contient un chemin dangereux (${name}) : chemin absolu, « .. », barre oblique inversée ou lien symbolique.`,
      `The package holds an unsafe path (${name}): absolute path, "..", backslash or symbolic link.`,
    ),
  scormNameClash: (name: string) =>
    t(
      `Le paquet contient deux fois le nom ${name} (en fichier et en dossier, ou à la casse près) : il ne peut pas être décompressé.`,
      `The package holds the name ${name} twice (as a file and a folder, or differing only in case): it cannot be unpacked.`,
    ),
  scormNotScormItem: t("Seul un élément SCORM reçoit un paquet SCORM.", 'Only a SCORM item takes a SCORM package.'),
  scormEncrypted: t("Le paquet contient des fichiers chiffrés, qui ne peuvent pas être lus.", 'The package holds encrypted files, which cannot be read.'),
  scormNoManifest: t(
    "Ce n'est pas un paquet SCORM : le fichier imsmanifest.xml est absent de la racine de l'archive.",
    'This is not a SCORM package: imsmanifest.xml is missing from the root of the archive.',
  ),
  scormBadManifest: t("Le fichier imsmanifest.xml est illisible.", 'The imsmanifest.xml file cannot be read.'),
  scormManifestTooLarge: (megabytes: number) =>
    t(
      `Le fichier imsmanifest.xml est trop volumineux (${megabytes.toLocaleString('fr-FR')} Mo au maximum).`,
      `The imsmanifest.xml file is too large (${megabytes.toLocaleString('en-US')} MB at most).`,
    ),
  scormUnknownVersion: t('Version SCORM non reconnue : seules les versions 1.2 et 2004 sont acceptées.', 'Unknown SCORM version: only 1.2 and 2004 are accepted.'),
  scormNoLaunch: t(
    "Le manifeste n'indique aucune page de lancement présente dans le paquet.",
    'The manifest names no launch page inside the package.',
  ),
  parentNotSection: t("Ce chapitre n'existe pas dans cette formation.", 'This section does not exist in this training.'),

  // Training items: the outline, item settings, duplication and reordering (server-items)
  sectionAtTopLevel: t('Un chapitre se place toujours au premier niveau du plan.', 'A section always sits at the top level of the outline.'),
  moveThroughReordering: t(
    "Pour changer un élément de chapitre, déplacez-le dans le plan (réorganisation).",
    'To move an item to another section, drag it in the outline (reordering).',
  ),
  notForSections: t("Un chapitre n'a pas ce réglage.", 'A section does not have this setting.'),
  blockingTypes: t(
    'Seuls un quiz, une liste de tâches ou un devoir peuvent bloquer la suite de la formation.',
    'Only a quiz, a task list or an assignment can hold back the rest of the training.',
  ),
  unlockDateRequired: t('Choisissez la date de déblocage.', 'Choose the unlock date.'),
  unlockDelayRequired: t('Indiquez le délai de déblocage en jours.', 'Enter the unlock delay in days.'),
  unlockDateOnlyForDate: t('Une date de déblocage ne sert qu’au déblocage à une date.', 'An unlock date only applies to unlocking on a date.'),
  unlockDelayOnlyForDelay: t('Un délai de déblocage ne sert qu’au déblocage après un délai.', 'An unlock delay only applies to unlocking after a delay.'),
  contentUnreadable: t("Le contenu de la leçon n'est pas une liste de blocs lisible.", 'The lesson content is not a readable list of blocks.'),
  contentTooManyBlocks: (max: number) => t(`Une leçon contient au plus ${max} blocs.`, `A lesson holds at most ${max} blocks.`),
  blockerItem: t(
    'Choisissez un élément placé avant celui-ci, du type attendu (quiz, liste de tâches ou devoir).',
    'Choose an item placed before this one, of the expected type (quiz, task list or assignment).',
  ),
  blockerScoreOnlyForQuiz: t('Un score minimum ne sert qu’à un quiz.', 'A minimum score only applies to a quiz.'),
  urlNotHttps: t('Seules les adresses https:// peuvent être lues.', 'Only https:// addresses can be read.'),
  urlNotPublic: t('Cette adresse mène à un réseau privé : elle ne peut pas être lue.', 'This address leads to a private network: it cannot be read.'),
  urlUnreadable: t('Cette adresse ne peut pas être lue pour le moment.', 'This address cannot be read right now.'),
  resourceNotUploaded: t(
    'Ce fichier n’a pas été envoyé pour cette formation (envoi de type ressource).',
    'This file was not uploaded for this training (resource upload).',
  ),
  tooManyResources: (max: number) => t(`Un élément a au plus ${max} ressources.`, `An item has at most ${max} resources.`),
  resourcesIncomplete: t(
    'La liste ne correspond plus aux ressources de l’élément : rechargez la page.',
    "The list no longer matches the item's resources: reload the page.",
  ),
  bannerSize: t('Une bannière mesure exactement 728 × 200 pixels.', 'A banner is exactly 728 × 200 pixels.'),
  quoteEmpty: t('Une citation a besoin d’un texte.', 'A quote needs a text.'),
  markdownHtml: t('Le Markdown ne peut pas contenir de HTML.', 'Markdown may not hold HTML.'),
  timecode: t('Le code temporel doit s’écrire MM:SS ou HH:MM:SS.', 'The timecode must be written MM:SS or HH:MM:SS.'),
  timecodeOrder: t('Ce code temporel doit être après le précédent.', 'This timecode must come after the previous one.'),
  contentTwice: t('Envoyez le contenu sous une seule forme : blocks ou content.', 'Send the content in one form only: blocks or content.'),
  versionConflict: t(
    'Cet élément a été modifié entre-temps par quelqu’un d’autre.',
    'This item was changed in the meantime by someone else.',
  ),
  specificContentNone: t("Ce type d'élément n'a pas de réglages particuliers.", 'This type of item has no specific settings.'),
  specificContentScorm: t('Les réglages d’un paquet SCORM viennent de son fichier.', 'The settings of a SCORM package come from its file.'),
  quizQuestionUnknown: t('Cette question ne fait pas partie de ce quiz : rechargez la page.', 'This question is not part of this quiz: reload the page.'),
  quizChoiceUnknown: t('Cette réponse ne fait pas partie de cette question : rechargez la page.', 'This answer is not part of this question: reload the page.'),
  quizNoCorrectChoice: t('Cochez au moins une bonne réponse.', 'Tick at least one correct answer.'),
  quizSingleOneCorrect: t('Une question à choix unique a exactement une bonne réponse.', 'A single-choice question has exactly one correct answer.'),
  quizMediaNotUploaded: t(
    "Ce fichier n'a pas été envoyé pour cette formation (média de quiz) : envoyez-le à nouveau.",
    'This file was not uploaded for this training (quiz media): upload it again.',
  ),
  quizCsv: {
    learner: t('Apprenant', 'Learner'),
    email: t('E-mail', 'E-mail'),
    attempt: t('Tentative', 'Attempt'),
    date: t('Date', 'Date'),
    score: t('Score (%)', 'Score (%)'),
    result: t('Résultat', 'Result'),
    correctAnswers: t('Bonnes réponses', 'Correct answers'),
    passed: t('Réussi', 'Passed'),
    failed: t('Échoué', 'Failed'),
  },
  outlineIncomplete: t(
    'Le plan envoyé ne correspond plus à celui de la formation (éléments manquants ou inconnus) : rechargez la page.',
    "The outline sent no longer matches the training's (missing or unknown items): reload the page.",
  ),
  outlineUnknownParent: (id: number) => t(`Le chapitre ${id} ne fait pas partie de ce plan.`, `Section ${id} is not part of this outline.`),
  outlineParentNotSection: (id: number) => t(`L'élément ${id} n'est pas un chapitre.`, `Item ${id} is not a section.`),
  outlinePositions: t(
    'Dans chaque chapitre, les positions vont de 0 à n-1, sans trou ni doublon.',
    'In each section, positions run from 0 to n-1, without gaps or duplicates.',
  ),
  // Assignments (issue #10)
  assignmentNotWaiting: t(
    'Ce devoir n’attend pas de correction : il a déjà été corrigé ou le participant doit le rendre à nouveau.',
    'This assignment is not waiting for a correction: it was already corrected, or the learner must hand it in again.',
  ),
  assignmentNotOpen: t(
    'Ce devoir ne peut pas être rendu maintenant : il attend une correction ou il est déjà validé.',
    'This assignment cannot be handed in now: it is waiting for a correction or already accepted.',
  ),
  correctionRequired: t(
    'Expliquez au participant ce qu’il doit reprendre avant de refuser son devoir.',
    'Tell the learner what to rework before rejecting their assignment.',
  ),
  submissionEmpty: t('Rendez un texte ou au moins un fichier.', 'Hand in a text or at least one file.'),
  tooManyFiles: (max: number) =>
    t(
      max === 0 ? 'Ce devoir ne prend pas de fichier : rendez un texte.' : `Ce devoir prend au plus ${max} fichier${max > 1 ? 's' : ''}.`,
      max === 0 ? 'This assignment takes no file: hand in a text.' : `This assignment takes at most ${max} file${max > 1 ? 's' : ''}.`,
    ),
  submissionFileUnknown: t(
    'Ce fichier n’a pas été envoyé depuis votre espace ou son envoi n’est pas terminé : envoyez-le à nouveau.',
    'This file was not uploaded from your area or its upload did not finish: upload it again.',
  ),
  // Lesson feedback (issue 12)
  feedbackDisabled: t('Cette formation ne recueille pas d’avis sur les leçons.', 'This training does not collect feedback on lessons.'),
  feedbackRatingDisabled: t('Cette formation ne demande pas de note.', 'This training does not ask for a rating.'),
  feedbackCommentDisabled: t('Cette formation ne demande pas de commentaire.', 'This training does not ask for a comment.'),
  feedbackEmpty: t('Donnez une note ou un commentaire.', 'Give a rating or a comment.'),
  feedbackRequired: t(
    'Donnez votre avis sur cette leçon avant de la marquer comme terminée.',
    'Give your feedback on this lesson before marking it as done.',
  ),

  // Payment providers
  stripeUnavailable: t(
    "Le paiement par carte (Stripe) n'est pas configuré sur cette plateforme.",
    'Card payments (Stripe) are not configured on this platform.',
  ),
  // Platform billing (plan page, issue 15)
  perkCodeUnknown: t("Ce code partenaire n'existe pas ou a déjà été utilisé.", 'This partner code does not exist or has already been used.'),
  alreadySubscribed: t('Vous êtes déjà abonné à cette offre avec cette fréquence.', 'You are already subscribed to this plan at this frequency.'),
  subscriptionRequired: t(
    "Les comptes utilisateurs supplémentaires s'ajoutent à un abonnement PRO ou EXPERT : souscrivez d'abord une offre.",
    'Extra user accounts come with a PRO or EXPERT subscription: subscribe to a plan first.',
  ),
  noSubscription: t("Vous n'avez pas d'abonnement payant à résilier.", 'You have no paid subscription to cancel.'),
  billingUnavailable: t(
    "Le paiement de l'abonnement n'est pas disponible pour le moment. Réessayez plus tard ou contactez le support.",
    'Paying for the subscription is not available right now. Try again later or contact support.',
  ),
  stripeUnreachable: t('Stripe ne répond pas pour le moment. Réessayez dans quelques instants.', 'Stripe is not answering right now. Try again in a moment.'),
  paypalUnavailable: t("PayPal n'est pas configuré sur cette plateforme.", 'PayPal is not configured on this platform.'),
  paypalUnreachable: t('PayPal ne répond pas pour le moment.', 'PayPal is not answering right now.'),
  webhookSignature: t("La signature de l'envoi n'est pas valide.", "The delivery's signature is not valid."),
  // The storefront (issue 11, spec 8's learner messages)
  catalogueNotFound: t("Cette formation ou ce pack n'existe pas ou n'est pas disponible.", 'This training or bundle does not exist or is not available.'),
  // Promo codes and the sales ledger (issue 11)
  discountCodeTaken: (code: string) =>
    t(`Le code « ${code} » existe déjà dans votre espace (majuscules et minuscules ne comptent pas).`, `The code "${code}" already exists in your store (case does not matter).`),
  discountCodeShape: t(
    'Le code contient de 3 à 32 lettres sans accent, chiffres, tirets (-) ou soulignés (_).',
    'The code holds 3 to 32 letters without accents, digits, dashes (-) or underscores (_).',
  ),
  discountPercentTooHigh: t('Un pourcentage de réduction va de 1 à 100 %.', 'A percentage discount runs from 1 to 100 %.'),
  discountPercentWhole: t('Un pourcentage de réduction est au moins de 1 %.', 'A percentage discount is at least 1 %.'),
  discountAmountCents: t('Un montant se donne en euros, au centime près.', 'An amount is given in euros, to the cent.'),
  discountEndsBeforeStart: t('La date de fin doit venir après la date de début.', 'The end date must come after the start date.'),
  discountBuyableUnknown: t(
    "Cette formation ou ce pack n'existe pas (ou plus) dans votre espace.",
    'This training or bundle does not exist (any more) in your store.',
  ),
  discountBuyableTwice: t('Cette formation ou ce pack est déjà dans la liste.', 'This training or bundle is already in the list.'),
  salesCsv: {
    date: t('Date', 'Date'),
    buyer: t('Acheteur', 'Buyer'),
    email: t('E-mail', 'E-mail'),
    product: t('Produit', 'Product'),
    amount: t('Montant (€)', 'Amount (€)'),
    discount: t('Réduction (€)', 'Discount (€)'),
    code: t('Code promo', 'Promo code'),
    method: t('Moyen de paiement', 'Payment method'),
    status: t('Statut', 'Status'),
    affiliate: t('Affilié', 'Affiliate'),
    deletedProduct: t('Offre supprimée', 'Deleted offer'),
    methods: { CARD: t('Carte', 'Card'), PAYPAL: t('PayPal', 'PayPal'), FREE: t('Gratuit', 'Free') },
    statuses: {
      DRAFT: t('Brouillon', 'Draft'),
      PAID: t('Payée', 'Paid'),
      FAILED: t('Échouée', 'Failed'),
      INCOMING: t('À venir', 'Upcoming'),
      IN_PROGRESS: t('En cours', 'In progress'),
      ABANDONED: t('Abandonnée', 'Abandoned'),
    },
  },
  // Checkout (issue 11): the learner messages of spec 4 (training or bundle not found or unavailable, registration
  // closed, training full, enrollment closed, promo code not usable, missing payment information).
  buyableUnavailable: t('Cette formation ou ce pack est introuvable ou indisponible.', 'This training or bundle cannot be found or is unavailable.'),
  checkoutRegistrationClosed: t('Les inscriptions à cette formation sont fermées.', 'Registration for this training is closed.'),
  enrollmentClosed: t("La période d'inscription à cette formation est terminée.", 'The enrolment period of this training is over.'),
  checkoutTrainingFull: t('Cette formation est complète : plus aucune place disponible.', 'This training is full: no seats left.'),
  promoCodeNotUsable: t(
    "Ce code promo n'est pas utilisable (inconnu, expiré, épuisé ou non valable pour cette offre).",
    'This promo code cannot be used (unknown, expired, used up or not valid for this offer).',
  ),
  promoCodeNotForSubscriptions: t("Les codes promo ne s'appliquent pas aux abonnements.", 'Promo codes do not apply to subscriptions.'),
  missingPaymentInformation: t('Choisissez un moyen de paiement.', 'Choose a payment method.'),
  paymentMethodUnavailable: t("Ce moyen de paiement n'est pas proposé par cette école.", 'This school does not offer this payment method.'),
  noPaymentProvider: t(
    "Cette école ne peut pas encore encaisser de paiement : aucun moyen de paiement n'est configuré.",
    'This school cannot take payments yet: no payment method is set up.',
  ),
  billingAddressRequired: t('Indiquez votre adresse de facturation.', 'Enter your billing address.'),
  scheduleUnknown: t("Cette formule de paiement n'existe pas pour cette offre.", 'This payment plan does not exist for this offer.'),
  alreadyLearner: t('Vous suivez déjà cette formation.', 'You already follow this training.'),
  learnerBlocked: t("Votre accès à cette formation est bloqué : contactez l'école.", 'Your access to this training is blocked: contact the school.'),
  // Outgoing webhooks (issue 16)
  webhookTaken: t('Cette adresse reçoit déjà cet événement.', 'This address already receives this event.'),
  paymentProviderDown: t(
    "Le service de paiement ne répond pas : rien n'a été débité. Réessayez dans un instant.",
    'The payment service does not answer: nothing was charged. Try again in a moment.',
  ),
  // E-mail marketing providers (issue 16)
  emailProviderUnsupported: t("Ce service n'est pas encore pris en charge.", 'This service is not supported yet.'),
  emailProviderKeyRefused: t('Le service a refusé cette clé API : vérifiez-la et réessayez.', 'The service refused this API key: check it and try again.'),
  emailProviderDown: t(
    'Le service ne répond pas : la clé n’a pas pu être vérifiée. Réessayez dans un instant.',
    'The service does not answer: the key could not be checked. Try again in a moment.',
  ),
  emailProviderKeyRequired: t('Indiquez la clé API du service avant de l’activer.', 'Enter the service’s API key before turning it on.'),
  emailProviderNoUrl: t("Ce service n'utilise pas d'adresse d'API propre.", 'This service does not use an API address of its own.'),
  emailProviderUrlRequired: t(
    'Indiquez l’adresse d’API de votre compte (Paramètres, Développeur), par exemple https://moncompte.api-us1.com.',
    'Enter your account’s API address (Settings, Developer), for example https://myaccount.api-us1.com.',
  ),
  emailProviderListUnknown: t("Cette liste n'existe pas chez ce service.", 'This list does not exist at this service.'),
  emailProvidersNotConfigured: t(
    'Les connexions aux services d’e-mailing ne sont pas configurées sur ce serveur (PROVIDER_KEYS_SECRET).',
    'Connections to e-mail services are not configured on this server (PROVIDER_KEYS_SECRET).',
  ),
  // Affiliate program (issue 16)
  alreadyAffiliate: t('Cet apprenant est déjà affilié.', 'This learner is already an affiliate.'),
  affiliationClosed: t("Le programme d'affiliation de cette école est fermé.", "This school's affiliate program is closed."),
  affiliationPrivate: t(
    "Le programme d'affiliation de cette école est sur invitation : l'école vous ajoute elle-même.",
    "This school's affiliate program is by invitation: the school adds you itself.",
  ),
  notAffiliate: t("Vous n'êtes pas affilié à cette école.", 'You are not an affiliate of this school.'),
  payoutAlreadyPending: t(
    'Une demande de versement est déjà en cours : attendez qu’elle soit traitée.',
    'A payout request is already pending: wait until it is processed.',
  ),
  noPendingPayout: t("Cet affilié n'a aucune demande de versement en attente.", 'This affiliate has no pending payout request.'),
  wholeCents: t('Indiquez un montant en euros et centimes (deux décimales au plus).', 'Enter an amount in euros and cents (two decimals at most).'),
  payoutBelowMinimum: (min: number) =>
    t(`Le versement minimum est de ${min.toFixed(2).replace('.', ',')} €.`, `The minimum payout is €${min.toFixed(2)}.`),
  sponsorPayoutBelowMinimum: (min: number, available: number) =>
    t(
      `Le versement minimum est de ${min.toFixed(2).replace('.', ',')} € ; vos commissions disponibles font ${available.toFixed(2).replace('.', ',')} €.`,
      `The minimum payout is €${min.toFixed(2)}; your available commissions come to €${available.toFixed(2)}.`,
    ),
  sponsorPayoutAlreadyPaid: t('Ce versement est déjà marqué comme payé.', 'This payout is already marked as paid.'),
  payoutAboveBalance: (balance: number) =>
    t(
      `Le montant dépasse votre solde disponible (${balance.toFixed(2).replace('.', ',')} €).`,
      `The amount exceeds your available balance (€${balance.toFixed(2)}).`,
    ),

  // Settings: API keys and store secrets, uploads (issue 15)
  wrongPassword: t('Le mot de passe est incorrect.', 'The password is wrong.'),
  switchNeedsSession: t(
    'La connexion en tant qu’un utilisateur se fait depuis votre session, pas avec une clé API.',
    'Signing in as a user is done from your session, not with an API key.',
  ),
  keyManagementNeedsSession: t(
    'Les clés se gèrent depuis votre espace, pas avec une clé API.',
    'Keys are managed from your space, not with an API key.',
  ),
  subdomainPattern: t(
    'Le sous-domaine contient de 3 à 63 lettres minuscules sans accent, chiffres ou tirets, sans tiret au début ni à la fin.',
    'The subdomain holds 3 to 63 lowercase unaccented letters, digits or hyphens, with no hyphen at either end.',
  ),
  tooManySocialLinks: (max: number) => t(`Vous avez atteint le maximum de ${max} liens.`, `You have reached the maximum of ${max} links.`),
  noSuchKey: t("Cette clé n'existe pas ou a déjà été révoquée.", 'This key does not exist or was already revoked.'),
  // Team and invitations, account deletion (#15)
  noSeatLeft: t(
    "Plus aucune place disponible dans votre équipe : ajoutez des comptes utilisateurs payants depuis votre abonnement.",
    'No seat left in your team: add paid user accounts from your subscription.',
  ),
  alreadyTeamMember: t('Cette personne fait déjà partie de votre équipe.', 'This person is already in your team.'),
  alreadyInvited: t(
    'Cette adresse a déjà une invitation en cours : renvoyez-la ou modifiez-la.',
    'This address already has an open invitation: resend or edit it.',
  ),
  ownerUntouchable: t('Le rôle du propriétaire ne peut pas être modifié et il ne peut pas être retiré.', "The owner's role cannot be changed and the owner cannot be removed."),
  notOwnRole: t('Vous ne pouvez pas modifier votre propre rôle ni vous retirer vous-même.', 'You cannot change your own role or remove yourself.'),
  memberAboveYou: t("Vous ne pouvez pas gérer un membre de rang égal ou supérieur au vôtre.", 'You cannot manage a member whose role is equal to or above yours.'),
  roleAboveYours: t('Vous ne pouvez pas attribuer un rôle supérieur au vôtre.', 'You cannot give a role above your own.'),
  invitationLinkInvalid: t("Ce lien d'invitation est inconnu, déjà utilisé ou expiré.", 'This invitation link is unknown, already used or expired.'),
  invitationResentRecently: t('Cette invitation vient d’être envoyée : réessayez dans une minute.', 'This invitation was just sent: try again in a minute.'),
  ownerOfAnotherStore: t(
    "Ce compte est propriétaire d'un autre espace : il ne peut pas rejoindre une équipe. Utilisez une autre adresse e-mail.",
    'This account owns another space: it cannot join a team. Use another e-mail address.',
  ),
  avatarNotUploaded: t("Cette image n'a pas été envoyée comme avatar.", 'This image was not uploaded as an avatar.'),
  // Community (issue 13)
  communityDisabled: t(
    "La communauté de cette école n'est pas activée.",
    "This school's community is not enabled.",
  ),
  communityManagersOnly: t(
    'Seuls les administrateurs de la communauté et le créateur de cet élément peuvent faire cela.',
    'Only the community admins and the creator of this item can do this.',
  ),
  communityReadOnlyRole: t('Votre rôle permet de lire la communauté, pas d’y écrire.', 'Your role may read the community, not write in it.'),
  spaceNoAccess: t("Vous n'avez pas accès à cet espace : contactez le formateur.", 'You have no access to this space: contact the trainer.'),
  spaceReadOnly: t('Dans cet espace, seuls son créateur et les administrateurs publient.', 'In this space only its creator and the admins publish.'),
  communityAnswersClosed: t('Les réponses sont fermées ici.', 'Answers are closed here.'),
  membersHidden: t('La liste des membres de cet espace est masquée.', "This space's member list is hidden."),
  spaceTypeFixed: t("Le mode d'affichage d'un espace se choisit à sa création.", "A space's display mode is chosen when it is created."),
  emptyContent: t('Écrivez quelque chose avant de publier.', 'Write something before publishing.'),
  alreadyMember: t('Cette personne est déjà membre de cet espace.', 'This person is already a member of this space.'),
  ownerStays: t("Le créateur de l'espace en reste membre.", "The space's creator stays a member."),
  onlyOwnMembership: t('Vous ne pouvez modifier que votre propre adhésion.', 'You can only change your own membership.'),
  alreadyReported: t('Vous avez déjà signalé ce contenu.', 'You have already reported this content.'),
  onlyAuthorEdits: t("Seul l'auteur peut modifier ce texte.", 'Only the author can edit this text.'),
  managersPinAndLock: t(
    'Épingler et fermer les réponses sont réservés aux administrateurs de l’espace.',
    'Pinning and closing answers are for the space admins.',
  ),
  unknownCollection: t("Cette collection n'existe pas.", 'This collection does not exist.'),
  unknownTraining: t("Cette formation n'existe pas.", 'This training does not exist.'),
  unknownParentComment: t("Ce commentaire n'existe pas sur cette publication.", 'This comment does not exist on this post.'),
  // Customisation and widgets (#16)
  storeResourceNotUploaded: t(
    'Ce fichier n’a pas été envoyé pour les ressources de votre espace (envoi de type ressource).',
    'This file was not uploaded for your space’s resources (resource upload).',
  ),
  widgetNotFound: t('Cette formation n’est pas disponible.', 'This training is not available.'),
  widgetCatalogueEmpty: t('Aucune formation pour le moment.', 'No training yet.'),
  widgetSee: t('Voir la formation', 'See the training'),
  widgetBuy: t('Acheter', 'Buy'),
  widgetFree: t('Gratuit', 'Free'),
  widgetClosed: t('Inscriptions fermées', 'Registration closed'),
  widgetCatalogueTitle: (school: string) => t(`Formations de ${school}`, `Trainings of ${school}`),
  // The AI assistant
  aiHidden: t("L'assistant IA n'est pas disponible pour cette boutique.", 'The AI assistant is not available for this store.'),
  aiNotConfigured: t(
    "L'assistant IA n'est pas configuré sur cette plateforme : aucun texte ne peut être généré pour le moment. L'historique reste consultable.",
    'The AI assistant is not configured on this platform: no text can be written for now. The history can still be read.',
  ),
  aiNoCredits: (cost: number) =>
    t(
      `Crédits IA insuffisants : ce texte coûte ${cost} crédit${cost > 1 ? 's' : ''}. Achetez un pack de crédits pour continuer.`,
      `Not enough AI credits: this text costs ${cost} credit${cost > 1 ? 's' : ''}. Buy a credit pack to go on.`,
    ),
  aiUnavailable: t(
    "L'assistant IA ne répond pas pour le moment. Vos crédits n'ont pas été débités ; réessayez dans quelques instants.",
    'The AI assistant is not answering right now. No credit was taken; try again in a moment.',
  ),
  aiFailed: t(
    "La rédaction s'est interrompue. Vos crédits vous ont été rendus ; réessayez dans quelques instants.",
    'The writing stopped. Your credits were given back; try again in a moment.',
  ),
} as const;
