import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { readConfig } from '../../../server/config';
import type { OpenApiDocument } from '../../../server/openapi/document';
import type { HandlerMap } from '../../../server/openapi/handler';
import type { UploadedFile } from '../../../server/openapi/multipart';
import type { Services } from '../../../server/services';

/** A one-operation contract: a public multipart form with text fields and a 1000-byte file. */
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
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'object' } } } },
          '422': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
  },
  components: { schemas: { Error: { type: 'object', required: ['message', 'code'] } } },
} as unknown as OpenApiDocument;

let app: FastifyInstance;
let base: string;
const seenPaths: string[] = [];

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
  } as unknown as HandlerMap;
  const services = { config: { ...readConfig({}), devMailbox: false } } as unknown as Services;
  app = await buildApp(services, { document, handlers, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1/echo`;
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

async function post(body: BodyInit, headers?: Record<string, string>) {
  const response = await fetch(base, { method: 'POST', body, headers });
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
