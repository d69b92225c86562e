import type { components } from '../src/api/schema.gen';
import { RICH_TEXT_ALLOW_LIST } from './richTextAllowList';
import { holdsHtml, isTimelineTimecode, timecodesOutOfOrder } from './validation';

/**
 * The lesson's content blocks (spec 3: {type, id, data}) as the contract types them, and the rules on them the
 * JSON schemas cannot say, run by the editor before saving and by the server on every save.
 */
export type ContentBlock = components['schemas']['ContentBlock'];
export type KnownContentBlock = components['schemas']['KnownContentBlock'];
export type UnknownBlock = components['schemas']['UnknownBlock'];
export type BlockType = KnownContentBlock['type'];

/** Every type the contract knows, in the order the editor's "add a block" menu lists them. */
export const KNOWN_BLOCK_TYPES = [
  'text',
  'heading',
  'image',
  'video',
  'audio',
  'pdf',
  'embed',
  'code',
  'quote',
  'markdown',
  'timeline',
  'flashcard',
  'scratch_card',
  'file',
] as const satisfies readonly BlockType[];

// Every contract type is listed (compile-time check: a type added to the contract but not here fails).
type Missing = Exclude<BlockType, (typeof KNOWN_BLOCK_TYPES)[number]>;
const allListed: Missing extends never ? true : Missing = true;
void allListed;

const KNOWN = new Set<string>(KNOWN_BLOCK_TYPES);

/** A block of a type the contract knows (the others are kept as they are and shown as "unsupported"). */
export const isKnownBlock = (block: ContentBlock): block is KnownContentBlock => KNOWN.has(block.type);

/** The exact size of a banner image (spec 5 and 9). */
export const BANNER = { width: 728, height: 200 } as const;

/** A rule of a block broken: where (a path inside the block, dot-separated) and which rule. */
export interface BlockProblem {
  path: string;
  rule: 'bannerSize' | 'quoteEmpty' | 'markdownHtml' | 'timecode' | 'timecodeOrder';
}

/**
 * The rules of one known block beyond its schema: a banner is 728x200, a quote has html or text, markdown holds
 * no HTML, timeline timecodes are readable and strictly increasing. [] when the block is fine.
 */
export function blockProblems(block: KnownContentBlock): BlockProblem[] {
  switch (block.type) {
    case 'image': {
      const { banner, width, height } = block.data;
      return banner && (width !== BANNER.width || height !== BANNER.height) ? [{ path: 'data.banner', rule: 'bannerSize' }] : [];
    }
    case 'quote':
      return (block.data.html ?? '').trim() === '' && (block.data.text ?? '').trim() === '' ? [{ path: 'data', rule: 'quoteEmpty' }] : [];
    case 'markdown':
      return holdsHtml(block.data.markdown) ? [{ path: 'data.markdown', rule: 'markdownHtml' }] : [];
    case 'timeline': {
      const codes = block.data.entries.map((entry) => entry.timecode);
      const unreadable: BlockProblem[] = codes.flatMap((code, i) => (isTimelineTimecode(code) && code.trim() !== '' ? [] : [{ path: `data.entries.${i}.timecode`, rule: 'timecode' as const }]));
      const order = timecodesOutOfOrder(codes).map((i): BlockProblem => ({ path: `data.entries.${i}.timecode`, rule: 'timecodeOrder' }));
      return [...unreadable, ...order];
    }
    default:
      return [];
  }
}

/**
 * The lesson's HTML allow-list (text, quote and embed blocks) is exactly what the rich-text editor writes
 * (shared/richTextAllowList.ts): the editor's output filter and the server's cleaning read the same list.
 */
export const LESSON_HTML_TAGS = RICH_TEXT_ALLOW_LIST.allowedTags;

/** Attributes kept per tag: a link's http(s)/mailto href, a list's start, a cell's spans. */
export const LESSON_HTML_ATTRIBUTES = RICH_TEXT_ALLOW_LIST.allowedAttributes;
