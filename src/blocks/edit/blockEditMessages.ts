import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import type { BlockRule } from '../../../shared/lessonBlocks';

export const blockEditMessages = defineMessages({
  html: { id: 'blocks.edit.html', defaultMessage: 'Texte' },
  headingText: { id: 'blocks.edit.headingText', defaultMessage: 'Titre' },
  level: { id: 'blocks.edit.level', defaultMessage: 'Niveau' },
  url: { id: 'blocks.edit.url', defaultMessage: 'Adresse (https://…)' },
  urlOrUpload: { id: 'blocks.edit.urlOrUpload', defaultMessage: 'Ou collez une adresse' },
  upload: { id: 'blocks.edit.upload', defaultMessage: 'Envoyer un fichier' },
  alt: { id: 'blocks.edit.alt', defaultMessage: 'Texte alternatif' },
  altHint: { id: 'blocks.edit.altHint', defaultMessage: 'Ce que montre l’image, pour les personnes qui ne la voient pas.' },
  caption: { id: 'blocks.edit.caption', defaultMessage: 'Légende' },
  banner: { id: 'blocks.edit.banner', defaultMessage: 'Bannière (728 × 200 pixels exactement)' },
  audioTitle: { id: 'blocks.edit.audioTitle', defaultMessage: 'Titre de l’enregistrement' },
  fileName: { id: 'blocks.edit.fileName', defaultMessage: 'Nom affiché' },
  embedHint: { id: 'blocks.edit.embedHint', defaultMessage: 'YouTube, Vimeo, Dailymotion, Loom, SoundCloud et Spotify s’affichent dans la leçon ; les autres adresses deviennent un lien.' },
  language: { id: 'blocks.edit.language', defaultMessage: 'Langage' },
  code: { id: 'blocks.edit.code', defaultMessage: 'Code' },
  quote: { id: 'blocks.edit.quote', defaultMessage: 'Citation' },
  author: { id: 'blocks.edit.author', defaultMessage: 'Auteur' },
  markdown: { id: 'blocks.edit.markdown', defaultMessage: 'Markdown' },
  markdownHint: { id: 'blocks.edit.markdownHint', defaultMessage: 'Titres (#), listes (-), **gras**, *italique*, [liens](https://…). Le HTML n’est pas accepté.' },
  timecode: { id: 'blocks.edit.timecode', defaultMessage: 'Minutage (mm:ss)' },
  entryLabel: { id: 'blocks.edit.entryLabel', defaultMessage: 'Étape' },
  addEntry: { id: 'blocks.edit.addEntry', defaultMessage: 'Ajouter une étape' },
  front: { id: 'blocks.edit.front', defaultMessage: 'Recto (la question)' },
  back: { id: 'blocks.edit.back', defaultMessage: 'Verso (la réponse)' },
  scratchFront: { id: 'blocks.edit.scratchFront', defaultMessage: 'Texte visible (facultatif)' },
  scratchHidden: { id: 'blocks.edit.scratchHidden', defaultMessage: 'Texte à découvrir' },
});

export const removeEntryMessage = defineMessage<{ index: number }>({ id: 'blocks.edit.removeEntry', defaultMessage: 'Retirer l’étape {index}' });

/** The words of each block rule (shared/lessonBlocks.ts blockProblems). */
export const blockRuleMessages: Record<BlockRule, MessageDescriptor> = defineMessages({
  required: { id: 'blocks.rule.required', defaultMessage: 'Ce champ est obligatoire.' },
  httpLink: { id: 'blocks.rule.httpLink', defaultMessage: 'L’adresse doit commencer par http:// ou https://.' },
  tooLong: { id: 'blocks.rule.tooLong', defaultMessage: 'Ce texte est trop long.' },
  timecode: { id: 'blocks.rule.timecode', defaultMessage: 'Le minutage s’écrit mm:ss ou h:mm:ss (par exemple 02:30 ou 1:05:00).' },
  timecodeOrder: { id: 'blocks.rule.timecodeOrder', defaultMessage: 'Chaque minutage doit venir après le précédent.' },
  html: { id: 'blocks.rule.html', defaultMessage: 'Le Markdown ne peut pas contenir de HTML.' },
  between: { id: 'blocks.rule.between', defaultMessage: 'Choisissez un niveau entre 2 et 6.' },
  bannerSize: { id: 'blocks.rule.bannerSize', defaultMessage: 'Une bannière mesure exactement 728 × 200 pixels : choisissez une image de cette taille ou décochez « Bannière ».' },
});
