import AjvModule, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FieldErrors } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { ContentBlock } from '../../../shared/contentBlocks.js';
import { toFieldErrors } from '../../openapi/validation.js';
import { blockListErrors, cleanBlocks, MAX_CONTENT_LENGTH } from './blocks.js';
import { cleanDescription } from '../catalogue/descriptionHtml.js';
import type { ItemRow, ItemType } from './items.js';

// ajv and ajv-formats are CommonJS; under ESM their default export may sit one level down (as in validation.ts).
const Ajv2020 = ((AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule) as typeof AjvModule;
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

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

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/**
 * `content` or `blocks` of an update (never both), read into the text to store: null clears; a list is checked
 * block by block against the contract (blockListErrors, pointers like `blocks.3.data.level`) and cleaned
 * (cleanBlocks). A text whose blocks were already clean is stored exactly as sent. Problems go into `errors`
 * and answer undefined (nothing to store).
 */
export function contentToStore(input: { content?: string | null; blocks?: unknown[] | null }, errors: FieldErrors): string | null | undefined {
  if (input.content !== undefined && input.blocks !== undefined) {
    errors.content = [messages.contentTwice];
    return undefined;
  }
  const field = input.blocks !== undefined ? 'blocks' : 'content';
  const sent = input.blocks !== undefined ? input.blocks : input.content;
  if (sent === undefined || sent === null) return sent;
  let list: unknown;
  if (typeof sent === 'string') {
    const parsed = parseJson(sent);
    list = parsed.ok ? parsed.value : undefined;
  } else list = sent;
  if (!Array.isArray(list)) {
    errors.content = [messages.contentUnreadable];
    return undefined;
  }
  const problems = blockListErrors(list, field);
  if (Object.keys(problems).length) {
    Object.assign(errors, problems);
    return undefined;
  }
  const text = JSON.stringify(cleanBlocks(list as ContentBlock[]));
  if (text.length > MAX_CONTENT_LENGTH) {
    errors[field] = [messages.maxLength(MAX_CONTENT_LENGTH)];
    return undefined;
  }
  return typeof sent === 'string' && text === JSON.stringify(list) ? sent : text;
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
    const { tasks } = parsed.value as { tasks: { id: string; label: string }[] };
    const blank = tasks.findIndex((task) => task.label.trim() === '');
    if (blank >= 0) return { [`specific_content.tasks.${blank}.label`]: [messages.taskLabelBlank] };
    const ids = tasks.map((task) => task.id);
    if (new Set(ids).size !== ids.length) return { 'specific_content.tasks': [messages.listedTwice] };
  }
  return {};
}
