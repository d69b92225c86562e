import AjvModule, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FieldErrors } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { loadDocument } from '../../openapi/document.js';
import { ContractValidator, toFieldErrors } from '../../openapi/validation.js';
import { cleanDescription } from '../catalogue/descriptionHtml.js';
import type { ItemRow, ItemType } from './items.js';

// ajv and ajv-formats are CommonJS; under ESM their default export may sit one level down (as in validation.ts).
const Ajv2020 = ((AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule) as typeof AjvModule;
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** A lesson is a list of blocks; more than this is a client gone wrong, not a lesson. */
export const MAX_CONTENT_BLOCKS = 2000;

/**
 * The JSON carried in `specific_content`, per type, as TrainingItem's description in the contract states it
 * (TASKS: {tasks: [{id, label}]}; ASSIGNMENT: {instructions, max_files}; VIDEO: {video_url, duration}). The
 * contract keeps it a JSON text (the spec stores it so), hence a schema here rather than in openapi/.
 */
const SPECIFIC_CONTENT_SCHEMAS: Partial<Record<ItemType, object>> = {
  TASKS: {
    type: 'object',
    required: ['tasks'],
    additionalProperties: false,
    properties: {
      tasks: {
        type: 'array',
        maxItems: 200,
        items: {
          type: 'object',
          required: ['id', 'label'],
          additionalProperties: false,
          properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, label: { type: 'string', minLength: 1, maxLength: 500 } },
        },
      },
    },
  },
  ASSIGNMENT: {
    type: 'object',
    required: ['instructions', 'max_files'],
    additionalProperties: false,
    properties: {
      instructions: { type: ['string', 'null'], maxLength: 20000 },
      max_files: { type: 'integer', minimum: 0, maximum: 20 },
    },
  },
  VIDEO: {
    type: 'object',
    required: ['video_url', 'duration'],
    additionalProperties: false,
    properties: {
      video_url: { type: ['string', 'null'], format: 'uri', pattern: '^https?://', maxLength: 2048 },
      duration: { type: ['integer', 'null'], minimum: 0, maximum: 86400 },
    },
  },
};

let compiled: Map<ItemType, ValidateFunction> | undefined;
function specificValidator(type: ItemType): ValidateFunction | undefined {
  if (!compiled) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    compiled = new Map(Object.entries(SPECIFIC_CONTENT_SCHEMAS).map(([name, schema]) => [name as ItemType, ajv.compile(schema)]));
  }
  return compiled.get(type);
}

// The block schema is the contract's own (ContentBlock); compiled on first use, like the binder's validators.
let blockValidator: ValidateFunction | undefined;
const validateBlock = (block: unknown) =>
  (blockValidator ??= new ContractValidator(loadDocument()).schemaAt('#/components/schemas/ContentBlock'))(block);

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/** An HTML tag or comment anywhere in a string. */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|<!--/i;
const holdsHtml = (value: unknown): boolean =>
  typeof value === 'string' ? HTML_TAG.test(value) : typeof value === 'object' && value !== null && Object.values(value).some(holdsHtml);

/**
 * `content`: the JSON text of a ContentBlock list. Each block must match the contract's ContentBlock, and
 * Markdown blocks may not hold HTML (spec: "Markdown blocks disallow HTML"). Block numbers in messages start at 1.
 */
export function contentErrors(content: string): FieldErrors {
  const parsed = parseJson(content);
  if (!parsed.ok || !Array.isArray(parsed.value)) return { content: [messages.contentUnreadable] };
  const blocks: unknown[] = parsed.value;
  if (blocks.length > MAX_CONTENT_BLOCKS) return { content: [messages.contentTooManyBlocks(MAX_CONTENT_BLOCKS)] };
  const problems = blocks.flatMap((block, i) => {
    if (!validateBlock(block)) return [messages.contentBlockInvalid(i + 1)];
    const { type, data } = block as { type: string; data: unknown };
    return type.toLowerCase() === 'markdown' && holdsHtml(data) ? [messages.markdownWithHtml(i + 1)] : [];
  });
  return problems.length ? { content: problems.slice(0, 10) } : {};
}

/** Keys of a block's data that hold an address: a video, an embed, a link, an image, a file. */
const ADDRESS_KEY = /(^|_)(url|href|src|link)$/i;

/** Only http(s) addresses, absolute: anything else (javascript:, data:, file:, vbscript:, //host…) is emptied. */
function cleanAddress(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return '';
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? value.trim() : '';
}

/** A block's data with every `html` cleaned to the editor's allow-list and every address to http(s). */
function cleanData(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (key === 'html') return cleanDescription(value) ?? '';
    return ADDRESS_KEY.test(key) ? cleanAddress(value) : value;
  }
  if (Array.isArray(value)) return value.map((item) => cleanData(item, key));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, cleanData(inner, name)]));
  }
  return value;
}

/**
 * `content` as stored, once contentErrors found nothing: every block's HTML (a text block's `html`, and any
 * other `html` a block carries) cleaned to the editor's allow-list like the descriptions (descriptionHtml.ts),
 * and every address (…url, …href, …src, …link, at any depth) kept only when it is http(s). The learner area
 * renders lessons as they are, whoever wrote them (the editor, an integration, a script): nothing active may
 * be stored. A content already clean is stored exactly as sent.
 */
export function cleanContent(content: string): string {
  const blocks = JSON.parse(content) as { id: string; type: string; data: Record<string, unknown> }[];
  const cleaned = blocks.map((block) => ({ ...block, data: cleanData(block.data) }));
  const text = JSON.stringify(cleaned);
  return text === JSON.stringify(blocks) ? content : text;
}

/**
 * `specific_content` as stored, once specificContentErrors found nothing: an ASSIGNMENT's instructions are HTML
 * the learner area renders, cleaned like the descriptions. Settings already clean are stored exactly as sent.
 */
export function cleanSpecificContent(type: ItemType, text: string | null): string | null {
  if (type !== 'ASSIGNMENT' || text === null) return text;
  const settings = JSON.parse(text) as { instructions: string | null };
  if (settings.instructions === null) return text;
  const instructions = cleanDescription(settings.instructions);
  return instructions === settings.instructions ? text : JSON.stringify({ ...settings, instructions });
}

/**
 * `specific_content` for an item of `row.type`: null clears it (a type that has settings falls back to its
 * defaults); SCORM settings come from the uploaded package and may only be sent back unchanged; SECTION,
 * GENERIC and QUIZ have none (a quiz's questions live under …/quiz).
 */
export function specificContentErrors(row: Pick<ItemRow, 'type' | 'specificContent'>, text: string | null): FieldErrors {
  if (row.type === 'SCORM') return text === row.specificContent ? {} : { specific_content: [messages.specificContentScorm] };
  if (text === null) return {};
  const validate = specificValidator(row.type);
  if (!validate) return { specific_content: [messages.specificContentNone] };
  const parsed = parseJson(text);
  if (!parsed.ok) return { specific_content: [messages.invalidValue] };
  if (!validate(parsed.value)) {
    const nested = toFieldErrors(validate.errors);
    return Object.fromEntries(Object.entries(nested).map(([field, list]) => [field === 'body' ? 'specific_content' : `specific_content.${field}`, list]));
  }
  if (row.type === 'TASKS') {
    const ids = (parsed.value as { tasks: { id: string }[] }).tasks.map((task) => task.id);
    if (new Set(ids).size !== ids.length) return { 'specific_content.tasks': [messages.listedTwice] };
  }
  return {};
}
