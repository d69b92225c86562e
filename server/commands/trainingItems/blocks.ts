import type { ValidateFunction } from 'ajv/dist/2020.js';
import {
  blockProblems,
  isKnownBlock,
  KNOWN_BLOCK_TYPES,
  type BlockProblem,
  type ContentBlock,
  type KnownContentBlock,
} from '../../../shared/contentBlocks.js';
import { blockProblems as editorProblems, type BlockRule } from '../../../shared/lessonBlocks.js';
import type { FieldErrors } from '../../http/errors.js';
import { messages, type Text } from '../../http/messages.js';
import { loadDocument } from '../../openapi/document.js';
import { ContractValidator, toFieldErrors } from '../../openapi/validation.js';
import { recogniseEmbed } from '../../../shared/embedProviders.js';
import { cleanLessonHtml } from './lessonHtml.js';

/** A lesson is a list of blocks; more than this is a client gone wrong, not a lesson. */
export const MAX_CONTENT_BLOCKS = 2000;
/** The stored JSON text's limit (the contract's `content` maxLength), whichever form the list came in. */
export const MAX_CONTENT_LENGTH = 2_000_000;
/** Problems of this many blocks are reported; a client far off gets the first ones, not a megabyte of errors. */
const REPORTED_BLOCKS = 10;

/**
 * One validator per block type, each the contract's own schema for it (KnownContentBlock's discriminator
 * mapping names them), and UnknownBlock for any other type. Compiled on first use, like the binder's.
 */
let validators: { known: Map<string, ValidateFunction>; unknown: ValidateFunction } | undefined;
function validatorFor(type: string): ValidateFunction {
  if (!validators) {
    const doc = loadDocument();
    const contract = new ContractValidator(doc);
    const schemas = doc.components?.schemas as Record<string, { discriminator?: { mapping: Record<string, string> } }>;
    const mapping = schemas.KnownContentBlock?.discriminator?.mapping ?? {};
    validators = {
      known: new Map(Object.entries(mapping).map(([name, ref]) => [name, contract.requestSchemaAt(ref)])),
      unknown: contract.requestSchemaAt('#/components/schemas/UnknownBlock'),
    };
  }
  return validators.known.get(type) ?? validators.unknown;
}

const RULE_MESSAGES: Record<BlockProblem['rule'], Text> = {
  bannerSize: messages.bannerSize,
  quoteEmpty: messages.quoteEmpty,
  markdownHtml: messages.markdownHtml,
  timecode: messages.timecode,
  timecodeOrder: messages.timecodeOrder,
};

/**
 * The editor's own rules the API also holds to: plain-text fields that must be filled (a heading's text, code,
 * markdown, a flashcard's sides, a file's name, a timeline label), lengths, a heading's level. Rich text and
 * addresses are not refused but cleaned (an unsafe address is emptied, a script-only paragraph stored empty),
 * and the quote's "text or html" is the contract rule's, so those fields are left to cleaning and RULE_MESSAGES.
 */
const EDITOR_RULE_MESSAGES: Partial<Record<BlockRule, Text>> = { required: messages.required, tooLong: messages.blockFieldTooLong, between: messages.invalidValue };
const CLEANED_FIELD = /(^|\.)(html|url)$/;

function editorRuleErrors(block: KnownContentBlock): [string, Text[]][] {
  if (block.type === 'quote') return [];
  return Object.entries(editorProblems(block)).flatMap(([path, rule]) => {
    const message = EDITOR_RULE_MESSAGES[rule];
    return message && !CLEANED_FIELD.test(path) ? [[`data.${path}`, [message]] as [string, Text[]]] : [];
  });
}

const typeOf = (block: unknown) =>
  typeof block === 'object' && block !== null && typeof (block as { type?: unknown }).type === 'string' ? (block as { type: string }).type : '';

/**
 * The problems of a block list sent as `field` ('blocks' or 'content'), keyed by each block's pointer
 * (`blocks.3.data.level`): its type's contract schema first, then the editor's required plain-text fields
 * (editorRuleErrors) and the rules schemas cannot say (shared blockProblems: banner size, empty quote, HTML in
 * markdown, timecodes). {} when the list is fine.
 */
export function blockListErrors(list: readonly unknown[], field: 'blocks' | 'content'): FieldErrors {
  if (list.length > MAX_CONTENT_BLOCKS) return { [field]: [messages.contentTooManyBlocks(MAX_CONTENT_BLOCKS)] };
  const errors: FieldErrors = {};
  let reported = 0;
  for (const [index, block] of list.entries()) {
    if (reported === REPORTED_BLOCKS) break;
    const validate = validatorFor(typeOf(block));
    const prefix = `${field}.${index}`;
    const found: FieldErrors = validate(block)
      ? Object.fromEntries(
          (KNOWN_BLOCK_TYPES as readonly string[]).includes(typeOf(block))
            ? [
                ...editorRuleErrors(block as KnownContentBlock),
                ...blockProblems(block as KnownContentBlock).map((problem): [string, Text[]] => [problem.path, [RULE_MESSAGES[problem.rule]]]),
              ]
            : [],
        )
      : toFieldErrors(validate.errors);
    if (Object.keys(found).length === 0) continue;
    reported += 1;
    for (const [path, list] of Object.entries(found)) errors[path === 'body' ? prefix : `${prefix}.${path}`] = list;
  }
  return errors;
}

/** Only absolute http(s) addresses: anything else (javascript:, data:, file:, vbscript:, //host, relative) is emptied. */
export function cleanAddress(value: string): string {
  const trimmed = value.trim();
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? trimmed : '';
  } catch {
    return '';
  }
}

/** One known block as stored: HTML to the lesson allow-list, addresses http(s), an embed's src/provider recomputed. */
function cleanKnown(block: KnownContentBlock): KnownContentBlock {
  switch (block.type) {
    case 'text':
      return { ...block, data: { html: cleanLessonHtml(block.data.html) } };
    case 'quote':
      return { ...block, data: { ...block.data, ...(block.data.html !== undefined ? { html: cleanLessonHtml(block.data.html) } : {}) } };
    case 'embed': {
      const url = cleanAddress(block.data.url);
      const known = url ? recogniseEmbed(url) : null;
      const html = block.data.html == null ? block.data.html : cleanLessonHtml(block.data.html);
      return { ...block, data: { ...block.data, url, provider: known?.provider ?? null, src: known?.src ?? null, ...(html !== undefined ? { html } : {}) } };
    }
    case 'video':
      return { ...block, data: { ...block.data, url: cleanAddress(block.data.url), ...(block.data.poster !== undefined ? { poster: cleanAddress(block.data.poster) } : {}) } };
    case 'image':
    case 'audio':
    case 'pdf':
    case 'file':
      return { ...block, data: { ...block.data, url: cleanAddress(block.data.url) } } as KnownContentBlock;
    default:
      return block;
  }
}

/**
 * A valid block list (blockListErrors found nothing) as stored: every known block cleaned; a block of a type
 * the server does not know is kept exactly as sent (the contract's UnknownBlock: never rendered as HTML).
 */
export const cleanBlocks = (blocks: readonly ContentBlock[]): ContentBlock[] => blocks.map((block) => (isKnownBlock(block) ? cleanKnown(block) : block));

/**
 * The stored content text read back as blocks for the answer. Content is only stored once valid, but rows
 * written before a rule existed may hold a block that no longer passes: it is left out of `blocks` (the text in
 * `content` keeps it) rather than making the item unreadable.
 */
export function storedBlocks(content: string | null): ContentBlock[] {
  if (content === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((block): block is ContentBlock => validatorFor(typeOf(block))(block));
}
