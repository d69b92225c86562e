import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FieldErrors } from '../http/errors.js';
import { messages, type Text } from '../http/messages.js';
import type { OpenApiDocument } from './document.js';

// ajv and ajv-formats are CommonJS; under ESM their default export may sit one level down.
const Ajv2020 = ((AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule) as typeof AjvModule;
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const DOCUMENT_ID = 'openapi';

/** PostgreSQL's `integer` (int4): ids (`serial`), positions, counts. A larger value makes a query fail. */
export const INT4_MIN = -(2 ** 31);
export const INT4_MAX = 2 ** 31 - 1;

/** A date PostgreSQL stores and JavaScript reads: years 1 to 9999 (there is no year 0), no leap second. */
const storableInstant = (value: string) => {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
};
/** ajv-formats' own checks (full mode), which these narrow. */
const rfc3339 = fullFormats as unknown as Record<'date' | 'date-time', { validate: (value: string) => boolean }>;
const formatRules = {
  // RFC 3339 allows 23:59:60 and the year 0000; `new Date()` reads neither, PostgreSQL has no year 0.
  'date-time': (value: string) => rfc3339['date-time'].validate(value) && storableInstant(value),
  date: (value: string) => rfc3339.date.validate(value) && storableInstant(`${value}T12:00:00Z`),
  // A bigint column: the largest integer JavaScript holds exactly (ajv-formats takes any integer, 1e300 included).
  int64: (value: number) => Number.isSafeInteger(value),
};

/**
 * The request side of the contract, with the limit its storage implies: an integer without a `maximum` (or a
 * `minimum`) is an int4 unless the contract says `format: int64`. A copy: responses keep the document as written.
 */
function requestDocument(doc: OpenApiDocument): object {
  const copy = JSON.parse(JSON.stringify(doc)) as object;
  const bound = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(bound);
    const schema = node as Record<string, unknown>;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('integer') && schema.format !== 'int64') {
      if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) schema.maximum = INT4_MAX;
      if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) schema.minimum = INT4_MIN;
    }
    Object.values(schema).forEach(bound);
  };
  bound(copy);
  return copy;
}

type Ajv = InstanceType<typeof Ajv2020>;

/**
 * The document as ajv's `discriminator` keyword reads it: a `oneOf` with a discriminator is then checked against
 * the one alternative its tag names instead of all of them (a lesson's 200 blocks were each checked against the 14
 * block schemas, with every error collected: most of a lesson save's answer check). ajv takes the tag values from
 * each alternative's `const` and refuses a `mapping`, so a copy of the nodes that carry one drops it (the contract's
 * mapping names the same schemas). The result is the same: each alternative requires its own `type` value, so at
 * most one can match, the one the tag names. Nodes without a mapping below them are kept, not copied.
 */
export function withoutDiscriminatorMappings<T>(node: T): T {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    const items = node.map(withoutDiscriminatorMappings);
    return (items.some((item, index) => item !== node[index]) ? items : node) as T;
  }
  let copy: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(node)) {
    let next = withoutDiscriminatorMappings(value);
    if (key === 'discriminator' && next && typeof next === 'object' && 'mapping' in next) {
      const { mapping: _mapping, ...rest } = next as Record<string, unknown>;
      next = rest;
    }
    if (next !== value) (copy ??= { ...(node as Record<string, unknown>) })[key] = next;
  }
  return (copy ?? node) as T;
}

function makeAjv(coerceTypes: boolean | 'array', schema: object): Ajv {
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true, coerceTypes, useDefaults: true, discriminator: true });
  addFormats(ajv);
  ajv.addFormat('date-time', { type: 'string', validate: formatRules['date-time'] });
  ajv.addFormat('date', { type: 'string', validate: formatRules.date });
  ajv.addFormat('int64', { type: 'number', validate: formatRules.int64 });
  ajv.addSchema(withoutDiscriminatorMappings(schema), DOCUMENT_ID);
  return ajv;
}

/**
 * Compiles validators that point INTO the bundled document by JSON pointer, so no schema is ever
 * copied: a request body is checked against `openapi#/paths/~1login/post/requestBody/...`.
 * Three instances: query and path values arrive as strings and are coerced; bodies are not; both read the
 * request side of the document (integers bounded, see requestDocument); responses read the document as written.
 * The request side is made on first use (a request with parameters or a body), not at start.
 */
export class ContractValidator {
  private readonly strict: Ajv;
  private requestSide: { requests: Ajv; coercing: Ajv } | undefined;

  constructor(private readonly doc: OpenApiDocument) {
    this.strict = makeAjv(false, doc);
  }

  private get forRequests() {
    if (!this.requestSide) {
      const schema = requestDocument(this.doc);
      this.requestSide = { requests: makeAjv(false, schema), coercing: makeAjv('array', schema) };
    }
    return this.requestSide;
  }

  /** A validator for the schema at `pointer` ("#/paths/..."), as answers must match it. */
  schemaAt(pointer: string): ValidateFunction {
    return this.strict.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
  }

  /** A validator for a request body's schema at `pointer` (integers bounded, see requestDocument). */
  requestSchemaAt(pointer: string): ValidateFunction {
    return this.forRequests.requests.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
  }

  /** An object validator for a set of parameters, each given by the pointer of its schema. */
  parameters(params: { name: string; required: boolean; pointer: string }[]): ValidateFunction {
    return this.forRequests.coercing.compile({
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, { $ref: `${DOCUMENT_ID}${p.pointer}` }])),
      required: params.filter((p) => p.required).map((p) => p.name),
    });
  }
}

/** Do these errors only say "past int4"? An id in the path that no row can have is then not found (404), like any unknown id. */
export const onlyBeyondInt4 = (errors: ErrorObject[] | null | undefined) =>
  Boolean(errors?.length) &&
  errors!.every((error) => {
    const limit = (error.params as { limit?: unknown }).limit;
    return (error.keyword === 'maximum' && limit === INT4_MAX) || (error.keyword === 'minimum' && limit === INT4_MIN);
  });

/** A NUL (which PostgreSQL's text and jsonb refuse) or half of a UTF-16 surrogate pair (which no encoding writes). */
export const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Every text of a request's path, query or body (keys of free-form objects included) must be storable as
 * sent. Checked over the parsed values, whatever their schema says: the field of each text that is not.
 */
export function unstorableTextErrors(value: unknown): FieldErrors {
  const fields: FieldErrors = {};
  const visit = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (UNSTORABLE.test(node)) fields[path || 'body'] = [messages.unstorableText];
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, path ? `${path}.${index}` : String(index)));
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (UNSTORABLE.test(key)) fields[path || 'body'] = [messages.unstorableText];
        else visit(item, path ? `${path}.${key}` : key);
      }
    }
  };
  visit(value, '');
  return fields;
}

/** Turns ajv errors into the envelope's per-field lists, in French (the product's source language). */
export function toFieldErrors(errors: ErrorObject[] | null | undefined): FieldErrors {
  const fields: FieldErrors = {};
  const add = (field: string, message: Text) => {
    const key = field || 'body';
    const list = (fields[key] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const error of errors ?? []) {
    const base = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const join = (name: string) => (base ? `${base}.${name}` : name);
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'required':
      case 'dependentRequired':
        add(join(String(params.missingProperty)), messages.required);
        break;
      case 'additionalProperties':
        add(join(String(params.additionalProperty)), messages.unexpected);
        break;
      case 'minLength':
        add(base, params.limit === 1 ? messages.required : messages.minLength(Number(params.limit)));
        break;
      case 'maxLength':
        add(base, messages.maxLength(Number(params.limit)));
        break;
      case 'format':
        add(base, formatMessage(String(params.format)));
        break;
      case 'type':
        add(base, messages.type(String(params.type)));
        break;
      case 'enum':
        add(base, messages.enum);
        break;
      case 'minimum':
        add(base, messages.minimum(Number(params.limit)));
        break;
      case 'maximum':
        add(base, messages.maximum(Number(params.limit)));
        break;
      case 'minProperties':
        add(base, messages.nothingToSave);
        break;
      case 'minItems':
        add(base, messages.minItems(Number(params.limit)));
        break;
      case 'maxItems':
        add(base, messages.maxItems(Number(params.limit)));
        break;
      case 'pattern':
        // `\S` ("not blank") is how the contract says a text must have content.
        add(base, params.pattern === '\\S' ? messages.required : messages.pattern);
        break;
      default:
        add(base, messages.invalidValue);
    }
  }
  // "Not a valid e-mail" says all that "at least 3 characters" would: keep the clearer message alone.
  for (const error of errors ?? []) {
    if (error.keyword !== 'format') continue;
    const key = error.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    fields[key] = [formatMessage(String((error.params as { format: string }).format))];
  }
  return fields;
}

function formatMessage(format: string): Text {
  switch (format) {
    case 'email':
      return messages.email;
    case 'uuid':
      return messages.uuid;
    case 'date-time':
    case 'date':
      return messages.date;
    case 'uri':
      return messages.uri;
    case 'int64':
      return messages.maximum(Number.MAX_SAFE_INTEGER);
    default:
      return messages.pattern;
  }
}
