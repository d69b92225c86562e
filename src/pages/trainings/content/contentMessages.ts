import { defineMessage, defineMessages } from 'react-intl';

const plain = defineMessages({
  heading: { id: 'trainings.content.heading', defaultMessage: 'Contenu de la formation' },
  addSection: { id: 'trainings.content.addSection', defaultMessage: 'Ajouter un chapitre' },
  emptyTitle: { id: 'trainings.content.emptyTitle', defaultMessage: 'Aucun chapitre pour l’instant' },
  emptyBody: {
    id: 'trainings.content.emptyBody',
    defaultMessage: 'Commencez par un chapitre, puis ajoutez-y des leçons, des vidéos, des quiz, des tâches, des devoirs ou un SCORM.',
  },
  emptyReadOnly: { id: 'trainings.content.emptyReadOnly', defaultMessage: 'Cette formation n’a pas encore de contenu.' },
  emptySection: { id: 'trainings.content.emptySection', defaultMessage: 'Ce chapitre est vide.' },
  emptySectionDrop: { id: 'trainings.content.emptySectionDrop', defaultMessage: 'Ce chapitre est vide : ajoutez un élément ou déposez-en un ici.' },
  readOnly: { id: 'trainings.content.readOnly', defaultMessage: 'Vous consultez le contenu en lecture seule.' },
  dragNarrow: { id: 'trainings.content.dragNarrow', defaultMessage: 'Le glisser-déposer est disponible sur un écran plus large ; utilisez « Monter » et « Descendre ».' },
  saving: { id: 'trainings.content.saving', defaultMessage: 'Enregistrement de l’ordre…' },
  draft: { id: 'trainings.content.draft', defaultMessage: 'Brouillon' },
  addItem: { id: 'trainings.content.addItem', defaultMessage: 'Ajouter' },
  locked: { id: 'trainings.content.locked', defaultMessage: 'Offre supérieure requise' },
  // Item types
  typeSECTION: { id: 'trainings.content.type.section', defaultMessage: 'Chapitre' },
  typeGENERIC: { id: 'trainings.content.type.generic', defaultMessage: 'Leçon' },
  typeVIDEO: { id: 'trainings.content.type.video', defaultMessage: 'Vidéo' },
  typeQUIZ: { id: 'trainings.content.type.quiz', defaultMessage: 'Quiz' },
  typeTASKS: { id: 'trainings.content.type.tasks', defaultMessage: 'Tâches' },
  typeASSIGNMENT: { id: 'trainings.content.type.assignment', defaultMessage: 'Devoir' },
  typeSCORM: { id: 'trainings.content.type.scorm', defaultMessage: 'SCORM' },
  // Menu actions
  edit: { id: 'trainings.content.edit', defaultMessage: 'Modifier' },
  rename: { id: 'trainings.content.rename', defaultMessage: 'Renommer' },
  preview: { id: 'trainings.content.preview', defaultMessage: 'Aperçu' },
  previewUnavailable: { id: 'trainings.content.previewUnavailable', defaultMessage: 'Aperçu (indisponible pour le moment)' },
  openScorm: { id: 'trainings.content.openScorm', defaultMessage: 'Ouvrir le paquet SCORM' },
  duplicate: { id: 'trainings.content.duplicate', defaultMessage: 'Dupliquer' },
  duplicateElsewhere: { id: 'trainings.content.duplicateElsewhere', defaultMessage: 'Dupliquer dans une autre formation…' },
  moveUp: { id: 'trainings.content.moveUp', defaultMessage: 'Monter' },
  moveDown: { id: 'trainings.content.moveDown', defaultMessage: 'Descendre' },
  delete: { id: 'trainings.content.delete', defaultMessage: 'Supprimer' },
  // Notices
  previewFailed: { id: 'trainings.content.previewFailed', defaultMessage: 'L’aperçu est indisponible : le jeton d’aperçu n’a pas pu être obtenu.' },
  // Section dialog
  sectionNewTitle: { id: 'trainings.content.section.newTitle', defaultMessage: 'Nouveau chapitre' },
  sectionEditTitle: { id: 'trainings.content.section.editTitle', defaultMessage: 'Modifier le chapitre' },
  sectionName: { id: 'trainings.content.section.name', defaultMessage: 'Titre du chapitre' },
  draftSwitch: { id: 'trainings.content.section.draft', defaultMessage: 'Brouillon (invisible pour les apprenants)' },
  save: { id: 'trainings.content.save', defaultMessage: 'Enregistrer' },
  create: { id: 'trainings.content.create', defaultMessage: 'Créer' },
  cancel: { id: 'trainings.content.cancel', defaultMessage: 'Annuler' },
  saving2: { id: 'trainings.content.savingForm', defaultMessage: 'Enregistrement…' },
  titleRequired: { id: 'trainings.content.titleRequired', defaultMessage: 'Le titre est obligatoire.' },
  titleTooLong: { id: 'trainings.content.titleTooLong', defaultMessage: 'Le titre ne doit pas dépasser 128 caractères.' },
  // Creation prompt
  itemName: { id: 'trainings.content.create.name', defaultMessage: 'Titre' },
  itemNameHint: { id: 'trainings.content.create.hint', defaultMessage: 'L’élément est créé en brouillon ; vous le complétez ensuite dans son éditeur.' },
  creating: { id: 'trainings.content.create.creating', defaultMessage: 'Création…' },
  created: { id: 'trainings.content.create.created', defaultMessage: 'Élément créé. Ouverture de l’éditeur…' },
  // Rename
  renameTitle: { id: 'trainings.content.rename.title', defaultMessage: 'Renommer l’élément' },
  // Duplicate elsewhere
  duplicateTitle: { id: 'trainings.content.duplicate.title', defaultMessage: 'Dupliquer dans une autre formation' },
  targetTraining: { id: 'trainings.content.duplicate.target', defaultMessage: 'Formation de destination' },
  noOtherTraining: { id: 'trainings.content.duplicate.none', defaultMessage: 'Votre espace n’a pas d’autre formation.' },
  duplicateConfirm: { id: 'trainings.content.duplicate.confirm', defaultMessage: 'Dupliquer' },
  trainingsFailed: { id: 'trainings.content.duplicate.failed', defaultMessage: 'La liste des formations n’a pas pu être chargée.' },
  // Delete
  deleteItemBody: { id: 'trainings.content.delete.itemBody', defaultMessage: 'L’élément et ses ressources seront supprimés définitivement.' },
  deleting: { id: 'trainings.content.delete.deleting', defaultMessage: 'Suppression…' },
  // SCORM
  scormField: { id: 'trainings.content.scorm.field', defaultMessage: 'Paquet SCORM' },
  scormTitle: { id: 'trainings.content.scorm.title', defaultMessage: 'Ajouter un SCORM' },
});

/** The words of the content tab (the item tree) of a training; those with values are typed by them. */
export const contentMessages = {
  ...plain,
  itemCount: defineMessage<{ count: number }>({ id: 'trainings.content.itemCount', defaultMessage: '{count, plural, =0 {aucun élément} one {# élément} other {# éléments}}' }),
  resources: defineMessage<{ count: number }>({ id: 'trainings.content.resources', defaultMessage: '{count, plural, one {# ressource} other {# ressources}}' }),
  toValidate: defineMessage<{ count: number }>({ id: 'trainings.content.toValidate', defaultMessage: '{count, plural, one {# devoir à corriger} other {# devoirs à corriger}}' }),
  dragHandle: defineMessage<{ name: string }>({ id: 'trainings.content.dragHandle', defaultMessage: 'Déplacer « {name} »' }),
  sectionActions: defineMessage<{ name: string }>({ id: 'trainings.content.sectionActions', defaultMessage: 'Actions du chapitre « {name} »' }),
  itemActions: defineMessage<{ name: string }>({ id: 'trainings.content.itemActions', defaultMessage: 'Actions de « {name} »' }),
  addItemMenu: defineMessage<{ name: string }>({ id: 'trainings.content.addItemMenu', defaultMessage: 'Ajouter un élément au chapitre « {name} »' }),
  duplicated: defineMessage<{ name: string }>({ id: 'trainings.content.duplicated', defaultMessage: '« {name} » a été dupliqué.' }),
  duplicatedElsewhere: defineMessage<{ name: string; training: string }>({ id: 'trainings.content.duplicatedElsewhere', defaultMessage: '« {name} » a été copié dans « {training} ».' }),
  deleted: defineMessage<{ name: string }>({ id: 'trainings.content.deleted', defaultMessage: '« {name} » a été supprimé.' }),
  actionFailed: defineMessage<{ reason: string }>({ id: 'trainings.content.actionFailed', defaultMessage: 'L’action n’a pas abouti : {reason}' }),
  createTitle: defineMessage<{ type: string }>({ id: 'trainings.content.create.title', defaultMessage: 'Nouvel élément : {type}' }),
  duplicateLead: defineMessage<{ name: string }>({ id: 'trainings.content.duplicate.lead', defaultMessage: '« {name} » sera copié à la fin de la formation choisie.' }),
  deleteTitle: defineMessage<{ name: string }>({ id: 'trainings.content.delete.title', defaultMessage: 'Supprimer « {name} » ?' }),
  deleteSectionBody: defineMessage<{ count: number }>({ id: 'trainings.content.delete.sectionBody', defaultMessage: '{count, plural, =0 {Le chapitre sera supprimé définitivement.} one {Le chapitre et son élément seront supprimés définitivement.} other {Le chapitre et ses # éléments seront supprimés définitivement.}}' }),
  scormLead: defineMessage<{ section: string }>({ id: 'trainings.content.scorm.lead', defaultMessage: 'Le paquet sera ajouté au chapitre « {section} », en brouillon, sous le titre de son manifeste.' }),
  scormDone: defineMessage<{ name: string }>({ id: 'trainings.content.scorm.done', defaultMessage: 'Le SCORM « {name} » a été ajouté.' }),
};
