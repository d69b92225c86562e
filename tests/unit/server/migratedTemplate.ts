import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder, openDatabase } from '../../../server/db/client';

/** What the template is made of: every migration file and the PGlite build that wrote it. */
function templateKey(): string {
  const hash = createHash('sha1');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(`${entry.name}\n`).update(readFileSync(file));
    }
  };
  walk(migrationsFolder());
  hash.update(readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty database as a PGlite dump (gzip, ~5 MB), made once for a set of migrations and kept in the
 * system's temp folder, where every test worker finds it. Opening a new in-memory PGlite runs initdb (~2.4 s on two
 * cores) and then every migration (~2.5 s); starting from this dump takes ~1 s. The 21 unit files that open a
 * database each paid the whole. Two workers that find none both make it: the file is written aside, then renamed.
 */
export async function migratedTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `cp-unit-template-${templateKey()}.tar.gz`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not made yet: made below.
  }
  const handle = await openDatabase({ dataDir: ':memory:' });
  try {
    if (handle.queueDatabase.kind !== 'pglite') throw new Error('an in-memory database is a PGlite');
    const dump = await handle.queueDatabase.client.dumpDataDir('gzip');
    const aside = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(aside, Buffer.from(await dump.arrayBuffer()));
    await rename(aside, file);
    return dump;
  } finally {
    await handle.close();
  }
}
