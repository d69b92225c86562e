import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The server's sources, relative to the repository root. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

const server = sources('server');

/** Where each rule of the server lives (ARCHITECTURE.md: routes → policies → commands → presenters). */
describe('server layers', () => {
  it('role lists are written only in server/policies', () => {
    // Two or more roles in one list literal, or a list starting with one, as `['OWNER', 'ADMIN']` or `new Set(['TEACHER'`.
    const roleList = /\[\s*'(OWNER|ADMIN|TEACHER|ANALYST|STAFF)'\s*[,\]]/;
    const strays = server.filter((file) => !file.startsWith(path.join('server', 'policies')) && !file.startsWith(path.join('server', 'db')) && roleList.test(readFileSync(file, 'utf8')));
    expect(strays).toEqual([]);
  });

  it('presenters are called by commands, never by route handlers', () => {
    const strays = sources(path.join('server', 'routes')).filter((file) => /presenters\/|\bpresent[A-Z]\w*\(/.test(readFileSync(file, 'utf8')));
    expect(strays).toEqual([]);
  });

  it('route handlers take the store from the binder\'s scope, not from the session or the path', () => {
    const strays = sources(path.join('server', 'routes')).filter((file) => /signedIn\(ctx\)\.store|params\.storeUuid/.test(readFileSync(file, 'utf8')));
    expect(strays).toEqual([]);
  });
});
