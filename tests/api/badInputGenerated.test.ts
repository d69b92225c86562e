import { beforeAll, describe, expect, it } from 'vitest';
import type { BoundOperation } from '../../server/openapi/document';
import { ContractValidator } from '../../server/openapi/validation';
import { handlers } from '../../server/routes/handlers';
import { api, baseUrl, document, operations, register } from './client';
import { flatten, leavesOf, sample, typeOf, withValue, type Known, type Leaf, type Schema } from './schemaSample';

/**
 * Generated from the contract: every string, integer and number field of every implemented operation (path,
 * query, JSON and multipart bodies, optional and nested fields included) gets values no database stores or
 * no date reader reads, the rest of the request being valid. None may end in a 500, and none may be accepted.
 */

/** Texts PostgreSQL refuses: a NUL, and halves of a UTF-16 surrogate pair. */
const TEXTS = ['fuzz\u0000', '\u0000', '\ud800', 'a\udfffb'];
/** Year 0 (PostgreSQL has none), a leap second (`new Date` reads none), instants that fall out of years 1 to 9999 in UTC. */
const DATE_TIMES = ['0000-01-01T00:00:00Z', '2026-06-30T23:59:60Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-05:00'];
const DATES = ['0000-01-01', '0000-02-29'];
/** Past PostgreSQL's int4 and JavaScript's exact integers. */
const INTEGERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e20];
const NUMBERS = [1e308, -1e308];

interface Variant {
  value: unknown;
  /** Never acceptable: a 2xx answer is a failure too (large integers may be fine where the contract says int64). */
  refused: boolean;
}

function variantsFor(leaf: Leaf, multipart: boolean): Variant[] {
  const type = typeOf(leaf.schema);
  if (type === 'string') {
    // Only JSON carries half a surrogate pair; URLs and forms are UTF-8, which cannot.
    const texts = leaf.in === 'body' && !multipart ? TEXTS : ['fuzz\u0000', '\u0000'];
    const dates = leaf.schema.format === 'date-time' ? DATE_TIMES : leaf.schema.format === 'date' ? DATES : [];
    // A text the contract sets no length for is stored in a column without one: a long one is fine, not a 500.
    const long = leaf.schema.maxLength === undefined && !leaf.schema.enum && !leaf.schema.format ? [{ value: 'x'.repeat(100_000), refused: false }] : [];
    return [...[...texts, ...dates].map((value) => ({ value, refused: true })), ...long];
  }
  if (type === 'integer') return INTEGERS.map((value) => ({ value, refused: leaf.schema.format !== 'int64' || value > Number.MAX_SAFE_INTEGER }));
  if (type === 'number') return NUMBERS.map((value) => ({ value, refused: true }));
  return [];
}

const validator = new ContractValidator(document);
const implemented = operations.filter((o) => o.operationId in handlers);
const JSON_TYPE = 'application/json';
const MULTIPART_TYPE = 'multipart/form-data';

function bodyOf(operation: BoundOperation): { schema: Schema; pointer: string; kind: 'json' | 'multipart' } | undefined {
  const requestBody = operation.operation.requestBody;
  if (!requestBody) return undefined;
  const base = requestBody.$ref ?? `${operation.pointer}/requestBody`;
  const content = (requestBody.$ref ? flatten(requestBody as Schema) : requestBody) as { content?: Record<string, { schema: Schema }> };
  if (content.content?.[JSON_TYPE]) return { schema: content.content[JSON_TYPE].schema, pointer: `${base}/content/application~1json/schema`, kind: 'json' };
  if (content.content?.[MULTIPART_TYPE]) return { schema: content.content[MULTIPART_TYPE].schema, pointer: `${base}/content/multipart~1form-data/schema`, kind: 'multipart' };
  return undefined;
}

/** Fixtures by field name, made through the API by the sampler's own requests (which proves they are valid). */
let known: Known;
let token: string;
/** Names whose value differs under a bundle's path. */
let bundleKnown: Known;

const encodeParam = (value: unknown) => (typeof value === 'string' ? encodeURIComponent(value) : String(value));

async function send(operation: BoundOperation, params: Record<string, unknown>, query: Record<string, unknown>, body: unknown) {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeParam(params[name]));
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeParam(value)}`)
    .join('&');
  const url = `${path}${search ? `?${search}` : ''}`;
  const method = operation.method.toUpperCase();
  const spec = bodyOf(operation);
  if (spec?.kind === 'multipart') {
    const form = new FormData();
    for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
      const field = flatten(flatten(spec.schema).properties?.[name]);
      if (field.format === 'binary') form.append(name, new Blob(['email\nfuzz@example.test\n'], { type: 'text/csv' }), typeof value === 'string' && value !== 'x' ? value : 'learners.csv');
      else form.append(name, String(value));
    }
    const response = await fetch(`${baseUrl()}/api/v1${url}`, { method, body: form, headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, text: await response.text() };
  }
  return api(method, url, { token, ...(spec ? { body } : {}) });
}

function baseline(operation: BoundOperation) {
  const names = operation.path.includes('{bundleUuid}') ? { ...known, ...bundleKnown } : known;
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') params[parameter.name] = sample(parameter.schema as Schema, names, parameter.name);
    else if (parameter.in === 'query' && parameter.required) query[parameter.name] = sample(parameter.schema as Schema, names, parameter.name);
  }
  const spec = bodyOf(operation);
  const body = spec ? sample(spec.schema, names) : undefined;
  return { params, query, body, names };
}

/** A valid request, sent as is: how the fixtures are made. */
async function create(operationId: string, overrides: Record<string, unknown> = {}) {
  const operation = implemented.find((o) => o.operationId === operationId)!;
  const { params, query, body } = baseline(operation);
  const answer = await send(operation, params, query, { ...(body as object), ...overrides });
  expect(answer.status, `${operationId}: ${answer.text}`).toBeLessThan(300);
  return JSON.parse(answer.text) as Record<string, unknown>;
}

beforeAll(async () => {
  const owner = await register();
  token = owner.token;
  known = {
    storeUuid: owner.user.store.uuid,
    password: 'correct-horse-battery',
    current_password: owner.password,
    password_confirmation: 'correct-horse-battery',
    notificationId: 1,
  };
  bundleKnown = {};
  known.trainingUuid = (await create('createTraining')).uuid;
  known.itemId = (await create('createTrainingItem', { type: 'GENERIC' })).id;
  known.item_id = known.itemId;
  known.commentId = (await create('createTrainingItemComment')).id;
  known.paymentScheduleId = (await create('createTrainingPaymentSchedule')).id;
  known.customerUuid = ((await create('addTrainingCustomer')) as { customer?: { uuid: string }; uuid?: string }).uuid;
  known.bundleUuid = (await create('createBundle')).uuid;
  bundleKnown.paymentScheduleId = (await create('createBundlePaymentSchedule')).id;
  known.companyId = ((await api('GET', `/stores/${String(known.storeUuid)}/companies`, { token })).body.data[0] as { id: number }).id;
}, 120_000);

describe('no bad value ends in a 500 or is accepted, over every implemented operation', () => {
  it('covers the operations whose requests carry fields, each field in a request that is valid with a good value there', () => {
    const withFields = implemented.filter((o) => leavesOf(o, bodyOf(o)?.schema).length > 0);
    expect(withFields.length).toBeGreaterThan(50);
    const uncovered: string[] = [];
    for (const operation of withFields) {
      const spec = bodyOf(operation);
      if (!spec) continue;
      const validate = validator.requestSchemaAt(spec.pointer);
      const { body, names } = baseline(operation);
      for (const leaf of leavesOf(operation, spec.schema).filter((l) => l.in === 'body')) {
        const name = leaf.path.filter((p) => typeof p === 'string').at(-1);
        const good = withValue(body, spec.schema, leaf.path, sample(leaf.schema, names, name), names);
        if (!validate(spec.kind === 'multipart' ? { ...(good as object), file: 'learners.csv' } : good)) uncovered.push(`${operation.operationId} ${leaf.path.join('.')}`);
      }
    }
    expect(uncovered).toEqual([]);
  });

  it.each(implemented.map((o) => [o.operationId, o] as const))('%s', async (_id, operation) => {
    const spec = bodyOf(operation);
    const failures: string[] = [];
    for (const leaf of leavesOf(operation, spec?.schema)) {
      for (const variant of variantsFor(leaf, spec?.kind === 'multipart')) {
        const { params, query, body, names } = baseline(operation);
        if (leaf.in === 'path') params[leaf.path[0] as string] = variant.value;
        if (leaf.in === 'query') query[leaf.path[0] as string] = variant.value;
        const sent = leaf.in === 'body' ? withValue(body, spec!.schema, leaf.path, variant.value, names) : body;
        const answer = await send(operation, params, query, sent);
        const where = `${leaf.in} ${leaf.path.join('.')} = ${JSON.stringify(variant.value)}`;
        if (answer.status >= 500) failures.push(`${where} → ${answer.status} ${answer.text.slice(0, 120)}`);
        else if (variant.refused && answer.status < 400) failures.push(`${where} → accepted (${answer.status})`);
      }
    }
    expect(failures).toEqual([]);
  });
});
