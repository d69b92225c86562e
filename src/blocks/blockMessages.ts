import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import type { BlockType } from '../../shared/lessonBlocks';

/** The name of each block type, as the "add a block" menu and the block frames say it. */
export const blockTypeMessages: Record<BlockType, MessageDescriptor> = defineMessages({
  text: { id: 'blocks.type.text', defaultMessage: 'Texte' },
  heading: { id: 'blocks.type.heading', defaultMessage: 'Titre' },
  image: { id: 'blocks.type.image', defaultMessage: 'Image' },
  video: { id: 'blocks.type.video', defaultMessage: 'Vidéo' },
  audio: { id: 'blocks.type.audio', defaultMessage: 'Audio' },
  pdf: { id: 'blocks.type.pdf', defaultMessage: 'PDF' },
  embed: { id: 'blocks.type.embed', defaultMessage: 'Contenu intégré' },
  code: { id: 'blocks.type.code', defaultMessage: 'Code' },
  quote: { id: 'blocks.type.quote', defaultMessage: 'Citation' },
  markdown: { id: 'blocks.type.markdown', defaultMessage: 'Markdown' },
  timeline: { id: 'blocks.type.timeline', defaultMessage: 'Chronologie' },
  flashcard: { id: 'blocks.type.flashcard', defaultMessage: 'Carte mémoire' },
  scratch_card: { id: 'blocks.type.scratchCard', defaultMessage: 'Carte à gratter' },
  file: { id: 'blocks.type.file', defaultMessage: 'Fichier à télécharger' },
});

export const blockMessages = defineMessages({
  flip: { id: 'blocks.flashcard.flip', defaultMessage: 'Retourner la carte' },
  front: { id: 'blocks.flashcard.front', defaultMessage: 'Recto' },
  back: { id: 'blocks.flashcard.back', defaultMessage: 'Verso' },
  scratch: { id: 'blocks.scratch.reveal', defaultMessage: 'Gratter pour découvrir' },
  openPdf: { id: 'blocks.pdf.open', defaultMessage: 'Ouvrir le PDF dans un nouvel onglet' },
  timelineLabel: { id: 'blocks.timeline.label', defaultMessage: 'Chronologie' },
});
export const unsupportedMessage = defineMessage<{ type: string }>({ id: 'blocks.unsupported', defaultMessage: 'Bloc non pris en charge ({type}) : il est conservé tel quel.' });
export const downloadMessage = defineMessage<{ name: string }>({ id: 'blocks.file.download', defaultMessage: 'Télécharger {name}' });
export const openLinkMessage = defineMessage<{ url: string }>({ id: 'blocks.embed.open', defaultMessage: 'Ouvrir {url}' });
export const embedTitleMessage = defineMessage<{ provider: string }>({ id: 'blocks.embed.title', defaultMessage: 'Lecteur {provider}' });
export const codeLabelMessage = defineMessage<{ language: string }>({ id: 'blocks.code.label', defaultMessage: 'Code {language}' });
