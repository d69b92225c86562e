import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { plansAllow, rolesAllow } from '../../server/policies/policy';
import { resolveRef, type BoundOperation } from '../../server/openapi/document';
import { handlers } from '../../server/routes/handlers';
import { api, call, document, login, operations, register } from './client';

const OTHER_UUID = '00000000-0000-4000-8000-000000000000';

/** A concrete URL for an operation: ids are well-formed (and name no row), the store is the given one. */
function urlFor(operation: BoundOperation, storeUuid: string) {
  return operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (name === 'storeUuid' || name === 'storeId') return storeUuid;
    const param = operation.parameters.find((p) => p.name === name);
    const schema = param?.schema ? resolveRef<{ type?: string; format?: string }>(document, param.schema as { $ref?: string }) : undefined;
    // The largest serial: well-formed, and no seeded row (the role check runs with the demo accounts, and a
    // DELETE of id 1 would really delete the demo's first promo code or notification).
    if (schema?.type === 'integer' || schema?.type === 'number') return '2147483647';
    if (name === 'subdomain') return 'demo';
    return OTHER_UUID;
  });
}

const send = (operation: BoundOperation, token: string | undefined, storeUuid: string) =>
  api(operation.method.toUpperCase(), urlFor(operation, storeUuid), { token, ...(['post', 'put', 'patch'].includes(operation.method) ? { body: {} } : {}) });

const implemented = (operation: BoundOperation) => operation.operationId in handlers;

describe('the contract as a whole', () => {
  it('has unique operationIds and declares who may call each non-public operation', () => {
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations.filter((o) => !o.isPublic)) {
      expect(operation.roles.length, `${operation.operationId} has no x-roles`).toBeGreaterThan(0);
    }
  });

  it('answers 401 to an anonymous call of every non-public operation', async () => {
    for (const operation of operations.filter((o) => !o.isPublic)) {
      const answer = await send(operation, undefined, OTHER_UUID);
      expect(answer.status, `${operation.method} ${operation.path}`).toBe(401);
      expect(answer.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 to an unknown or malformed token', async () => {
    for (const token of ['x'.repeat(43), 'not a token', '']) {
      const answer = await api('GET', '/users/me', { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(401);
    }
  });

  it('enforces x-roles for every role, the platform-admin flag passing every check', async () => {
    const accounts = [
      { email: 'owner@demo.test', role: 'OWNER', isAdmin: false },
      { email: 'admin@demo.test', role: 'ADMIN', isAdmin: false },
      { email: 'teacher@demo.test', role: 'TEACHER', isAdmin: false },
      { email: 'analyst@demo.test', role: 'ANALYST', isAdmin: false },
      { email: 'platform@demo.test', role: 'ADMIN', isAdmin: true },
    ];
    for (const account of accounts) {
      const token = await login(account.email);
      const me = await api('GET', '/users/me', { token });
      const plan = me.body.store.plan as string;
      // Logging out would end the session the loop still needs; it is tested on its own.
      for (const operation of operations.filter((o) => !o.isPublic && o.operationId !== 'logout')) {
        const answer = await send(operation, token, me.body.store.uuid);
        const allowed = rolesAllow(operation.roles, account) && plansAllow(operation.operation['x-plans'], plan, account.isAdmin);
        expect(answer.status === 403, `${account.email} ${operation.operationId} answered ${answer.status}`).toBe(!allowed);
      }
    }
  });

  it("never reaches another store: store-scoped paths with another store's uuid answer 404", async () => {
    const { token } = await register();
    const demoOwner = await login('owner@demo.test');
    const demoStore = (await api('GET', '/users/me', { token: demoOwner })).body.store.uuid;
    const scoped = operations.filter((o) => /\{store(Uuid|Id)\}/.test(o.path) && !o.isPublic && rolesAllow(o.roles, { role: 'OWNER', isAdmin: false }));
    for (const operation of scoped) {
      const answer = await send(operation, token, demoStore);
      expect(answer.status, `${operation.operationId}`).toBe(404);
    }
  });

  it('answers 501 naming the operationId for every operation not implemented yet', async () => {
    const token = await login('platform@demo.test');
    const me = await api('GET', '/users/me', { token });
    // Learner-only operations are closed to back-office sessions, platform admins included.
    for (const operation of operations.filter((o) => !implemented(o) && (o.isPublic || rolesAllow(o.roles, { role: 'ADMIN', isAdmin: true })))) {
      const answer = await send(operation, operation.isPublic ? undefined : token, me.body.store.uuid);
      expect(answer.status, `${operation.operationId}`).toBe(501);
      expect(answer.body).toMatchObject({ code: 'NOT_IMPLEMENTED', operationId: operation.operationId });
    }
  });

  it('answers a JSON 404 for unknown API paths and the health check for load balancers', async () => {
    const unknown = await api('GET', '/no/such/thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    const health = await api('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
  });

  it('never answers a password, a password hash or a token hash', async () => {
    const { email, password, token } = await register();
    const answers = [
      await api('POST', '/login', { body: { email, password } }),
      await api('GET', '/users/me', { token }),
      await api('PUT', '/users/me', { token, body: { firstname: 'Autre' } }),
      await api('PUT', '/users/me/last_login', { token }),
      await call('GET', '/api/v1/openapi.json'),
    ];
    const tokenHash = createHash('sha256').update(token).digest('hex');
    for (const answer of answers) {
      expect(answer.text).not.toContain('$argon2');
      expect(answer.text).not.toContain(password);
      expect(answer.text).not.toContain(tokenHash);
      expect(answer.text).not.toMatch(/password_hash|passwordHash|token_hash|tokenHash/);
    }
  });
});
