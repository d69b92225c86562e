import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FieldErrors } from '../http/errors.js';
import { messages, type Text } from '../http/messages.js';
import type { OpenApiDocument } from './document.js';

// ajv and ajv-formats are CommonJS; under ESM their default export may sit one level down.
const Ajv2020 = ((AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule) as typeof AjvModule;
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const DOCUMENT_ID = 'openapi';

/**
 * Compiles validators that point INTO the bundled document by JSON pointer, so no schema is ever
 * copied: a request body is checked against `openapi#/paths/~1login/post/requestBody/...`.
 * Two instances: query and path values arrive as strings and are coerced; bodies and responses are not.
 */
export class ContractValidator {
  private readonly strict: InstanceType<typeof Ajv2020>;
  private readonly coercing: InstanceType<typeof Ajv2020>;

  constructor(doc: OpenApiDocument) {
    const make = (coerceTypes: boolean | 'array') => {
      const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true, coerceTypes, useDefaults: true });
      addFormats(ajv);
      ajv.addSchema(doc as object, DOCUMENT_ID);
      return ajv;
    };
    this.strict = make(false);
    this.coercing = make('array');
  }

  /** A validator for the schema at `pointer` ("#/paths/..."). */
  schemaAt(pointer: string): ValidateFunction {
    return this.strict.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
  }

  /** An object validator for a set of parameters, each given by the pointer of its schema. */
  parameters(params: { name: string; required: boolean; pointer: string }[]): ValidateFunction {
    return this.coercing.compile({
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, { $ref: `${DOCUMENT_ID}${p.pointer}` }])),
      required: params.filter((p) => p.required).map((p) => p.name),
    });
  }
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
    default:
      return messages.pattern;
  }
}
