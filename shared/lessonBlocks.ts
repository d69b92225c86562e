/**
 * A lesson's content as the editor, the learner area and the server read it (spec section 3, Content block):
 * a list of `{ type, id, data }` stored as JSON text on the item. This module holds the block types the app
 * knows, the data a new block starts with, and the rules a block must pass before it joins the lesson.
 * Pure data and functions, shared by machines/lessonEditor, src/blocks and server/commands.
 *
 * A block whose type the app does not know (older or newer data) is kept as it is: parsing never drops it,
 * saving sends it back untouched, and the views show it as "unsupported".
 */
import { BANNER, blockProblems as contractRuleProblems, KNOWN_BLOCK_TYPES, type BlockType, type KnownContentBlock } from './contentBlocks';
import { isBetween, isEmpty, isHttpLink } from './validation';

/** The types the "add a block" menu offers, in its order (the contract's list, shared/contentBlocks.ts). */
export const BLOCK_TYPES = KNOWN_BLOCK_TYPES;
export type { BlockType };

export interface TimelineEntry {
  timecode: string;
  label: string;
}

/** The data of each known block type. Urls point at an upload of the store or at an http(s) address. */
export interface BlockDataByType {
  text: { html: string };
  heading: { text: string; level: 2 | 3 | 4 | 5 | 6 };
  image: { url: string; alt: string; caption?: string; banner?: boolean; width?: number; height?: number };
  video: { source: 'upload' | 'url'; url: string; duration?: number | null };
  audio: { source: 'upload' | 'url'; url: string; title?: string };
  pdf: { url: string; name?: string };
  embed: { url: string; provider?: string | null };
  code: { language: string; code: string };
  quote: { text: string; author?: string };
  markdown: { markdown: string };
  timeline: { entries: TimelineEntry[] };
  flashcard: { front: string; back: string };
  scratch_card: { front?: string; hidden: string };
  file: { url: string; name: string; size?: number | null };
}

export type KnownBlock = { [T in BlockType]: { id: string; type: T; data: BlockDataByType[T] } }[BlockType];

/** Any block as stored: a known one, or one the app does not know, kept as is. */
export interface ContentBlock {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

export const isKnownType = (type: string): type is BlockType => (BLOCK_TYPES as readonly string[]).includes(type);

export const isKnownBlock = (block: ContentBlock): block is ContentBlock & KnownBlock => isKnownType(block.type);

/** Languages the code block offers (highlight.js names); others typed by hand stay as plain text. */
export const CODE_LANGUAGES = ['plaintext', 'javascript', 'typescript', 'python', 'html', 'css', 'json', 'bash', 'sql', 'php', 'java', 'c', 'cpp', 'csharp', 'go', 'rust', 'ruby', 'yaml', 'markdown'] as const;

/** Spec section 9: a banner image is exactly 728 by 200 pixels. */
export const BANNER_SIZE = BANNER;

/** Limits the server also holds (openapi ContentBlock schemas). */
export const BLOCK_LIMITS = {
  /** A lesson's whole JSON text (updateTrainingItem `content`). */
  contentLength: 2_000_000,
  blocks: 500,
  text: 100_000,
  short: 500,
  timelineEntries: 200,
} as const;

/** The data a new block of `type` starts with (empty: the block is new until the trainer applies it). */
export function emptyBlockData<T extends BlockType>(type: T): BlockDataByType[T] {
  const empty: { [K in BlockType]: BlockDataByType[K] } = {
    text: { html: '' },
    heading: { text: '', level: 2 },
    image: { url: '', alt: '', caption: '', banner: false },
    video: { source: 'url', url: '', duration: null },
    audio: { source: 'url', url: '', title: '' },
    pdf: { url: '', name: '' },
    embed: { url: '', provider: null },
    code: { language: 'plaintext', code: '' },
    quote: { text: '', author: '' },
    markdown: { markdown: '' },
    timeline: { entries: [{ timecode: '', label: '' }] },
    flashcard: { front: '', back: '' },
    scratch_card: { front: '', hidden: '' },
    file: { url: '', name: '', size: null },
  };
  return structuredClone(empty[type]);
}

/** Why a block cannot join the lesson yet, field by field (`field` → rule broken), or an empty object. */
export type BlockProblems = Record<string, BlockRule>;
export type BlockRule = 'required' | 'httpLink' | 'tooLong' | 'timecode' | 'timecodeOrder' | 'html' | 'between' | 'bannerSize';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** A rich-text value with no text left once tags are gone is empty (`<p></p>`). */
const htmlIsEmpty = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '' && !/<(img|hr|table)\b/i.test(html);
/** An address: an upload of the store (a path such as /api/v1/files/…) or an http(s) link. */
const isAddress = (value: string) => value.startsWith('/') ? !value.startsWith('//') : isHttpLink(value);

function requireAddress(problems: BlockProblems, field: string, value: unknown) {
  const url = text(value).trim();
  if (url === '') problems[field] = 'required';
  else if (!isAddress(url)) problems[field] = 'httpLink';
  else if (url.length > 2048) problems[field] = 'tooLong';
}

function requireText(problems: BlockProblems, field: string, value: unknown, max: number = BLOCK_LIMITS.text) {
  const value_ = text(value);
  if (isEmpty(value_)) problems[field] = 'required';
  else if (value_.length > max) problems[field] = 'tooLong';
}

function limitText(problems: BlockProblems, field: string, value: unknown, max: number = BLOCK_LIMITS.short) {
  if (text(value).length > max) problems[field] = 'tooLong';
}

/**
 * The rules of a block (spec section 5) before it joins the lesson: what must be filled and http(s) addresses
 * (the editor's own), then the rules the server also runs beyond the schema (shared/contentBlocks.ts: banner
 * size, quote text, no HTML in Markdown, readable and increasing timecodes). An unknown block has no rule: it is
 * kept as it came.
 */
export function blockProblems(block: ContentBlock): BlockProblems {
  const problems: BlockProblems = {};
  if (!isKnownBlock(block)) return problems;
  const data = block.data as Record<string, unknown>;
  switch (block.type) {
    case 'text':
      if (htmlIsEmpty(text(data.html))) problems.html = 'required';
      else if (text(data.html).length > BLOCK_LIMITS.text) problems.html = 'tooLong';
      break;
    case 'heading':
      requireText(problems, 'text', data.text, BLOCK_LIMITS.short);
      if (!isBetween(Number(data.level), 2, 6)) problems.level = 'between';
      break;
    case 'image':
      requireAddress(problems, 'url', data.url);
      limitText(problems, 'alt', data.alt);
      limitText(problems, 'caption', data.caption, 1_000);
      break;
    case 'video':
    case 'audio':
    case 'pdf':
    case 'embed':
      requireAddress(problems, 'url', data.url);
      break;
    case 'file':
      requireAddress(problems, 'url', data.url);
      requireText(problems, 'name', data.name, 255);
      break;
    case 'code':
      requireText(problems, 'code', data.code);
      break;
    case 'quote':
      requireText(problems, 'text', data.text, 20_000);
      limitText(problems, 'author', data.author, 255);
      break;
    case 'markdown':
      requireText(problems, 'markdown', data.markdown);
      break;
    case 'timeline': {
      const entries = Array.isArray(data.entries) ? (data.entries as Partial<TimelineEntry>[]) : [];
      if (entries.length === 0) problems.entries = 'required';
      if (entries.length > BLOCK_LIMITS.timelineEntries) problems.entries = 'tooLong';
      entries.forEach((entry, index) => {
        if (isEmpty(text(entry.timecode))) problems[`entries.${index}.timecode`] = 'required';
        requireText(problems, `entries.${index}.label`, entry.label, BLOCK_LIMITS.short);
      });
      break;
    }
    case 'flashcard':
      requireText(problems, 'front', data.front, 5_000);
      requireText(problems, 'back', data.back, 5_000);
      break;
    case 'scratch_card':
      limitText(problems, 'front', data.front, 5_000);
      requireText(problems, 'hidden', data.hidden, 5_000);
      break;
  }
  for (const problem of contractRuleProblems(block as unknown as KnownContentBlock)) {
    const field = problem.path.replace(/^data\.?/, '') || 'text';
    if (field in problems) continue;
    problems[field] = CONTRACT_RULE[problem.rule];
  }
  return problems;
}

const CONTRACT_RULE = { bannerSize: 'bannerSize', quoteEmpty: 'required', markdownHtml: 'html', timecode: 'timecode', timecodeOrder: 'timecodeOrder' } as const satisfies Record<string, BlockRule>;

export const isBlockValid = (block: ContentBlock) => Object.keys(blockProblems(block)).length === 0;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The block list of an item's `content` text. Not JSON, or not a list: no block (the editor says the content
 * could not be read and saves nothing until the trainer changes it). Entries that are not blocks are skipped;
 * blocks of unknown types are kept.
 */
export function parseBlocks(content: string | null | undefined): { blocks: ContentBlock[]; unreadable: boolean } {
  if (content === null || content === undefined || content.trim() === '') return { blocks: [], unreadable: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { blocks: [], unreadable: true };
  }
  if (!Array.isArray(parsed)) return { blocks: [], unreadable: true };
  const blocks = parsed.filter(
    (entry): entry is ContentBlock => isRecord(entry) && typeof entry.id === 'string' && typeof entry.type === 'string' && isRecord(entry.data),
  );
  return { blocks, unreadable: blocks.length !== parsed.length };
}

/** The `content` text of a block list, as the item stores it. */
export const serialiseBlocks = (blocks: readonly ContentBlock[]): string => JSON.stringify(blocks);
