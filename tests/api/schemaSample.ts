import { randomUUID } from 'node:crypto';
import { resolveRef, type BoundOperation } from '../../server/openapi/document';
import { document } from './client';

/** A JSON schema as the bundled contract writes them (the parts a sampler reads). */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  dependentRequired?: Record<string, string[]>;
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

/** The schema with its $ref, allOf, oneOf and anyOf resolved into one (the first branch of a choice). */
export function flatten(schema: Schema | undefined): Schema {
  let current = schema ? resolveRef<Schema>(document, schema) : {};
  const choice = current.oneOf ?? current.anyOf;
  if (choice?.length) current = { ...current, ...flatten(choice.find((s) => flatten(s).type !== 'null') ?? choice[0]) };
  if (current.allOf) {
    const merged: Schema = { ...current, allOf: undefined };
    for (const part of current.allOf.map(flatten)) {
      Object.assign(merged, part, {
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      });
    }
    current = merged;
  }
  return current;
}

/** The schema's one type, a nullable type counting as its non-null part. */
export function typeOf(schema: Schema): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);
}

/** Texts that satisfy the patterns the contract uses, tried in order. */
const PATTERN_CANDIDATES = ['demo-fuzz', 'abc', '+33612345678', '12345678901234', 'FR', 'REF-FUZZ', '1', 'https://example.com/a', 'example.com', '#1a2b3c', 'a'];

/** Values the sampler takes by field name, before looking at the schema (fixtures of the test, passwords). */
export type Known = Record<string, unknown>;

/** A valid value for `schema`: required properties only, the smallest allowed sizes, fixtures by field name. */
export function sample(schema: Schema | undefined, known: Known, name = ''): unknown {
  const s = flatten(schema);
  if (name && name in known) return known[name];
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== null);
  if (s.default !== undefined) return s.default;
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sample(s.properties?.[key], known, key);
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items, known, name));
    case 'integer':
    case 'number':
      return Math.min(Math.max(s.minimum ?? 1, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return false;
    case 'string':
      return sampleString(s);
    default:
      return 'x';
  }
}

function sampleString(s: Schema): string {
  switch (s.format) {
    case 'email':
      return `fuzz-${randomUUID().slice(0, 8)}@example.test`;
    case 'uuid':
      return randomUUID();
    case 'date-time':
      return '2031-01-15T10:00:00.000Z';
    case 'date':
      return '2031-01-15';
    case 'uri':
      return 'https://example.com/fuzz.png';
  }
  const fits = (value: string) => value.length >= (s.minLength ?? 0) && value.length <= (s.maxLength ?? Infinity) && (!s.pattern || new RegExp(s.pattern, 'u').test(value));
  const found = PATTERN_CANDIDATES.find(fits);
  if (found) return found;
  return 'x'.repeat(Math.max(s.minLength ?? 1, 1));
}

/** A leaf of a request: where it sits and what schema it has. */
export interface Leaf {
  in: 'path' | 'query' | 'body';
  /** Property names (and 0 for array items) from the body's root; one name for parameters. */
  path: (string | number)[];
  schema: Schema;
}

/** Every string, integer and number a request can carry, optional ones and those in nested objects and arrays included. */
export function leavesOf(operation: BoundOperation, bodySchema: Schema | undefined): Leaf[] {
  const leaves: Leaf[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    leaves.push({ in: parameter.in, path: [parameter.name], schema: flatten(parameter.schema as Schema) });
  }
  const visit = (schema: Schema | undefined, path: (string | number)[], depth: number) => {
    const s = flatten(schema);
    const type = typeOf(s);
    if (depth > 6) return;
    if (type === 'object') {
      for (const [key, child] of Object.entries(s.properties ?? {})) visit(child, [...path, key], depth + 1);
      if (s.additionalProperties && typeof s.additionalProperties === 'object') visit(s.additionalProperties, [...path, 'fuzz-key'], depth + 1);
    } else if (type === 'array') visit(s.items, [...path, 0], depth + 1);
    else if (type === 'string' || type === 'integer' || type === 'number') leaves.push({ in: 'body', path, schema: s });
  };
  if (bodySchema) visit(bodySchema, [], 0);
  return leaves;
}

/** `base` with the value at `path` replaced, every missing object or array on the way built from its schema. */
export function withValue(base: unknown, bodySchema: Schema, path: (string | number)[], value: unknown, known: Known): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const s = flatten(bodySchema);
  if (typeof head === 'number') {
    const items = Array.isArray(base) ? [...base] : [];
    const item = items[0] ?? sample(s.items, known);
    items[0] = withValue(item, s.items ?? {}, rest, value, known);
    return items;
  }
  const child = s.properties?.[head] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : {});
  const object = { ...(base && typeof base === 'object' ? (base as Record<string, unknown>) : {}) };
  object[head] = withValue(head in object ? object[head] : sample(child, known, head), child, rest, value, known);
  for (const dependent of s.dependentRequired?.[head] ?? []) if (!(dependent in object)) object[dependent] = sample(s.properties?.[dependent], known, dependent);
  return object;
}
