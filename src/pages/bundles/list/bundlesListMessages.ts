import { defineMessage, defineMessages } from 'react-intl';

export const bundlesMessages = defineMessages({
  title: { id: 'bundles.list.title', defaultMessage: 'Packs' },
  lead: { id: 'bundles.list.lead', defaultMessage: 'Vendez plusieurs formations ensemble, à un prix qui leur est propre.' },
  add: { id: 'bundles.list.add', defaultMessage: 'Créer un pack' },
  emptyTitle: { id: 'bundles.list.empty.title', defaultMessage: 'Vous n’avez pas encore de pack' },
  emptyBody: { id: 'bundles.list.empty.body', defaultMessage: 'Un pack réunit plusieurs de vos formations en une seule offre : créez-le, puis choisissez ses formations et son prix.' },
  emptyReadOnly: { id: 'bundles.list.empty.readOnly', defaultMessage: 'Les packs de l’espace apparaîtront ici dès qu’ils seront créés.' },
  emptyCta: { id: 'bundles.list.empty.cta', defaultMessage: 'Créer mon premier pack' },
  failed: { id: 'bundles.list.failed', defaultMessage: 'La liste des packs n’a pas pu être chargée.' },
  listLabel: { id: 'bundles.list.listLabel', defaultMessage: 'Vos packs' },
  free: { id: 'bundles.list.free', defaultMessage: 'Gratuit' },
  noPrice: { id: 'bundles.list.noPrice', defaultMessage: 'Sans tarif' },
  moveUp: { id: 'bundles.list.moveUp', defaultMessage: 'Monter' },
  moveDown: { id: 'bundles.list.moveDown', defaultMessage: 'Descendre' },
  delete: { id: 'bundles.list.delete', defaultMessage: 'Supprimer' },
  deleteTitle: { id: 'bundles.list.deleteTitle', defaultMessage: 'Supprimer le pack ?' },
  cancel: { id: 'bundles.list.cancel', defaultMessage: 'Annuler' },
  deleting: { id: 'bundles.list.deleting', defaultMessage: 'Suppression…' },
  dragHint: { id: 'bundles.list.dragHint', defaultMessage: 'Glissez les packs par la poignée pour choisir leur ordre dans votre catalogue.' },
  dragOffNarrow: { id: 'bundles.list.dragOffNarrow', defaultMessage: 'Sur un écran plus large, vous pourrez réordonner les packs en les glissant.' },
  dragOffPartial: { id: 'bundles.list.dragOffPartial', defaultMessage: 'Au-delà de 100 packs, l’ordre ne se change plus par glisser-déposer.' },
  saving: { id: 'bundles.list.saving', defaultMessage: 'Enregistrement de l’ordre…' },
});

export const bundlesValues = {
  count: defineMessage<{ count: number }>({ id: 'bundles.list.count', defaultMessage: '{count, plural, =0 {Aucun pack} one {# pack} other {# packs}}' }),
  trainings: defineMessage<{ count: number }>({ id: 'bundles.list.trainings', defaultMessage: '{count, plural, =0 {Aucune formation} one {# formation} other {# formations}}' }),
  buyers: defineMessage<{ short: string; count: number }>({ id: 'bundles.list.buyers', defaultMessage: '{short} {count, plural, one {acheteur} other {acheteurs}}' }),
  actions: defineMessage<{ name: string }>({ id: 'bundles.list.actions', defaultMessage: 'Actions pour « {name} »' }),
  deleted: defineMessage<{ name: string }>({ id: 'bundles.list.deleted', defaultMessage: '« {name} » a été supprimé' }),
  deleteBody: defineMessage<{ name: string }>({
    id: 'bundles.list.deleteBody',
    defaultMessage: '« {name} » sera supprimé. Les apprenants gardent l’accès aux formations qu’ils ont reçues avec lui.',
  }),
  // customers_count counts the very sales the server refuses a deletion for (409): a certainty, and nothing to say at 0.
  deleteCaution: defineMessage<{ count: number }>({
    id: 'bundles.list.deleteCaution',
    defaultMessage:
      '{count, plural, =0 {} one {Ce pack a # acheteur : il ne peut pas être supprimé. Masquez-le plutôt.} other {Ce pack a # acheteurs : il ne peut pas être supprimé. Masquez-le plutôt.}}',
  }),
};

export const createBundleLabels = defineMessages({
  title: { id: 'bundles.create.title', defaultMessage: 'Créer un pack' },
  name: { id: 'bundles.create.name', defaultMessage: 'Titre du pack' },
  namePlaceholder: { id: 'bundles.create.namePlaceholder', defaultMessage: 'Par exemple : Le pack photo complet' },
  summary: { id: 'bundles.create.summary', defaultMessage: 'Description courte' },
  summaryHint: { id: 'bundles.create.summaryHint', defaultMessage: 'Facultative : une phrase qui donne envie, affichée dans votre catalogue.' },
  submit: { id: 'bundles.create.submit', defaultMessage: 'Créer le pack' },
});
