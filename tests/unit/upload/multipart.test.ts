import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { readConfig } from '../../../server/config';
import type { OpenApiDocument } from '../../../server/openapi/document';
import type { HandlerMap } from '../../../server/openapi/handler';
import { MAX_CONCURRENT_MULTIPART, type UploadedFile } from '../../../server/openapi/multipart';
import { notFound } from '../../../server/http/errors';
import type { Services } from '../../../server/services';

const errorAnswer = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
const responses = {
  '200': { content: { 'application/json': { schema: { type: 'object' } } } },
  '404': errorAnswer,
  '422': errorAnswer,
  '429': errorAnswer,
};

/**
 * A small contract: `echo`, a public multipart form with text fields and a 1000-byte file; `thing`, a file
 * sent to /things/{thing}, whose preflight refuses "other" and whose handler waits for the test on "slow".
 */
const document = {
  openapi: '3.1.0',
  paths: {
    '/echo': {
      post: {
        operationId: 'echo',
        security: [],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['type', 'file'],
                additionalProperties: false,
                properties: {
                  type: { type: 'string', enum: ['SCORM'] },
                  parent_id: { type: 'string', pattern: '^[0-9]*$' },
                  file: { type: 'string', format: 'binary', 'x-max-size': 1000 },
                },
              },
            },
          },
        },
        responses,
      },
    },
    '/things/{thing}': {
      parameters: [{ name: 'thing', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } }],
      post: {
        operationId: 'thing',
        security: [],
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } },
        },
        responses,
      },
    },
  },
  components: { schemas: { Error: { type: 'object', required: ['message', 'code'] } } },
} as unknown as OpenApiDocument;

let app: FastifyInstance;
let origin: string;
let base: string;
const seenPaths: string[] = [];
const preflights: string[] = [];
/** Paths of the files the "slow" handlers hold, in arrival order; they answer once `gate` resolves. */
const waiting: string[] = [];
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
let gate = deferred();

beforeAll(async () => {
  const handlers = {
    async echo(ctx: { body: { type: string; parent_id?: string; file: UploadedFile } }) {
      const { file, ...fields } = ctx.body;
      seenPaths.push(file.path);
      return {
        status: 200,
        body: { fields, file: { filename: file.filename, mimetype: file.mimetype, size: file.size, text: readFileSync(file.path, 'utf8') } },
      };
    },
    thing: Object.assign(
      async (ctx: { params: { thing: string }; body: { file?: UploadedFile } }) => {
        if (ctx.params.thing === 'slow') {
          waiting.push(ctx.body.file?.path ?? '');
          await gate.promise;
        }
        return { status: 200, body: { size: ctx.body.file?.size ?? null } };
      },
      {
        async preflight(ctx: { params: { thing: string } }) {
          preflights.push(ctx.params.thing);
          if (ctx.params.thing === 'other') throw notFound();
        },
      },
    ),
  } as unknown as HandlerMap;
  const services = { config: { ...readConfig({}), devMailbox: false } } as unknown as Services;
  app = await buildApp(services, { document, handlers, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  base = `${origin}/api/v1/echo`;
});
afterAll(() => app.close());

function form(entries: Record<string, string | Blob>, filename = 'paquet.zip') {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) {
    if (value instanceof Blob) data.append(name, value, filename);
    else data.append(name, value);
  }
  return data;
}

async function post(body: BodyInit, headers?: Record<string, string>, url = base) {
  const response = await fetch(url, { method: 'POST', body, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { errors?: Record<string, string[]> } };
}

describe('multipart/form-data bodies', () => {
  it('hands the handler the text fields and the file on disk, and removes the file afterwards', async () => {
    const answer = await post(form({ type: 'SCORM', parent_id: '12', file: new Blob(['bonjour'], { type: 'application/zip' }) }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      fields: { type: 'SCORM', parent_id: '12' },
      file: { filename: 'paquet.zip', mimetype: 'application/zip', size: 7, text: 'bonjour' },
    });
    expect(seenPaths.at(-1)).toBeDefined();
    expect(existsSync(seenPaths.at(-1)!)).toBe(false);
  });

  it('accepts a file of exactly the cap', async () => {
    const answer = await post(form({ type: 'SCORM', file: new Blob(['x'.repeat(1000)]) }));
    expect(answer.status).toBe(200);
    expect((answer.body.file as { size: number }).size).toBe(1000);
  });

  it('refuses a file over the cap of the contract (x-max-size) with 422 on the file field', async () => {
    const answer = await post(form({ type: 'SCORM', file: new Blob(['x'.repeat(1001)]) }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors?.file?.[0]).toMatch(/trop volumineux/);
  });

  it('validates text fields against the contract', async () => {
    const answer = await post(form({ type: 'VIDEO', parent_id: 'abc', file: new Blob(['z']) }));
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors ?? {}).sort()).toEqual(['parent_id', 'type']);
  });

  it('asks for the file when it is missing, or sent as plain text', async () => {
    expect((await post(form({ type: 'SCORM' }))).body.errors).toEqual({ file: ['Ce champ est obligatoire.'] });
    expect((await post(form({ type: 'SCORM', file: 'pas un fichier' }))).body.errors).toEqual({ file: ['Un fichier est attendu dans ce champ.'] });
  });

  it('refuses parts the contract does not declare, and a second file', async () => {
    const extra = form({ type: 'SCORM', file: new Blob(['a']), other: 'x' });
    expect((await post(extra)).body.errors).toEqual({ other: ["Ce champ n'est pas attendu."] });
    const twice = form({ type: 'SCORM', file: new Blob(['a']) });
    twice.append('file', new Blob(['b']), 'second.zip');
    const answer = await post(twice);
    expect(answer.status).toBe(422);
  });

  it('answers 422 to a JSON body and to a cut-off multipart body', async () => {
    const json = await post(JSON.stringify({ type: 'SCORM' }), { 'content-type': 'application/json' });
    expect(json.status).toBe(422);
    expect(json.body.errors).toEqual({ body: ['Le corps de la requête doit être un formulaire multipart/form-data.'] });
    const cut = '--b\r\nContent-Disposition: form-data; name="type"\r\n\r\nSCORM\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nabc';
    const truncated = await post(cut, { 'content-type': 'multipart/form-data; boundary=b' });
    expect(truncated.status).toBe(422);
    expect(truncated.body.errors).toEqual({ body: ['Le formulaire envoyé est illisible ou incomplet.'] });
  });
});

const thing = (name: string) => `${origin}/api/v1/things/${name}`;
const CUT_OFF = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nabc';

/** Sends the headers and the first bytes of a multipart body, and resolves with the answer while the rest is still owed. */
function answerBeforeTheBodyEnds(url: string): Promise<{ status: number; body: { code?: string } }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(100 * 1024 * 1024) } });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as { code?: string } });
      });
    });
    request.write(CUT_OFF);
  });
}

describe('the preflight of an operation', () => {
  it('runs once the path is valid and answers before a byte of the body is read', async () => {
    // A cut-off body would be a 422 if it were read: the 404 shows it was not.
    const cut = await post(CUT_OFF, { 'content-type': 'multipart/form-data; boundary=b' }, thing('other'));
    expect(cut.status).toBe(404);
    expect(cut.body.code).toBe('NOT_FOUND');
    // An upload still under way (100 MiB announced, 3 bytes sent) gets its answer all the same.
    expect(await answerBeforeTheBodyEnds(thing('other'))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    preflights.length = 0;
    expect((await post(form({ file: new Blob(['x']) }), undefined, thing('BAD'))).status).toBe(422);
    expect(preflights).toEqual([]);
    expect((await post(form({ file: new Blob(['abc']) }), undefined, thing('mine'))).body).toEqual({ size: 3 });
    expect(preflights).toEqual(['mine']);
  });
});

describe('multipart bodies read at once', () => {
  it(`are at most ${MAX_CONCURRENT_MULTIPART}: one more answers 429 with Retry-After without being read, and slots come back`, async () => {
    gate = deferred();
    waiting.length = 0;
    const held = Array.from({ length: MAX_CONCURRENT_MULTIPART }, () => post(form({ file: new Blob(['held']) }), undefined, thing('slow')));
    await vi.waitFor(() => expect(waiting).toHaveLength(MAX_CONCURRENT_MULTIPART));

    const response = await fetch(thing('mine'), { method: 'POST', body: CUT_OFF, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await response.json()) as { code: string }).code).toBe('TOO_MANY_REQUESTS');
    // Refused before the preflight? No: the preflight's 404 still comes first, then the slots.
    expect((await post(CUT_OFF, { 'content-type': 'multipart/form-data; boundary=b' }, thing('other'))).status).toBe(404);

    gate.resolve();
    for (const answer of await Promise.all(held)) expect(answer).toEqual({ status: 200, body: { size: 4 } });
    for (const file of waiting) expect(existsSync(file)).toBe(false);

    // Failed bodies give their slot back too.
    for (let i = 0; i <= MAX_CONCURRENT_MULTIPART; i++) expect((await post(CUT_OFF, { 'content-type': 'multipart/form-data; boundary=b' }, thing('mine'))).status).toBe(422);
    expect((await post(form({ file: new Blob(['ok']) }), undefined, thing('mine'))).status).toBe(200);
  });

  it('must be declared able to answer 429: the binder refuses a contract that does not say so', async () => {
    const withoutBusy = structuredClone(document) as unknown as { paths: Record<string, { post: { responses: Record<string, unknown> } }> };
    delete withoutBusy.paths['/echo']!.post.responses['429'];
    const services = { config: { ...readConfig({}), devMailbox: false } } as unknown as Services;
    await expect(buildApp(services, { document: withoutBusy as unknown as OpenApiDocument, handlers: {}, logger: false })).rejects.toThrow(/echo: a multipart operation must declare 429/);
  });
});
