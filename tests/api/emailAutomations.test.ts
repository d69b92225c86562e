// The automatic e-mails (`/marketing/emails`, issue 16): the template operations through the in-process app (defaults,
// cleaning, bad input, roles, another store), then the `emails.automations` sweep on the test clock: welcome once per
// learner enrolled after the switch, inactivity counted from the later of the last visit and the switch, the
// unsubscribe link honoured, and two sweeps at once still mailing each learner once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sweepEmailAutomations } from '../../server/commands/emailAutomations/sweep';
import { customers, customerTrainings, trainings } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/db/seed';
import { inject, paymentsApp } from '../support/paymentsFixtures';
import { expectContract } from './client';
import { learnerKeys } from '../../server/db/learnerKeys';

const DAY = 24 * 3600 * 1000;

let setup: Awaited<ReturnType<typeof paymentsApp>>;
let store: string;
beforeAll(async () => {
  setup = await paymentsApp({});
  store = setup.storeId;
}, 120_000);
afterAll(async () => setup?.close());
// The tests move the clock by days: a session opened at the start would have expired.
let owner: string;
beforeEach(async () => {
  owner = await setup.login('owner@demo.test');
});

async function op(operationId: string, method: string, path: string, token: string | undefined, body?: unknown) {
  const answer = await inject(setup.app, method, path, { token, body });
  expectContract(operationId, answer);
  return answer;
}
const list = (token: string, storeUuid = store) => op('listEmailTemplates', 'GET', `/stores/${storeUuid}/email_templates`, token);
const update = (token: string, id: number | string, body: unknown, storeUuid = store) => op('updateEmailTemplate', 'PUT', `/stores/${storeUuid}/email_templates/${id}`, token, body);
const templateId = async (key: string) => ((await list(owner)).body.data as { id: number; key: string }[]).find((t) => t.key === key)!.id;

let seq = 0;
/** A learner of the demo school enrolled in the photo training at `enrolledAt`, last seen at `lastSeen`. */
async function learner(enrolledAt: Date, lastSeen: Date | null = null) {
  const db = setup.services.db;
  const [customer] = await db
    .insert(customers)
    .values({ storeId: store, email: `auto-${++seq}-${Date.now()}@example.com`, firstname: `Léa<${seq}>`, createdAt: enrolledAt, lastConnectionAt: lastSeen })
    .returning();
  await db.insert(customerTrainings).values({ ...learnerKeys(customer!.id), trainingId: DEMO_IDS.trainings.photo, enrolledAt });
  return customer!;
}
/** A second trainer's store on the same database. */
async function otherSchool() {
  const register = await inject(setup.app, 'POST', '/register', { body: { email: `other-${++seq}-${Date.now()}@example.com`, password: 'correct-horse-battery', firstname: 'Autre' } });
  expect(register.status, register.text).toBe(201);
  return { token: register.body.token as string, store: register.body.user.store.uuid as string, subdomain: register.body.user.store.subdomain as string };
}
const mailsTo = (email: string) => setup.env.sent.filter((s) => s.to === email);

describe('automatic e-mail templates', () => {
  it('lists the three automations with their default text, off; edits them, cleaned; refuses bad input', async () => {
    const first = await list(owner);
    expect(first.status).toBe(200);
    expect(first.body.data.map((t: { key: string; enabled: boolean }) => [t.key, t.enabled])).toEqual([
      ['WELCOME', false],
      ['NO_RECENT_CONNECTION_1', false],
      ['NO_RECENT_CONNECTION_2', false],
    ]);
    // A second read writes nothing new.
    expect((await list(owner)).body.data.map((t: { id: number }) => t.id)).toEqual(first.body.data.map((t: { id: number }) => t.id));
    const id = first.body.data[0].id as number;

    const edited = await update(owner, id, { subject: '  Bienvenue {{firstname}}  ', body: '<p onclick="x()">Salut <script>alert(1)</script><a href="javascript:alert(1)">ici</a></p>' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ subject: 'Bienvenue {{firstname}}', enabled: false });
    expect(edited.body.body).toBe('<p>Salut <a>ici</a></p>');

    for (const [body, field] of [
      [{}, null],
      [{ subject: '' }, 'subject'],
      [{ subject: '   ' }, 'subject'],
      [{ body: '<p> </p>' }, 'body'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ subject: 'x'.repeat(201) }, 'subject'],
      [{ other: 1 }, null],
    ] as const) {
      const answer = await update(owner, id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      if (field) expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it('is for managers only; another store’s template answers 404', async () => {
    const id = await templateId('WELCOME');
    for (const email of ['teacher@demo.test', 'analyst@demo.test']) {
      const token = await setup.login(email);
      expect((await list(token)).status, email).toBe(403);
      expect((await update(token, id, { enabled: true })).status, email).toBe(403);
    }
    expect((await list(await setup.login('admin@demo.test'))).status).toBe(200);
    const { token: other, store: otherStore } = await otherSchool();
    expect((await update(other, id, { enabled: true }, otherStore)).status).toBe(404);
    expect((await update(other, id, { enabled: true })).status).toBe(404);
    expect((await update(owner, 99999999, { enabled: true })).status).toBe(404);
    expect((await inject(setup.app, 'GET', `/stores/${store}/email_templates`)).status).toBe(401);
  });
});

describe('the automations sweep', () => {
  it('welcomes once each learner enrolled after the switch, with the placeholders filled and escaped', async () => {
    const id = await templateId('WELCOME');
    await update(owner, id, { subject: 'Bienvenue {{firstname}} dans {{training}}', body: '<p>Bonjour {{firstname}}, {{school}} vous attend : {{login_url}} {{inconnu}}</p>' });
    const before = await learner(new Date(setup.services.clock().getTime() - DAY));
    const enabled = await update(owner, id, { enabled: true });
    expect(enabled.body.enabled).toBe(true);
    // Turning it on again does not move its clock.
    setup.env.advance(60_000);
    await update(owner, id, { enabled: true });
    const after = await learner(setup.services.clock());

    await sweepEmailAutomations(setup.services);
    expect(mailsTo(before.email)).toHaveLength(0);
    const [welcome] = mailsTo(after.email);
    const [photo] = await setup.services.db.select().from(trainings).where(eq(trainings.id, DEMO_IDS.trainings.photo));
    expect(welcome?.mail.subject).toBe(`Bienvenue ${after.firstname} dans ${photo!.name}`);
    expect(welcome?.mail.html).toContain(`Bonjour Léa&lt;${seq}&gt;`);
    expect(welcome?.mail.html).toContain('http://app.test/ecole/demo/mes-formations');
    expect(welcome?.mail.html).toContain('{{inconnu}}');
    expect(welcome?.mail.html).toContain(`http://app.test/ecole/demo/desinscription?token=${after.unsubscribeToken}`);
    expect(welcome?.mail.text).toContain(`Ne plus recevoir ces e-mails : http://app.test/ecole/demo/desinscription?token=${after.unsubscribeToken}`);

    await sweepEmailAutomations(setup.services);
    expect(mailsTo(after.email)).toHaveLength(1);
    await update(owner, id, { enabled: false });
  });

  it('mails inactive learners once, counting from the later of their last visit and the switch', async () => {
    const id = await templateId('NO_RECENT_CONNECTION_1');
    const now = () => setup.services.clock();
    const longGone = await learner(new Date(now().getTime() - 100 * DAY), new Date(now().getTime() - 90 * DAY));
    await update(owner, id, { enabled: true });
    await sweepEmailAutomations(setup.services);
    // Gone for 90 days, but the automation is new: nobody is mailed for the past.
    expect(mailsTo(longGone.email)).toHaveLength(0);

    setup.env.advance(3 * DAY);
    const recent = await learner(new Date(now().getTime() - 20 * DAY), now());
    setup.env.advance(5 * DAY);
    await sweepEmailAutomations(setup.services);
    expect(mailsTo(longGone.email).map((s) => s.mail.template)).toEqual(['NO_RECENT_CONNECTION_1']);
    // Seen five days ago: not yet.
    expect(mailsTo(recent.email)).toHaveLength(0);
    setup.env.advance(3 * DAY);
    await Promise.all([sweepEmailAutomations(setup.services), sweepEmailAutomations(setup.services)]);
    expect(mailsTo(recent.email)).toHaveLength(1);
    expect(mailsTo(longGone.email)).toHaveLength(1);
    await update(owner, id, { enabled: false });
  });

  it('honours the unsubscribe link; an unknown or another school’s token is refused', async () => {
    const id = await templateId('WELCOME');
    await update(owner, id, { enabled: true });
    const leaving = await learner(setup.services.clock());
    const unsubscribe = (subdomain: string, body: unknown) => op('unsubscribeLearnerEmails', 'POST', `/school/stores/${subdomain}/emails/unsubscribe`, undefined, body);

    expect((await unsubscribe('demo', { token: crypto.randomUUID() })).status).toBe(422);
    expect((await unsubscribe('demo', { token: 'pas-un-uuid' })).status).toBe(422);
    expect((await unsubscribe('demo', {})).status).toBe(422);
    const refused = await unsubscribe((await otherSchool()).subdomain, { token: leaving.unsubscribeToken });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.token).toBeDefined();

    const done = await unsubscribe('demo', { token: leaving.unsubscribeToken });
    expect(done.status, done.text).toBe(200);
    expect(done.body.message).toMatch(/ne recevrez plus/);
    expect((await unsubscribe('demo', { token: leaving.unsubscribeToken })).status).toBe(200);
    const [row] = await setup.services.db.select().from(customers).where(eq(customers.id, leaving.id));
    expect(row!.emailsUnsubscribedAt).not.toBeNull();

    await sweepEmailAutomations(setup.services);
    expect(mailsTo(leaving.email)).toHaveLength(0);
    await update(owner, id, { enabled: false });
  });
});
