import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, expectContract, login, register, type Answer } from './client';

const MiB = 1024 * 1024;

let owner: string;
let teacher: string;
let analyst: string;
let trainingUuid: string;

async function newTraining(token: string, name = 'Formation aux envois') {
  const answer = await api('POST', '/trainings', { token, body: { name } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.uuid as string;
}

beforeAll(async () => {
  [owner, teacher, analyst] = await Promise.all([login('owner@demo.test'), login('teacher@demo.test'), login('analyst@demo.test')]);
  trainingUuid = await newTraining(owner);
});

/** createTrainingUploadUrl, every answer checked against the contract. */
async function presign(body: unknown, token = owner, uuid = trainingUuid): Promise<Answer> {
  const answer = await api('POST', `/trainings/${uuid}/urls/presigned`, { token, body });
  expectContract('createTrainingUploadUrl', answer);
  return answer;
}

/** The server's addresses carry APP_URL (here with port 0): aim them at the test server. */
const local = (address: string) => {
  const url = new URL(address);
  return `${baseUrl()}${url.pathname}${url.search}`;
};

async function put(address: string, bytes: BodyInit, contentType: string, headers: Record<string, string> = {}) {
  const response = await fetch(local(address), { method: 'PUT', body: bytes, headers: { 'content-type': contentType, ...headers }, duplex: 'half' } as RequestInit);
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as { code: string; errors?: Record<string, string[]> }) : undefined };
}

describe('POST /trainings/{uuid}/urls/presigned', () => {
  it('answers a signed upload address, the file address and the limit of the type', async () => {
    const answer = await presign({ type: 'IMAGE', filename: 'Couverture été.PNG', size: 1234, content_type: 'image/png' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' }, max_size: 5 * MiB });
    expect(answer.body.upload_url).toMatch(/\/api\/v1\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]{43}$/);
    expect(answer.body.file_url).toMatch(new RegExp(`/api/v1/files/uploads/[0-9a-f-]{36}/${trainingUuid}/[0-9a-f-]{36}/Couverture-ete\\.png$`));
    const expires = new Date(answer.body.expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(55 * 60 * 1000);
    expect(expires).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it.each([
    ['VIDEO', 'cours.mp4', 'video/mp4', 1024 * MiB],
    ['AUDIO', 'podcast.mp3', 'audio/mpeg', 512 * MiB],
    ['PDF', 'support.pdf', 'application/pdf', 200 * MiB],
    ['QUIZ_MEDIA', 'question.jpg', 'image/jpeg', 200 * MiB],
    ['MEDIA', 'extrait.webm', 'video/webm', 200 * MiB],
    ['RESOURCE', 'exercices.docx', undefined, 512 * MiB],
    ['ASSIGNMENT', 'devoir.pdf', 'application/pdf', 30720 * 1024],
  ])('%s on the PRO plan allows %s up to its limit', async (type, filename, contentType, limit) => {
    const answer = await presign({ type, filename, ...(contentType ? { content_type: contentType } : {}) });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.max_size).toBe(limit);
  });

  it('guesses the type from the name when none is given, and names the stored file after the accepted type', async () => {
    const guessed = await presign({ type: 'IMAGE', filename: 'photo.jpeg' });
    expect(guessed.body.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    const renamed = await presign({ type: 'IMAGE', filename: 'page.html', content_type: 'image/webp' });
    expect(renamed.body.file_url).toMatch(/\/page\.webp$/);
    const unsafe = await presign({ type: 'IMAGE', filename: '../../../etc/passwd.png' });
    expect(new URL(unsafe.body.file_url).pathname).not.toContain('..');
  });

  it('refuses a file over the limit, and a type the upload does not accept', async () => {
    const big = await presign({ type: 'IMAGE', filename: 'grande.png', size: 5 * MiB + 1 });
    expect(big.status).toBe(422);
    expect(big.body.errors.size[0]).toMatch(/5 Mo/);
    expect((await presign({ type: 'IMAGE', filename: 'grande.png', size: 5 * MiB })).status).toBe(200);
    const pdfAsImage = await presign({ type: 'IMAGE', filename: 'doc.pdf', content_type: 'application/pdf' });
    expect(pdfAsImage.status).toBe(422);
    expect(pdfAsImage.body.errors.content_type[0]).toMatch(/JPG, JPEG, PNG/);
    expect((await presign({ type: 'IMAGE', filename: 'logo.svg' })).body.errors).toHaveProperty('filename');
    expect((await presign({ type: 'VIDEO', filename: 'film.avi' })).status).toBe(422);
    expect((await presign({ type: 'RESOURCE', filename: 'x', content_type: 'text/html\r\nx-evil: 1' })).body.errors).toHaveProperty('content_type');
  });

  it('validates the body against the contract', async () => {
    expect((await presign({ type: 'IMAGE' })).body.errors).toHaveProperty('filename');
    expect((await presign({ type: 'PICTURE', filename: 'a.png' })).body.errors).toHaveProperty('type');
    expect((await presign({ type: 'IMAGE', filename: 'a.png', size: 0 })).body.errors).toHaveProperty('size');
    expect((await presign({ type: 'IMAGE', filename: 'a.png', bucket: 'x' })).body.errors).toHaveProperty('bucket');
  });

  it('is for OWNER, ADMIN and TEACHER of the store', async () => {
    expect((await presign({ type: 'IMAGE', filename: 'a.png' }, teacher)).status).toBe(200);
    expect((await presign({ type: 'IMAGE', filename: 'a.png' }, analyst)).status).toBe(403);
    expect((await presign({ type: 'IMAGE', filename: 'a.png' }, '')).status).toBe(401);
  });

  it("answers 404 for another store's training and for an unknown one", async () => {
    const stranger = await register();
    const theirs = await newTraining(stranger.token, 'Leur formation');
    expect((await presign({ type: 'IMAGE', filename: 'a.png' }, owner, theirs)).status).toBe(404);
    expect((await presign({ type: 'IMAGE', filename: 'a.png' }, stranger.token, trainingUuid)).status).toBe(404);
    expect((await presign({ type: 'IMAGE', filename: 'a.png' }, owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('keeps assignment files to PRO and EXPERT (403 PLAN_REQUIRED on PERCENT)', async () => {
    const stranger = await register();
    const theirs = await newTraining(stranger.token);
    const answer = await presign({ type: 'ASSIGNMENT', filename: 'devoir.pdf' }, stranger.token, theirs);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('PLAN_REQUIRED');
    const video = await presign({ type: 'VIDEO', filename: 'cours.mp4' }, stranger.token, theirs);
    expect(video.body.max_size).toBe(512 * MiB);
  });
});

describe('PUT to the upload address, then GET the file', () => {
  it('stores the bytes once and serves them back with their type, by range too', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5, 6]);
    const { body } = await presign({ type: 'IMAGE', filename: 'carre.png', size: bytes.length });
    expect((await put(body.upload_url, bytes, 'image/png')).status).toBe(204);

    const file = await fetch(local(body.file_url));
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''carre.png");
    expect(file.headers.get('content-security-policy')).toMatch(/^sandbox /);
    expect(file.headers.get('x-frame-options')).toBe('SAMEORIGIN');

    const part = await fetch(local(body.file_url), { headers: { range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-4/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(2, 5));
    expect((await fetch(local(body.file_url), { headers: { range: 'bytes=50-' } })).status).toBe(416);

    const again = await put(body.upload_url, bytes, 'image/png');
    expect(again.status).toBe(409);
  });

  it('refuses a body over the announced size (413) and keeps the address usable for a retry', async () => {
    const { body } = await presign({ type: 'IMAGE', filename: 'a.png', size: 8 });
    const over = await put(body.upload_url, new Uint8Array(9), 'image/png');
    expect(over.status).toBe(413);
    expect((await fetch(local(body.file_url))).status).toBe(404);
    expect((await put(body.upload_url, new Uint8Array(8), 'image/png')).status).toBe(204);
  });

  it('counts the bytes of a streamed body without Content-Length', async () => {
    const { body } = await presign({ type: 'IMAGE', filename: 'flux.png', size: 1000 });
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(new Uint8Array(400));
        controller.close();
      },
    });
    const answer = await put(body.upload_url, stream, 'image/png');
    expect(answer.status).toBe(413);
    expect((await fetch(local(body.file_url))).status).toBe(404);
  });

  it('refuses a Content-Length over the type limit before reading', async () => {
    const { body } = await presign({ type: 'IMAGE', filename: 'a.png' });
    const answer = await put(body.upload_url, new Uint8Array(16), 'image/png', { 'content-length': String(5 * MiB + 1) }).catch(() => null);
    // Either the answer arrives, or the server closes the connection on a body shorter than announced.
    if (answer) expect(answer.status).toBe(413);
  });

  it('refuses a forged or altered signature (403) and another Content-Type (422)', async () => {
    const { body } = await presign({ type: 'IMAGE', filename: 'a.png' });
    const url = new URL(body.upload_url);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await put(later.toString(), new Uint8Array(4), 'image/png')).status).toBe(403);
    const forged = new URL(url);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await put(forged.toString(), new Uint8Array(4), 'image/png')).status).toBe(403);
    const unsigned = new URL(url);
    unsigned.search = '';
    expect((await put(unsigned.toString(), new Uint8Array(4), 'image/png')).status).toBe(403);
    const wrongType = await put(body.upload_url, new Uint8Array(4), 'text/html');
    expect(wrongType.status).toBe(422);
    expect(wrongType.body?.code).toBe('VALIDATION_FAILED');
  });

  it('serves other files as downloads, sandboxed', async () => {
    const { body } = await presign({ type: 'RESOURCE', filename: 'page.html', content_type: 'text/html' });
    expect((await put(body.upload_url, '<script>alert(1)</script>', 'text/html')).status).toBe(204);
    const file = await fetch(local(body.file_url));
    expect(file.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('content-security-policy')).toMatch(/^sandbox allow-scripts/);
    expect(file.headers.get('content-security-policy')).not.toContain('allow-same-origin');
  });

  it('serves an upload with the type decided for it, never the one its name gives', async () => {
    const declared = await presign({ type: 'RESOURCE', filename: 'page.html', content_type: 'application/octet-stream' });
    expect((await put(declared.body.upload_url, '<script>alert(1)</script>', 'application/octet-stream')).status).toBe(204);
    const served = await fetch(local(declared.body.file_url));
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');

    // No type declared: the name may only pick among the kind's own media types, else a neutral download.
    const named = await presign({ type: 'RESOURCE', filename: 'dessin.svg' });
    expect(named.body.headers).toEqual({ 'Content-Type': 'application/octet-stream' });
    expect((await put(named.body.upload_url, '<svg onload="alert(1)"/>', 'application/octet-stream')).status).toBe(204);
    expect((await fetch(local(named.body.file_url))).headers.get('content-type')).toBe('application/octet-stream');
    expect((await presign({ type: 'IMAGE', filename: 'photo.JPG' })).body.headers).toEqual({ 'Content-Type': 'image/jpeg' });
  });

  it('answers 404 for unknown files and paths that leave the storage', async () => {
    const unknown = await api('GET', '/files/uploads/nothing/here.png');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    expect((await api('GET', '/files/uploads/%2e%2e/%2e%2e/package.json')).status).toBe(404);
    expect((await api('GET', '/files/..%2f..%2fpackage.json')).status).toBe(404);
  });
});

describe('files sent into a training (multipart operations)', () => {
  const CUT_OFF = '--b\r\nContent-Disposition: form-data; name="file"; filename="f.zip"\r\n\r\nabc';
  const operationsWithFiles = [
    ['createScormTrainingItem', 'training_items/scorm'],
    ['importTrainingCustomers', 'customers/import'],
  ] as const;

  it.each(operationsWithFiles)("%s answers 404 for another store's training before reading the file", async (operationId, path) => {
    const platform = await login('platform@demo.test');
    const stranger = await register();
    const theirs = await newTraining(stranger.token, 'Leur formation');
    for (const uuid of [theirs, '00000000-0000-4000-8000-000000000000']) {
      // The body is cut off: read, it would be a 422; the training is looked up first.
      const answer = await api('POST', `/trainings/${uuid}/${path}`, { token: platform, body: CUT_OFF, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
      expectContract(operationId, answer);
      expect(answer.status).toBe(404);
    }
    const mine = await api('POST', `/trainings/${trainingUuid}/${path}`, { token: platform, body: CUT_OFF, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    expect(mine.status).toBe(422);
    expect(mine.body.errors).toEqual({ body: ['Le formulaire envoyé est illisible ou incomplet.'] });
  });
});
