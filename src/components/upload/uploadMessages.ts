import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { Failure } from '../../../shared/failure';
import type { FileProblem } from '../../../machines/upload/upload.machine';

export const uploadMessages = {
  ...defineMessages({
    choose: { id: 'upload.choose', defaultMessage: 'Choisir un fichier' },
    chooseZip: { id: 'upload.chooseZip', defaultMessage: 'Choisir un fichier .zip' },
    replace: { id: 'upload.replace', defaultMessage: 'Remplacer' },
    remove: { id: 'upload.remove', defaultMessage: 'Retirer' },
    drop: { id: 'upload.drop', defaultMessage: 'Glissez-déposez un fichier ici, ou' },
    dropZip: { id: 'upload.dropZip', defaultMessage: 'Glissez-déposez le paquet SCORM (.zip) ici, ou' },
    cancel: { id: 'upload.cancel', defaultMessage: 'Annuler l’envoi' },
    retry: { id: 'upload.retry', defaultMessage: 'Réessayer' },
    empty: { id: 'upload.problem.empty', defaultMessage: 'Ce fichier est vide.' },
    typeZip: { id: 'upload.problem.typeZip', defaultMessage: 'Choisissez un fichier .zip (paquet SCORM).' },
    plan: { id: 'upload.problem.plan', defaultMessage: 'Votre offre ne permet pas d’envoyer ce type de fichier.' },
    network: { id: 'upload.failure.network', defaultMessage: 'La connexion a été interrompue pendant l’envoi. Vérifiez votre réseau et réessayez.' },
    failed: { id: 'upload.failure.generic', defaultMessage: 'L’envoi a échoué. Réessayez.' },
    scormProcessing: { id: 'upload.scorm.processing', defaultMessage: 'Vérification et installation du paquet…' },
  }),
  hint: defineMessage<{ types: string; max: string }>({ id: 'upload.hint', defaultMessage: 'Formats acceptés : {types}. {max} maximum.' }),
  hintAny: defineMessage<{ max: string }>({ id: 'upload.hintAny', defaultMessage: 'Tous formats. {max} maximum.' }),
  hintZip: defineMessage<{ max: string }>({ id: 'upload.hintZip', defaultMessage: 'Un paquet SCORM 1.2 ou 2004 au format .zip. {max} maximum.' }),
  preparing: defineMessage<{ name: string }>({ id: 'upload.preparing', defaultMessage: 'Préparation de l’envoi de {name}…' }),
  sending: defineMessage<{ name: string }>({ id: 'upload.sending', defaultMessage: 'Envoi de {name}…' }),
  progress: defineMessage<{ loaded: string; total: string }>({ id: 'upload.progress', defaultMessage: '{loaded} sur {total}' }),
  done: defineMessage<{ name: string }>({ id: 'upload.done', defaultMessage: '{name} a bien été envoyé.' }),
  current: defineMessage<{ name: string }>({ id: 'upload.current', defaultMessage: 'Fichier actuel : {name}' }),
  preview: defineMessage<{ label: string }>({ id: 'upload.preview', defaultMessage: 'Aperçu : {label}' }),
  tooLarge: defineMessage<{ max: string }>({ id: 'upload.problem.tooLarge', defaultMessage: 'Ce fichier est trop volumineux : {max} maximum.' }),
  type: defineMessage<{ types: string }>({ id: 'upload.problem.type', defaultMessage: 'Ce type de fichier n’est pas accepté ici. Formats acceptés : {types}.' }),
  storageUsage: defineMessage<{ used: string; quota: string }>({ id: 'upload.storageUsage', defaultMessage: 'Stockage de l’école : {used} utilisés sur {quota}.' }),
  storageFull: defineMessage<{ used: string; quota: string }>({
    id: 'upload.storageFull',
    defaultMessage: 'Le stockage de l’école est plein ({used} utilisés sur {quota}) : supprimez des fichiers ou changez d’offre pour en envoyer d’autres.',
  }),
  scormDone: defineMessage<{ name: string }>({ id: 'upload.scorm.done', defaultMessage: 'Le paquet SCORM « {name} » a été ajouté.' }),
};

/** Why a picked file was refused, in words. */
export function problemText(intl: IntlShape, problem: FileProblem, details: { max: string; types: string; zip: boolean }): string {
  switch (problem) {
    case 'empty':
      return intl.formatMessage(uploadMessages.empty);
    case 'tooLarge':
      return intl.formatMessage(uploadMessages.tooLarge, { max: details.max });
    case 'type':
      return details.zip ? intl.formatMessage(uploadMessages.typeZip) : intl.formatMessage(uploadMessages.type, { types: details.types });
    case 'plan':
      return intl.formatMessage(uploadMessages.plan);
  }
}

/**
 * Why an attempt failed: the connection, or the server's own words (they come in the app's language:
 * the request carries Accept-Language), the file's first when the server pointed at a field.
 */
export function failureText(intl: IntlShape, failure: Failure): string {
  if (failure.status === null) return intl.formatMessage(uploadMessages.network);
  const fieldMessage = Object.values(failure.fieldErrors).flat()[0];
  return fieldMessage ?? (failure.message || intl.formatMessage(uploadMessages.failed));
}
