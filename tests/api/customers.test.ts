import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, expectContract, login, register, uniqueEmail, type Answer } from './client';

/**
 * The store's customers (`/apprenants`) and CRM through the real server, on the demo store's seeded learners
 * (server/db/seedLearners.ts: Léa Martin and others enrolled in the photo training, connections, an abandoned cart).
 * Other test files share the server: counts are compared with what the list itself answers, rows found by name.
 */

async function op(operationId: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<Answer> {
  const answer = await api(method, path, { token, body });
  expectContract(operationId, answer);
  return answer;
}

interface Customer {
  uuid: string;
  email: string;
  display_name: string;
  created_at: string;
  last_connection_at: string | null;
  customer_trainings: { training: { uuid: string; name: string }; customer_type: string; blocked_reason: string | null; enrollment_type: string }[];
  crm_tags: { id: number; value: string }[];
  crm_notes: { id: number; type: string; content: string; author: { display_name: string } | null }[];
  crm_private_data: Record<string, unknown>;
}

describe('customers of the demo store', () => {
  let store: string;
  const tokens: Record<string, string> = {};
  const base = () => `/stores/${store}/customers`;
  const list = (query = '', token = tokens.owner) => op('listCustomers', 'GET', `${base()}${query}`, token);
  let lea: Customer;
  let trainingUuid: string;

  beforeAll(async () => {
    for (const role of ['owner', 'admin', 'teacher', 'analyst']) tokens[role] = await login(`${role}@demo.test`);
    store = (await api('GET', '/users/me', { token: tokens.owner })).body.store.uuid;
    lea = (await list('?q=lea.martin@example.com')).body.data[0];
    trainingUuid = lea.customer_trainings[0]!.training.uuid;
  });

  it('lists learners from real rows, with their enrolments, newest first, paged', async () => {
    const all = await list('?per_page=100');
    expect(all.body.meta.total).toBeGreaterThanOrEqual(5);
    const dates = all.body.data.map((c: Customer) => c.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(lea).toMatchObject({ display_name: 'Léa Martin' });
    expect(lea.customer_trainings[0]).toMatchObject({ customer_type: 'STUDENT' });
    const first = await list('?per_page=2');
    const second = await list('?per_page=2&page=2');
    expect([...first.body.data, ...second.body.data].map((c: Customer) => c.uuid)).toEqual(all.body.data.slice(0, 4).map((c: Customer) => c.uuid));
    expect(new URL(first.body.links.next).searchParams.get('page')).toBe('2');
  });

  it('searches names and e-mails without accents or case, and filters by type', async () => {
    expect((await list('?q=LEA MARTIN')).body.data.map((c: Customer) => c.email)).toContain('lea.martin@example.com');
    expect((await list('?q=léa')).body.data.map((c: Customer) => c.email)).toContain('lea.martin@example.com');
    expect((await list(`?q=${randomUUID()}`)).body.meta.total).toBe(0);
    for (const type of ['STUDENT', 'ABANDONED_CART', 'BLOCKED']) {
      const answer = await list(`?type=${type}&per_page=100`);
      for (const customer of answer.body.data as Customer[]) expect(customer.customer_trainings.map((e) => e.customer_type), type).toContain(type);
    }
    expect((await list('?type=ABANDONED_CART')).body.meta.total).toBeGreaterThan(0);
    expect((await list('?type=NOPE')).status).toBe(422);
    expect((await list('?sort=nope')).status).toBe(422);
  });

  it('sorts by every column of the contract, both ways', async () => {
    for (const sort of ['created_at', 'last_connection_at', 'lastname', 'email']) {
      for (const order of ['asc', 'desc']) expect((await list(`?sort=${sort}&order=${order}`)).status, `${sort} ${order}`).toBe(200);
    }
    const emails = (await list('?sort=email&order=asc&per_page=100')).body.data.map((c: Customer) => c.email.toLowerCase());
    expect(emails).toEqual([...emails].sort());
  });

  it('creates a customer, enrols them in a training, updates them; a used e-mail answers 409', async () => {
    const email = uniqueEmail('crm');
    const created = await op('createCustomer', 'POST', base(), tokens.admin, { email, firstname: 'Zoé', lastname: 'Crm', training_uuids: [trainingUuid], send_invitation: true });
    expect(created.status, created.text).toBe(201);
    expect(created.body.customer_trainings).toMatchObject([{ enrollment_type: 'BY_TEACHER', customer_type: 'STUDENT' }]);
    expect(created.body.crm_notes[0]).toMatchObject({ type: 'HISTORY', author: null });
    const mails = await fetch(`${baseUrl()}/__dev/mailbox.json?to=${encodeURIComponent(email)}`).then((r) => r.json());
    expect(mails.length).toBeGreaterThan(0);

    expect((await op('createCustomer', 'POST', base(), tokens.owner, { email: email.toUpperCase(), firstname: 'X' })).status).toBe(409);
    expect((await op('createCustomer', 'POST', base(), tokens.owner, { email: 'x@yopmail.com', firstname: 'X' })).status).toBe(422);
    expect((await op('createCustomer', 'POST', base(), tokens.owner, { email: 'bad', firstname: '' })).status).toBe(422);
    expect((await op('createCustomer', 'POST', base(), tokens.owner, { email: uniqueEmail(), firstname: 'X', training_uuids: [randomUUID()] })).status).toBe(404);

    const uuid = created.body.uuid;
    const updated = await op('updateCustomer', 'PUT', `${base()}/${uuid}`, tokens.owner, { lastname: 'Crm-Modifié', phone: '0612345678' });
    expect(updated.body).toMatchObject({ lastname: 'Crm-Modifié', phone: '0612345678', email });
    expect((await op('updateCustomer', 'PUT', `${base()}/${uuid}`, tokens.owner, { email: 'lea.martin@example.com' })).status).toBe(409);
    expect((await op('updateCustomer', 'PUT', `${base()}/${uuid}`, tokens.owner, {})).status).toBe(422);
    expect((await op('updateCustomer', 'PUT', `${base()}/${uuid}`, tokens.owner, { phone: 'abc' })).status).toBe(422);

    // Enrolling again in the same training: 409; a past expiry: 422; an unknown bundle: 404.
    const again = await op('enrollCustomer', 'POST', `${base()}/${uuid}/trainings`, tokens.owner, { buyable_type: 'TRAINING', buyable_uuid: trainingUuid });
    expect(again.status).toBe(409);
    const past = await op('enrollCustomer', 'POST', `${base()}/${uuid}/trainings`, tokens.owner, {
      buyable_type: 'TRAINING',
      buyable_uuid: trainingUuid,
      expires_at: '2000-01-01T00:00:00Z',
    });
    expect(past.status).toBe(422);
    expect((await op('enrollCustomer', 'POST', `${base()}/${uuid}/trainings`, tokens.owner, { buyable_type: 'BUNDLE', buyable_uuid: randomUUID() })).status).toBe(404);
  });

  it('enrols an existing customer in another training, with bypass_drip, by the team', async () => {
    const trainings = (await api('GET', '/trainings?per_page=100', { token: tokens.owner })).body.data as { uuid: string }[];
    const email = uniqueEmail('crm');
    const created = (await op('createCustomer', 'POST', base(), tokens.owner, { email, firstname: 'Inès', send_invitation: false })).body;
    const target = trainings.find((t) => t.uuid !== trainingUuid) ?? trainings[0]!;
    const enrolled = await op('enrollCustomer', 'POST', `${base()}/${created.uuid}/trainings`, tokens.owner, {
      buyable_type: 'TRAINING',
      buyable_uuid: target.uuid,
      bypass_drip: true,
      send_email: false,
    });
    expect(enrolled.status, enrolled.text).toBe(201);
    expect(enrolled.body.customer_trainings).toMatchObject([{ training: { uuid: target.uuid }, bypass_drip: true, enrollment_type: 'BY_TEACHER' }]);
    const detail = await op('getCustomerTraining', 'GET', `${base()}/${created.uuid}/trainings/${target.uuid}`, tokens.analyst);
    expect(detail.status).toBe(200);
    expect(detail.body.customer_training.bypass_drip).toBe(true);
    expect(detail.body.items.every((item: { blocked: boolean; blocked_by: string | null }) => !item.blocked || item.blocked_by !== 'DATE')).toBe(true);
  });

  it("reads a customer, their training's progress and payments, and their connections with devices", async () => {
    const one = await op('getCustomer', 'GET', `${base()}/${lea.uuid}`, tokens.analyst);
    expect(one.body.uuid).toBe(lea.uuid);
    const detail = await op('getCustomerTraining', 'GET', `${base()}/${lea.uuid}/trainings/${trainingUuid}`, tokens.owner);
    expect(detail.body.items.length).toBeGreaterThan(0);
    expect(detail.body.transactions.length).toBeGreaterThan(0);
    expect((await op('getCustomerTraining', 'GET', `${base()}/${lea.uuid}/trainings/${randomUUID()}`, tokens.owner)).status).toBe(404);
    const connections = await op('listCustomerConnections', 'GET', `${base()}/${lea.uuid}/connections?per_page=5`, tokens.owner);
    expect(connections.status).toBe(200);
    const dates = connections.body.data.map((c: { connected_at: string }) => c.connected_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await op('listCustomerConnections', 'GET', `${base()}/${lea.uuid}/connections?per_page=0`, tokens.owner)).status).toBe(422);
  });

  it('tags: added (created in the store once whatever the case), listed, removed, deleted store-wide', async () => {
    const tag = `VIP-${randomUUID().slice(0, 6)}`;
    const path = `${base()}/${lea.uuid}/crm/tags`;
    const added = await op('addCustomerCrmTags', 'PUT', path, tokens.owner, { tags: [tag, 'Relance'] });
    expect(added.body.data.map((t: { value: string }) => t.value)).toEqual(expect.arrayContaining([tag, 'Relance']));
    const again = await op('addCustomerCrmTags', 'PUT', path, tokens.admin, { tags: [tag.toLowerCase()] });
    expect(again.body.data.filter((t: { value: string }) => t.value.toLowerCase() === tag.toLowerCase())).toHaveLength(1);
    const storeTags = await op('listCrmTags', 'GET', `/stores/${store}/crm/tags`, tokens.analyst);
    expect(storeTags.body.data.filter((t: { value: string }) => t.value === tag)).toHaveLength(1);
    expect((await list(`?crm_tag=${encodeURIComponent(tag)}`)).body.data.map((c: Customer) => c.uuid)).toEqual([lea.uuid]);

    const removed = await op('removeCustomerCrmTags', 'DELETE', path, tokens.owner, { tags: ['Relance'] });
    expect(removed.body.data.map((t: { value: string }) => t.value)).not.toContain('Relance');
    expect((await op('addCustomerCrmTags', 'PUT', path, tokens.owner, { tags: ['  '] })).status).toBe(422);
    expect((await op('addCustomerCrmTags', 'PUT', path, tokens.owner, { tags: [] })).status).toBe(422);
    expect((await op('addCustomerCrmTags', 'PUT', path, tokens.owner, { tags: ['x'.repeat(65)] })).status).toBe(422);

    expect((await op('deleteCrmTags', 'DELETE', `/stores/${store}/crm/tags`, tokens.owner, { tags: [tag] })).status).toBe(204);
    expect((await op('getCustomer', 'GET', `${base()}/${lea.uuid}`, tokens.owner)).body.crm_tags.map((t: { value: string }) => t.value)).not.toContain(tag);
  });

  it('notes: GENERAL written, edited and deleted by the team; HISTORY ones stay', async () => {
    const path = `${base()}/${lea.uuid}/crm/notes`;
    const saved = await op('saveCustomerCrmNote', 'PUT', path, tokens.owner, { content: 'A appelé pour une facture.' });
    expect(saved.body).toMatchObject({ type: 'GENERAL', content: 'A appelé pour une facture.', author: { display_name: expect.any(String) } });
    const edited = await op('saveCustomerCrmNote', 'PUT', path, tokens.admin, { id: saved.body.id, content: 'Facture envoyée.' });
    expect(edited.body).toMatchObject({ id: saved.body.id, content: 'Facture envoyée.' });
    expect((await op('saveCustomerCrmNote', 'PUT', path, tokens.owner, { content: '   ' })).status).toBe(422);
    expect((await op('saveCustomerCrmNote', 'PUT', path, tokens.owner, { id: 2_000_000_000, content: 'x' })).status).toBe(404);

    const email = uniqueEmail('crm');
    const created = (await op('createCustomer', 'POST', base(), tokens.owner, { email, firstname: 'Hugo', send_invitation: false })).body as Customer;
    const history = created.crm_notes.find((n) => n.type === 'HISTORY')!;
    expect((await op('saveCustomerCrmNote', 'PUT', `${base()}/${created.uuid}/crm/notes`, tokens.owner, { id: history.id, content: 'x' })).status).toBe(403);
    expect((await op('deleteCustomerCrmNote', 'DELETE', `${base()}/${created.uuid}/crm/notes/${history.id}`, tokens.owner)).status).toBe(403);
    // Another customer's note through this customer: 404.
    expect((await op('deleteCustomerCrmNote', 'DELETE', `${base()}/${created.uuid}/crm/notes/${saved.body.id}`, tokens.owner)).status).toBe(404);
    expect((await op('deleteCustomerCrmNote', 'DELETE', `${path}/${saved.body.id}`, tokens.owner)).status).toBe(204);
    expect((await op('deleteCustomerCrmNote', 'DELETE', `${path}/${saved.body.id}`, tokens.owner)).status).toBe(404);
  });

  it('private data: only the fields sent change, null or blank clears', async () => {
    const path = `${base()}/${lea.uuid}/crm/private_data`;
    const first = await op('updateCustomerPrivateData', 'PUT', path, tokens.owner, { company: 'Studio Lumière', birthdate: '1990-05-04' });
    expect(first.body).toMatchObject({ company: 'Studio Lumière', birthdate: '1990-05-04', phone: null });
    const second = await op('updateCustomerPrivateData', 'PUT', path, tokens.admin, { job_title: 'Photographe', company: null });
    expect(second.body).toMatchObject({ company: null, job_title: 'Photographe', birthdate: '1990-05-04' });
    expect((await op('updateCustomerPrivateData', 'PUT', path, tokens.owner, {})).status).toBe(422);
    expect((await op('updateCustomerPrivateData', 'PUT', path, tokens.owner, { birthdate: '3000-01-01' })).status).toBe(422);
    expect((await op('updateCustomerPrivateData', 'PUT', path, tokens.owner, { birthdate: 'hier' })).status).toBe(422);
    expect((await op('updateCustomerPrivateData', 'PUT', path, tokens.owner, { nope: 1 })).status).toBe(422);
    expect((await op('getCustomer', 'GET', `${base()}/${lea.uuid}`, tokens.owner)).body.crm_private_data).toMatchObject({ job_title: 'Photographe' });
  });

  it('exports the filtered list as CSV and as an Excel workbook', async () => {
    const csv = await api('GET', `${base()}/export?q=lea.martin`, { token: tokens.analyst });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = Papa.parse<string[]>(csv.text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['E-mail', 'Prénom', 'Nom', 'Téléphone', 'Inscrit le', 'Dernière connexion', 'Formations', 'Étiquettes']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['lea.martin@example.com']);

    const whole = await api('GET', `${base()}/export`, { token: tokens.owner });
    const total = (await list()).body.meta.total;
    expect(whole.text.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(total + 1);

    const response = await fetch(`${baseUrl()}/api/v1${base()}/export?format=xlsx&q=lea.martin`, { headers: { authorization: `Bearer ${tokens.owner}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('E-mail');
    expect(sheet.getRow(2).getCell(1).value).toBe('lea.martin@example.com');
    expect(sheet.getRow(2).getCell(5).value).toBeInstanceOf(Date);
    expect((await api('GET', `${base()}/export?format=pdf`, { token: tokens.owner })).status).toBe(422);
  });

  it('roles: owners, admins and analysts read; only owners and admins write; teachers read a progress only, guests nothing', async () => {
    const uuid = lea.uuid;
    const reads: [string, string][] = [
      ['listCustomers', base()],
      ['getCustomer', `${base()}/${uuid}`],
      ['listCustomerConnections', `${base()}/${uuid}/connections`],
      ['getCustomerTraining', `${base()}/${uuid}/trainings/${trainingUuid}`],
      ['listCrmTags', `/stores/${store}/crm/tags`],
      ['exportCustomers', `${base()}/export`],
    ];
    for (const [operationId, path] of reads) {
      for (const role of ['owner', 'admin', 'analyst']) expect((await api('GET', path, { token: tokens[role] })).status, `${operationId} ${role}`).toBe(200);
      // A teacher reads one learner's progress in a training (they unblock its items), nothing else of the CRM.
      expect((await op(operationId, 'GET', path, tokens.teacher)).status, operationId).toBe(operationId === 'getCustomerTraining' ? 200 : 403);
      expect((await api('GET', path)).status, operationId).toBe(401);
    }
    const writes: [string, string, string, unknown][] = [
      ['createCustomer', 'POST', base(), { email: uniqueEmail(), firstname: 'A' }],
      ['updateCustomer', 'PUT', `${base()}/${uuid}`, { firstname: 'Léa' }],
      ['enrollCustomer', 'POST', `${base()}/${uuid}/trainings`, { buyable_type: 'TRAINING', buyable_uuid: trainingUuid }],
      ['addCustomerCrmTags', 'PUT', `${base()}/${uuid}/crm/tags`, { tags: ['x'] }],
      ['removeCustomerCrmTags', 'DELETE', `${base()}/${uuid}/crm/tags`, { tags: ['x'] }],
      ['deleteCrmTags', 'DELETE', `/stores/${store}/crm/tags`, { tags: ['x'] }],
      ['saveCustomerCrmNote', 'PUT', `${base()}/${uuid}/crm/notes`, { content: 'x' }],
      ['deleteCustomerCrmNote', 'DELETE', `${base()}/${uuid}/crm/notes/1`, undefined],
      ['updateCustomerPrivateData', 'PUT', `${base()}/${uuid}/crm/private_data`, { company: 'x' }],
    ];
    for (const [operationId, method, path, body] of writes) {
      for (const role of ['analyst', 'teacher']) expect((await op(operationId, method, path, tokens[role], body)).status, `${operationId} ${role}`).toBe(403);
    }
  });

  it("another store's ids answer 404, through its path and through ours", async () => {
    const other = await register();
    const otherStore = other.user.store.uuid as string;
    const mine = `/stores/${otherStore}/customers/${lea.uuid}`;
    expect((await op('getCustomer', 'GET', mine, other.token)).status).toBe(404);
    expect((await op('updateCustomer', 'PUT', mine, other.token, { firstname: 'x' })).status).toBe(404);
    expect((await op('addCustomerCrmTags', 'PUT', `${mine}/crm/tags`, other.token, { tags: ['x'] })).status).toBe(404);
    expect((await op('saveCustomerCrmNote', 'PUT', `${mine}/crm/notes`, other.token, { content: 'x' })).status).toBe(404);
    expect((await op('updateCustomerPrivateData', 'PUT', `${mine}/crm/private_data`, other.token, { company: 'x' })).status).toBe(404);
    expect((await op('listCustomerConnections', 'GET', `${mine}/connections`, other.token)).status).toBe(404);
    expect((await op('getCustomer', 'GET', `${base()}/${lea.uuid}`, other.token)).status).toBe(404);
    expect((await op('listCustomers', 'GET', base(), other.token)).status).toBe(404);
    // Their own customer cannot be enrolled in our training.
    const theirs = await op('createCustomer', 'POST', `/stores/${otherStore}/customers`, other.token, { email: uniqueEmail(), firstname: 'B', training_uuids: [trainingUuid] });
    expect(theirs.status).toBe(404);
    const created = await op('createCustomer', 'POST', `/stores/${otherStore}/customers`, other.token, { email: uniqueEmail(), firstname: 'B', send_invitation: false });
    const enrol = await op('enrollCustomer', 'POST', `/stores/${otherStore}/customers/${created.body.uuid}/trainings`, other.token, {
      buyable_type: 'TRAINING',
      buyable_uuid: trainingUuid,
    });
    expect(enrol.status).toBe(404);
    expect((await op('getCustomer', 'GET', `${base()}/${created.body.uuid}`, tokens.owner)).status).toBe(404);
    expect((await api('GET', `${base()}/not-a-uuid`, { token: tokens.owner })).status).toBe(422);
  });
});
