import { defineMessage, defineMessages } from 'react-intl';

export const trainingsTabMessages = defineMessages({
  title: { id: 'bundles.trainings.title', defaultMessage: 'Formations du pack' },
  lead: { id: 'bundles.trainings.lead', defaultMessage: 'Les acheteurs du pack reçoivent l’accès à chacune de ces formations. Glissez-les pour choisir leur ordre sur la page du pack.' },
  add: { id: 'bundles.trainings.add', defaultMessage: 'Ajouter une formation' },
  empty: { id: 'bundles.trainings.empty', defaultMessage: 'Ce pack ne contient encore aucune formation.' },
  listLabel: { id: 'bundles.trainings.listLabel', defaultMessage: 'Formations du pack' },
  remove: { id: 'bundles.trainings.remove', defaultMessage: 'Retirer' },
  moveUp: { id: 'bundles.trainings.moveUp', defaultMessage: 'Monter' },
  moveDown: { id: 'bundles.trainings.moveDown', defaultMessage: 'Descendre' },
  saving: { id: 'bundles.trainings.saving', defaultMessage: 'Enregistrement de l’ordre…' },
  dragOffNarrow: { id: 'bundles.trainings.dragOffNarrow', defaultMessage: 'Sur un écran plus large, vous pourrez réordonner les formations en les glissant.' },
  removeFailed: { id: 'bundles.trainings.removeFailed', defaultMessage: 'La formation n’a pas pu être retirée' },
  pickerTitle: { id: 'bundles.picker.title', defaultMessage: 'Ajouter des formations au pack' },
  pickerSearch: { id: 'bundles.picker.search', defaultMessage: 'Rechercher une formation' },
  pickerPlaceholder: { id: 'bundles.picker.placeholder', defaultMessage: 'Rechercher par nom' },
  pickerClear: { id: 'bundles.picker.clear', defaultMessage: 'Effacer la recherche' },
  pickerAdd: { id: 'bundles.picker.add', defaultMessage: 'Ajouter' },
  pickerAllIn: { id: 'bundles.picker.allIn', defaultMessage: 'Toutes vos formations sont déjà dans ce pack.' },
  pickerNone: { id: 'bundles.picker.none', defaultMessage: 'Vous n’avez pas encore de formation à ajouter.' },
  pickerCreate: { id: 'bundles.picker.create', defaultMessage: 'Aller aux formations' },
  pickerFailed: { id: 'bundles.picker.failed', defaultMessage: 'Vos formations n’ont pas pu être chargées.' },
  pickerListLabel: { id: 'bundles.picker.listLabel', defaultMessage: 'Formations à ajouter' },
  pickerDone: { id: 'bundles.picker.done', defaultMessage: 'Terminé' },
  addFailed: { id: 'bundles.picker.addFailed', defaultMessage: 'La formation n’a pas pu être ajoutée' },
});

export const trainingsTabValues = {
  count: defineMessage<{ count: number }>({ id: 'bundles.trainings.count', defaultMessage: '{count, plural, =0 {Aucune formation} one {# formation} other {# formations}}' }),
  removeLabel: defineMessage<{ name: string }>({ id: 'bundles.trainings.removeLabel', defaultMessage: 'Retirer « {name} » du pack' }),
  removed: defineMessage<{ name: string }>({ id: 'bundles.trainings.removed', defaultMessage: '« {name} » a été retirée du pack' }),
  added: defineMessage<{ name: string }>({ id: 'bundles.picker.added', defaultMessage: '« {name} » a été ajoutée au pack' }),
  addLabel: defineMessage<{ name: string }>({ id: 'bundles.picker.addLabel', defaultMessage: 'Ajouter « {name} » au pack' }),
  noMatch: defineMessage<{ query: string }>({ id: 'bundles.picker.noMatch', defaultMessage: 'Aucune formation à ajouter ne correspond à « {query} ».' }),
};
