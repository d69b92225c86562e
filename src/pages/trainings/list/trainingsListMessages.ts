import { defineMessage, defineMessages } from 'react-intl';

export const listMessages = defineMessages({
  title: { id: 'trainings.list.title', defaultMessage: 'Formations' },
  add: { id: 'trainings.list.add', defaultMessage: 'Ajouter une formation' },
  manageTags: { id: 'trainings.list.manageTags', defaultMessage: 'Gérer les étiquettes' },
  search: { id: 'trainings.list.search', defaultMessage: 'Rechercher une formation' },
  searchPlaceholder: { id: 'trainings.list.searchPlaceholder', defaultMessage: 'Rechercher par nom' },
  clearSearch: { id: 'trainings.list.clearSearch', defaultMessage: 'Effacer la recherche' },
  emptyTitle: { id: 'trainings.list.empty.title', defaultMessage: 'Vous n’avez pas encore de formation' },
  emptyBody: { id: 'trainings.list.empty.body', defaultMessage: 'Un titre suffit pour commencer : vous ajouterez le contenu, le prix et la description ensuite.' },
  emptyReadOnly: { id: 'trainings.list.empty.readOnly', defaultMessage: 'Les formations de l’espace apparaîtront ici dès qu’elles seront créées.' },
  emptyCta: { id: 'trainings.list.empty.cta', defaultMessage: 'Créer ma première formation' },
  failed: { id: 'trainings.list.failed', defaultMessage: 'La liste des formations n’a pas pu être chargée.' },
  listLabel: { id: 'trainings.list.listLabel', defaultMessage: 'Vos formations' },
  free: { id: 'trainings.list.free', defaultMessage: 'Gratuite' },
  noPrice: { id: 'trainings.list.noPrice', defaultMessage: 'Sans tarif' },
  duplicate: { id: 'trainings.list.duplicate', defaultMessage: 'Dupliquer' },
  moveUp: { id: 'trainings.list.moveUp', defaultMessage: 'Monter' },
  moveDown: { id: 'trainings.list.moveDown', defaultMessage: 'Descendre' },
  delete: { id: 'trainings.list.delete', defaultMessage: 'Supprimer' },
  duplicateFailed: { id: 'trainings.list.duplicateFailed', defaultMessage: 'La formation n’a pas pu être dupliquée' },
  deleteTitle: { id: 'trainings.list.deleteTitle', defaultMessage: 'Supprimer la formation ?' },
  cancel: { id: 'trainings.list.cancel', defaultMessage: 'Annuler' },
  deleting: { id: 'trainings.list.deleting', defaultMessage: 'Suppression…' },
  dragHint: { id: 'trainings.list.dragHint', defaultMessage: 'Glissez les formations par la poignée pour choisir leur ordre dans votre catalogue.' },
  dragOffSearch: { id: 'trainings.list.dragOffSearch', defaultMessage: 'Videz la recherche pour réordonner les formations.' },
  dragOffNarrow: { id: 'trainings.list.dragOffNarrow', defaultMessage: 'Sur un écran plus large, vous pourrez réordonner les formations en les glissant.' },
  saving: { id: 'trainings.list.saving', defaultMessage: 'Enregistrement de l’ordre…' },
  previous: { id: 'trainings.list.previous', defaultMessage: 'Page précédente' },
  next: { id: 'trainings.list.next', defaultMessage: 'Page suivante' },
  pagination: { id: 'trainings.list.pagination', defaultMessage: 'Pages de la liste' },
});

export const createTrainingLabels = defineMessages({
  title: { id: 'trainings.create.title', defaultMessage: 'Ajouter une formation' },
  // "Nom de la formation", as in the training's settings (the API field is `name`).
  name: { id: 'trainings.create.name', defaultMessage: 'Nom de la formation' },
  required: { id: 'trainings.create.required', defaultMessage: 'Le nom est obligatoire.' },
  namePlaceholder: { id: 'trainings.create.namePlaceholder', defaultMessage: 'Par exemple : Maîtriser Excel en 30 jours' },
  summary: { id: 'trainings.create.summary', defaultMessage: 'Description courte' },
  summaryHint: { id: 'trainings.create.summaryHint', defaultMessage: 'Facultative : une phrase qui donne envie, affichée dans votre catalogue.' },
  submit: { id: 'trainings.create.submit', defaultMessage: 'Créer la formation' },
});

/** Messages with values (typed: a missing value does not compile). */
export const listValues = {
  count: defineMessage<{ count: number }>({ id: 'trainings.list.count', defaultMessage: '{count, plural, =0 {Aucune formation} one {# formation} other {# formations}}' }),
  results: defineMessage<{ count: number; total: number }>({ id: 'trainings.list.results', defaultMessage: '{count, plural, =0 {Aucun résultat} one {# résultat} other {# résultats}} sur {total}' }),
  noResults: defineMessage<{ query: string }>({ id: 'trainings.list.noResults', defaultMessage: 'Aucune formation ne correspond à « {query} ».' }),
  items: defineMessage<{ count: number }>({ id: 'trainings.list.items', defaultMessage: '{count, plural, =0 {Aucun élément} one {# élément} other {# éléments}}' }),
  learners: defineMessage<{ short: string; count: number }>({ id: 'trainings.list.learners', defaultMessage: '{short} {count, plural, one {apprenant} other {apprenants}}' }),
  actions: defineMessage<{ name: string }>({ id: 'trainings.list.actions', defaultMessage: 'Actions pour « {name} »' }),
  duplicated: defineMessage<{ name: string }>({ id: 'trainings.list.duplicated', defaultMessage: '« {name} » a été créée' }),
  deleted: defineMessage<{ name: string }>({ id: 'trainings.list.deleted', defaultMessage: '« {name} » a été supprimée' }),
  deleteBody: defineMessage<{ name: string }>({ id: 'trainings.list.deleteBody', defaultMessage: '« {name} » sera supprimée, avec son contenu, ses quiz et ses statistiques.' }),
  // customers_count counts every learner, paying or not, while the server refuses only paid sales (409): a caution.
  deleteCaution: defineMessage<{ count: number }>({
    id: 'trainings.list.deleteCaution',
    defaultMessage:
      '{count, plural, =0 {Une formation qui a des apprenants payants ne peut pas être supprimée : fermez-la ou masquez-la plutôt.} one {Cette formation a # apprenant : s’il l’a payée, elle ne pourra pas être supprimée. Dans ce cas, fermez-la ou masquez-la plutôt.} other {Cette formation a # apprenants : si l’un d’eux l’a payée, elle ne pourra pas être supprimée. Dans ce cas, fermez-la ou masquez-la plutôt.}}',
  }),
  page: defineMessage<{ page: number; pages: number }>({ id: 'trainings.list.page', defaultMessage: 'Page {page} sur {pages}' }),
};
