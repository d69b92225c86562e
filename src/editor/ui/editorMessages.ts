import { defineMessage, defineMessages } from 'react-intl';

/** Words of the rich-text editor (toolbar, link dialog, counter). */
export const editorMessages = defineMessages({
  toolbar: { id: 'editor.toolbar', defaultMessage: 'Mise en forme' },
  strong: { id: 'editor.strong', defaultMessage: 'Gras' },
  em: { id: 'editor.em', defaultMessage: 'Italique' },
  heading2: { id: 'editor.heading2', defaultMessage: 'Titre' },
  heading3: { id: 'editor.heading3', defaultMessage: 'Sous-titre' },
  bulletList: { id: 'editor.bulletList', defaultMessage: 'Liste à puces' },
  orderedList: { id: 'editor.orderedList', defaultMessage: 'Liste numérotée' },
  blockquote: { id: 'editor.blockquote', defaultMessage: 'Citation' },
  link: { id: 'editor.link', defaultMessage: 'Lien' },
  editLink: { id: 'editor.editLink', defaultMessage: 'Modifier le lien' },
  undo: { id: 'editor.undo', defaultMessage: 'Annuler' },
  redo: { id: 'editor.redo', defaultMessage: 'Rétablir' },
  shift: { id: 'editor.key.shift', defaultMessage: 'Maj' },
  linkDialog: { id: 'editor.linkDialog', defaultMessage: 'Lien' },
  linkAddress: { id: 'editor.linkAddress', defaultMessage: 'Adresse du site ou e-mail' },
  linkHint: { id: 'editor.linkHint', defaultMessage: 'Par exemple https://exemple.fr ou contact@exemple.fr' },
  linkInvalid: { id: 'editor.linkInvalid', defaultMessage: 'Saisissez une adresse web (https://…) ou une adresse e-mail.' },
  linkApply: { id: 'editor.linkApply', defaultMessage: 'Appliquer' },
  linkRemove: { id: 'editor.linkRemove', defaultMessage: 'Retirer le lien' },
  linkCancel: { id: 'editor.linkCancel', defaultMessage: 'Annuler' },
  unsupported: {
    id: 'editor.unsupported',
    defaultMessage: 'Cette description contient des éléments que l’éditeur ne garde pas (images, tableaux, soulignements…) : ils disparaîtront à l’enregistrement.',
  },
  loading: { id: 'editor.loading', defaultMessage: 'Chargement de l’éditeur…' },
});

/** Messages with values (typed, so a missing value does not compile). */
export const editorCountMessages = {
  count: defineMessage<{ count: string; max: string }>({ id: 'editor.count', defaultMessage: '{count} / {max}' }),
  countLabel: defineMessage<{ count: number; max: number }>({ id: 'editor.countLabel', defaultMessage: '{count, number} caractères sur {max, number}, mise en forme comprise' }),
  tooLong: defineMessage<{ count: number; max: number }>({
    id: 'editor.tooLong',
    defaultMessage: 'La description est trop longue : {count, number} caractères pour {max, number} au plus, mise en forme comprise. Raccourcissez-la pour l’enregistrer.',
  }),
};
