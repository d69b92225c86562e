import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FieldErrors } from '../http/errors.js';
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
  const add = (field: string, message: string) => {
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
        add(join(String(params.missingProperty)), 'Ce champ est obligatoire.');
        break;
      case 'additionalProperties':
        add(join(String(params.additionalProperty)), "Ce champ n'est pas attendu.");
        break;
      case 'minLength':
        add(base, params.limit === 1 ? 'Ce champ est obligatoire.' : `Doit contenir au moins ${String(params.limit)} caractères.`);
        break;
      case 'maxLength':
        add(base, `Doit contenir au plus ${String(params.limit)} caractères.`);
        break;
      case 'format':
        add(base, formatMessage(String(params.format)));
        break;
      case 'type':
        add(base, `Type de valeur invalide (attendu : ${String(params.type)}).`);
        break;
      case 'enum':
        add(base, 'Cette valeur ne fait pas partie des choix possibles.');
        break;
      case 'minimum':
        add(base, `Doit être supérieur ou égal à ${String(params.limit)}.`);
        break;
      case 'maximum':
        add(base, `Doit être inférieur ou égal à ${String(params.limit)}.`);
        break;
      case 'minProperties':
        add(base, 'Aucune donnée à enregistrer.');
        break;
      case 'minItems':
        add(base, `Choisissez au moins ${String(params.limit)} élément(s).`);
        break;
      case 'maxItems':
        add(base, `Choisissez au plus ${String(params.limit)} élément(s).`);
        break;
      case 'pattern':
        add(base, "Le format n'est pas valide.");
        break;
      default:
        add(base, error.message ?? 'Valeur invalide.');
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

function formatMessage(format: string): string {
  switch (format) {
    case 'email':
      return "L'adresse e-mail n'est pas valide.";
    case 'uuid':
      return "L'identifiant n'est pas valide.";
    case 'date-time':
    case 'date':
      return "La date n'est pas valide.";
    case 'uri':
      return "L'adresse n'est pas valide.";
    default:
      return "Le format n'est pas valide.";
  }
}
