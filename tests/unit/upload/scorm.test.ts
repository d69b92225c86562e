import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8 } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession, type AuthContext } from '../../../server/auth/session';
import { registerTrainer } from '../../../server/commands/registerTrainer';
import { createScormItem, manifestFolder } from '../../../server/commands/scorm/createScormItem';
import { MANIFEST_MAX_BYTES, ManifestError, launchFile, readManifest } from '../../../server/commands/scorm/manifest';
import { deleteUnusedPackages } from '../../../server/commands/scorm/packageCleanup';
import { NameTree } from '../../../server/commands/scorm/zipPackage';
import { createUploadUrl } from '../../../server/commands/uploads/createUploadUrl';
import { storageUsed } from '../../../server/storage/quota';
import { stores, trainingItems, trainings } from '../../../server/db/schema';
import { HttpError } from '../../../server/http/errors';
import type { Services } from '../../../server/services';
import { LocalStorage } from '../../../server/storage/localStorage';
import { testServices } from '../server/testServices';
import { amplifyingPackage, bombPackage, goodPackage, overlappingPackage, lyingSizePackage, manifest12, manifest2004, symlinkPackage, zip } from './scormZips';

let env: Awaited<ReturnType<typeof testServices>>;
let services: Services;
let auth: AuthContext;
let trainingUuid: string;
const root = mkdtempSync(path.join(tmpdir(), 'cp-scorm-files-'));
const uploads = mkdtempSync(path.join(tmpdir(), 'cp-scorm-uploads-'));

beforeAll(async () => {
  env = await testServices();
  services = { ...env.services, storage: new LocalStorage({ root, publicBaseUrl: 'http://app.test/api/v1', secret: 's' }) };
  const session = await registerTrainer(services, { email: 'scorm@example.test', password: 'password-123', firstname: 'Sam' });
  await services.db.update(stores).set({ plan: 'EXPERT' }).where(eq(stores.id, session.user.store.uuid));
  auth = (await resolveSession(services, `Bearer ${session.token}`))!;
  const [training] = await services.db.insert(trainings).values({ storeId: auth.store.id, slug: 'scorm', name: 'SCORM' }).returning();
  trainingUuid = training!.id;
}, 60_000);
afterAll(async () => {
  await env.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(uploads, { recursive: true, force: true });
});

let counter = 0;
function upload(bytes: Buffer | string, filename = 'paquet.zip') {
  const file = path.join(uploads, `upload-${counter++}`);
  writeFileSync(file, bytes);
  return { filename, mimetype: 'application/zip', path: file, size: statSync(file).size };
}

/** Every file stored under the SCORM folder of the store, relative to it. */
function storedFiles(): string[] {
  const base = path.join(root, 'scorm', auth.store.id);
  try {
    return readdirSync(base, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const french = (field: string) => (error as HttpError).errors?.[field]?.map((m) => (typeof m === 'string' ? m : m.fr)) ?? [];
    if (error instanceof HttpError) return { status: error.status, code: error.code, file: french('file'), size: french('size') };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('createScormItem', () => {
  it('unpacks a SCORM 1.2 package and creates a draft item launching its first SCO', async () => {
    const item = await createScormItem(services, auth, trainingUuid, { file: upload(goodPackage()) });
    expect(item).toMatchObject({ type: 'SCORM', name: 'Sécurité & hygiène', draft: true, parent_id: null, training_uuid: trainingUuid });
    expect(item.scorm_url).toMatch(new RegExp(`^http://app\\.test/api/v1/files/scorm/${auth.store.id}/[0-9a-f-]{36}/index\\.html$`));
    expect(JSON.parse(item.specific_content!)).toEqual({ entry_point: 'index.html', version: '1.2' });
    const folder = item.scorm_url!.split('/').at(-2)!;
    expect(storedFiles().filter((f) => f.startsWith(folder)).sort()).toEqual(
      [`${folder}/images/logo.png`, `${folder}/imsmanifest.xml`, `${folder}/index.html`, `${folder}/js/app.js`].sort(),
    );
  });

  it('reads SCORM 2004 packages zipped with their folder, with bases and encoded launch addresses', async () => {
    const archive = zip({
      'cours/imsmanifest.xml': strToU8(manifest2004),
      'cours/content/lesson/start here.html': strToU8('<p>'),
      'cours/content/other.html': strToU8('<p>'),
      '__MACOSX/cours/._imsmanifest.xml': strToU8('junk'),
    });
    const section = await services.db
      .insert(trainingItems)
      .values({ trainingId: trainingUuid, type: 'SECTION', name: 'Chapitre 1', position: 5 })
      .returning();
    const item = await createScormItem(services, auth, trainingUuid, { file: upload(archive, 'Cours.zip'), parent_id: String(section[0]!.id), name: '  Mon module  ' });
    expect(item).toMatchObject({ name: 'Mon module', parent_id: section[0]!.id, position: 0 });
    expect(item.scorm_url).toMatch(/\/cours\/content\/lesson\/start%20here\.html\?mode=normal$/);
    expect(JSON.parse(item.specific_content!)).toEqual({ entry_point: 'cours/content/lesson/start here.html?mode=normal', version: '2004' });
    expect(storedFiles().some((f) => f.includes('__MACOSX'))).toBe(false);
  });

  it.each([
    ['not a zip', () => Buffer.from('Bonjour, ceci est un texte.'), /pas une archive \.zip/],
    ['a truncated zip', () => goodPackage().subarray(0, 600), /endommagée ou incomplète/],
    ['an entry lying about its size', lyingSizePackage, /endommagée ou incomplète/],
    ['no manifest', () => zip({ 'index.html': strToU8('<p>') }), /imsmanifest\.xml est absent/],
    ['a manifest two folders deep', () => zip({ 'a/b/imsmanifest.xml': strToU8(manifest12()), 'a/b/index.html': strToU8('<p>') }), /imsmanifest\.xml est absent/],
    ['a traversal path', () => zip({ 'imsmanifest.xml': strToU8(manifest12()), 'index.html': strToU8('<p>'), '../evil.html': strToU8('x') }), /chemin dangereux \(\.\.\/evil\.html\)/],
    ['a nested traversal path', () => zip({ 'imsmanifest.xml': strToU8(manifest12()), 'a/../../evil.html': strToU8('x') }), /chemin dangereux/],
    ['an absolute path', () => zip({ 'imsmanifest.xml': strToU8(manifest12()), '/etc/cron.d/evil': strToU8('x') }), /chemin dangereux/],
    ['a backslash', () => zip({ 'imsmanifest.xml': strToU8(manifest12()), 'a\\..\\..\\evil.html': strToU8('x') }), /chemin dangereux/],
    ['a symbolic link', symlinkPackage, /chemin dangereux \(secrets\.txt\)/],
    ['a zip bomb (ratio)', () => bombPackage(20), /décompressé dépasse/],
    ['an unknown version', () => zip({ 'imsmanifest.xml': strToU8(manifest12().replace('1.2</schemaversion>', '9</schemaversion>').replace('adlcp_rootv1p2', 'x')), 'index.html': strToU8('<p>') }), /Version SCORM non reconnue/],
    ['a launch page missing from the package', () => zip({ 'imsmanifest.xml': strToU8(manifest12('absent.html')) }), /aucune page de lancement/],
    ['a launch page outside the package', () => zip({ 'imsmanifest.xml': strToU8(manifest12('../index.html')), 'index.html': strToU8('<p>') }), /aucune page de lancement/],
    ['a remote launch page', () => zip({ 'imsmanifest.xml': strToU8(manifest12('https://evil.example/x.html')), 'index.html': strToU8('<p>') }), /aucune page de lancement/],
    ['a file named like a folder', () => zip({ 'imsmanifest.xml': strToU8(manifest12()), 'index.html': strToU8('<p>'), 'js': strToU8('x'), 'js/app.js': strToU8('1') }), /deux fois le nom js \(/],
    ['a folder named like a file but for the case', () => zip({ 'imsmanifest.xml': strToU8(manifest12()), 'index.html': strToU8('<p>'), 'Media/a.png': strToU8('1'), 'MEDIA': strToU8('x') }), /deux fois le nom MEDIA \(/],
    ['a file named like a directory entry', () => zip({ 'imsmanifest.xml': strToU8(manifest12()), 'index.html': strToU8('<p>'), css: {}, 'CSS ': strToU8('x'), 'Css': strToU8('x') }), /deux fois le nom Css \(/],
    ['two files differing only in case', () => zip({ 'imsmanifest.xml': strToU8(manifest12()), 'index.html': strToU8('<p>'), 'Index.HTML': strToU8('<p>') }), /deux fois le nom Index\.HTML/],
    ['a manifest over 1 MiB', () => zip({ 'imsmanifest.xml': [strToU8(manifest12('index.html', `<!-- ${'x'.repeat(1024 * 1024)} -->`)), { level: 0 }], 'index.html': strToU8('<p>') }), /imsmanifest\.xml est trop volumineux \(1 Mo au maximum\)/],
    ['a manifest of 200 KiB of unclosed comments', () => zip({ 'imsmanifest.xml': strToU8('<!--'.repeat(50 * 1024)), 'index.html': strToU8('<p>') }), /imsmanifest\.xml est illisible/],
    ['an unreadable manifest', () => zip({ 'imsmanifest.xml': strToU8('<manifest><organizations></manifest>'), 'index.html': strToU8('<p>') }), /imsmanifest\.xml est illisible/],
  ])('refuses %s with a clear 422 on file, and stores nothing', async (_, build, message) => {
    const before = storedFiles();
    const answer = await refusal(createScormItem(services, auth, trainingUuid, { file: upload(build()) }));
    expect(answer.status).toBe(422);
    expect(answer.file[0]).toMatch(message);
    expect(storedFiles()).toEqual(before);
  });

  it('caps the unpacked size of the whole package and the number of files', async () => {
    const small = { ...services, config: { ...services.config, scormMaxUnpackedSize: 1024 * 1024 } };
    const archive = zip({ 'imsmanifest.xml': strToU8(manifest12()), 'index.html': strToU8('<p>'), 'a.bin': [new Uint8Array(700_000).fill(7), { level: 0 }], 'b.bin': [new Uint8Array(700_000).fill(8), { level: 0 }] });
    expect((await refusal(createScormItem(small, auth, trainingUuid, { file: upload(archive) }))).file[0]).toMatch(/dépasse 1 Mo/);
    const many = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`f/${i}.txt`, new Uint8Array(0)]));
    expect((await refusal(createScormItem(services, auth, trainingUuid, { file: upload(zip(many)) }))).file[0]).toMatch(/plus de 10\s000 fichiers/);
  });

  it('refuses an archive that unpacks to far more than its size, though no entry passes 1 MiB', async () => {
    const before = storedFiles();
    const answer = await refusal(createScormItem(services, auth, trainingUuid, { file: upload(amplifyingPackage(100)) }));
    expect(answer.status).toBe(422);
    expect(answer.file[0]).toMatch(/se décompresse à plus de 100 fois sa taille/);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses entries whose bytes overlap (the same data listed under several names)', async () => {
    const before = storedFiles();
    const answer = await refusal(createScormItem(services, auth, trainingUuid, { file: upload(overlappingPackage(9)) }));
    expect(answer.status).toBe(422);
    expect(answer.file[0]).toMatch(/partagent les mêmes octets/);
    expect(storedFiles()).toEqual(before);
    // The same archive without the extra directory records is a good package.
    expect((await createScormItem(services, auth, trainingUuid, { file: upload(overlappingPackage(0)) })).type).toBe('SCORM');
  });

  it("counts a package against the store's storage quota and refuses one that does not fit", async () => {
    const used = await storageUsed(services.db, auth.store.id);
    const archive = goodPackage();
    const tight = { ...services, config: { ...services.config, storageQuota: used + 1000 } };
    const before = storedFiles();
    const answer = await refusal(createScormItem(tight, auth, trainingUuid, { file: upload(archive) }));
    expect(answer.status).toBe(422);
    expect(answer.file[0]).toMatch(/L'espace de stockage de votre école est plein : [\d,]+ Mo utilisés sur [\d,]+ Mo/);
    expect(storedFiles()).toEqual(before);
    expect(await storageUsed(services.db, auth.store.id)).toBe(used);

    const item = await createScormItem(services, auth, trainingUuid, { file: upload(archive) });
    const grown = await storageUsed(services.db, auth.store.id);
    expect(grown).toBeGreaterThan(used + 2000);
    // An upload address is refused too once the quota is reached.
    const full = { ...services, config: { ...services.config, storageQuota: grown + 100 } };
    const presign = await refusal(createUploadUrl(full, auth, trainingUuid, { type: 'IMAGE', filename: 'a.png', size: 101 }));
    expect(presign.status).toBe(422);
    expect(presign.size[0]).toMatch(/plein/);
    expect((await createUploadUrl(full, auth, trainingUuid, { type: 'IMAGE', filename: 'a.png', size: 100 })).max_size).toBe(5 * 1024 * 1024);
    // Removing the item frees its package's bytes.
    await services.db.delete(trainingItems).where(eq(trainingItems.id, item.id));
    expect(await deleteUnusedPackages(services, auth.store.id, [item.scorm_url!])).toEqual([]);
    expect(await storageUsed(services.db, auth.store.id)).toBe(used);
  });

  it('lets only one of two packages arriving at the same moment take the last room of the quota', async () => {
    const used = await storageUsed(services.db, auth.store.id);
    const archive = goodPackage();
    // Room for one package, not two.
    const probe = await createScormItem(services, auth, trainingUuid, { file: upload(archive) });
    const size = (await storageUsed(services.db, auth.store.id)) - used;
    await services.db.delete(trainingItems).where(eq(trainingItems.id, probe.id));
    await deleteUnusedPackages(services, auth.store.id, [probe.scorm_url!]);
    // On PGlite transactions take turns anyway; on PostgreSQL the store's advisory lock is what keeps two from
    // reading the same room left (reserveStorage).
    const tight = { ...services, config: { ...services.config, storageQuota: used + size + size / 2 } };
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => createScormItem(tight, auth, trainingUuid, { file: upload(archive) })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ status: 422, message: expect.stringMatching(/plein/) });
    }
    expect(await storageUsed(services.db, auth.store.id)).toBe(used + size);
  });

  it('checks the parent, the training and the plan before reading the file', async () => {
    const notRead = upload(Buffer.from('not even a zip'));
    const parent = await refusal(createScormItem(services, auth, trainingUuid, { file: notRead, parent_id: '999999' }));
    expect(parent).toMatchObject({ status: 422 });
    expect((await refusal(createScormItem(services, auth, '00000000-0000-4000-8000-000000000000', { file: notRead }))).status).toBe(404);
    const pro = { ...auth, store: { ...auth.store, plan: 'PRO' as const } };
    expect(await refusal(createScormItem(services, pro, trainingUuid, { file: notRead }))).toMatchObject({ status: 403, code: 'PLAN_REQUIRED' });
  });
});

describe('the manifest', () => {
  it('finds the manifest at the root or in the one top folder only', () => {
    expect(manifestFolder(['imsmanifest.xml', 'x/imsmanifest.xml'])).toEqual({ manifest: 'imsmanifest.xml', folder: '' });
    expect(manifestFolder(['pkg/imsmanifest.xml', 'pkg/a.html', '__MACOSX/pkg/._a'])).toEqual({ manifest: 'pkg/imsmanifest.xml', folder: 'pkg/' });
    expect(manifestFolder(['a/imsmanifest.xml', 'b/imsmanifest.xml'])).toBeNull();
    expect(manifestFolder(['a/imsmanifest.xml', 'readme.txt'])).toBeNull();
  });

  it('reads the version from schemaversion or, failing that, the namespaces', () => {
    expect(readManifest(manifest12()).version).toBe('1.2');
    expect(readManifest(manifest2004).version).toBe('2004');
    const noSchemaVersion = manifest2004.replace(/<schemaversion>.*<\/schemaversion>/, '');
    expect(readManifest(noSchemaVersion).version).toBe('2004');
    expect(readManifest(manifest12().replace('<schemaversion>1.2</schemaversion>', '<schemaversion>CAM 1.3</schemaversion>')).version).toBe('2004');
  });

  it('falls back to the first SCO resource when no item points anywhere', () => {
    const source = `<manifest xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><organizations/><resources>
      <resource identifier="a" adlcp:scormtype="asset" href="asset.html"/><resource identifier="b" adlcp:scormtype="sco" href="sco.html"/></resources></manifest>`;
    expect(readManifest(source)).toEqual({ version: '1.2', href: 'sco.html', title: null });
  });

  // Each of these made the old regular-expression clean-up (or its tag pattern) search the rest of the text
  // again from every position: minutes for a manifest of this size. Now one forward pass refuses them.
  it.each([
    ['unclosed comments', '<!--'],
    ['unclosed processing instructions', '<?'],
    ['unclosed CDATA sections', '<![CDATA['],
    ['unclosed DOCTYPE subsets', '<!DOCTYPE a ['],
    ['unclosed attribute values', '<a x="'],
    ['elements nested without end', '<a>'],
  ])('refuses a manifest of 1 MiB of %s as unreadable, in one pass', (_, unit) => {
    const source = `<manifest>${unit.repeat(Math.floor(MANIFEST_MAX_BYTES / unit.length) - 3)}`;
    expect(() => readManifest(source)).toThrow(new ManifestError('unreadable'));
  });

  it('finds the launch page of a manifest of 1 MiB of items, resources looked up by identifier', () => {
    const count = 18_000;
    const source = manifest12('index.html')
      .replace('<item identifier="item-1" identifierref="res-1">', `${'<item identifierref="none"/>'.repeat(count)}<item identifier="item-1" identifierref="res-1">`)
      .replace('<resource identifier="res-1"', `${'<resource identifier="other"/>'.repeat(count)}<resource identifier="res-1"`);
    expect(source.length).toBeGreaterThan(900 * 1024);
    expect(source.length).toBeLessThan(MANIFEST_MAX_BYTES);
    expect(readManifest(source)).toEqual({ version: '1.2', href: 'index.html', title: 'Sécurité & hygiène' });
  });

  it('reads what the old clean-up removed: comments, declarations, CDATA text and DOCTYPE subsets', () => {
    const source = manifest12()
      .replace('<manifest ', '<!DOCTYPE manifest [ <!ENTITY x "]"> ]>\n<?pi x?><manifest ')
      .replace('<title>Sécurité &amp; hygiène</title>', '<title><!-- <title>no</title> --><![CDATA[R&D <1>]]> &#233;t&#xE9;</title>');
    expect(readManifest(source).title).toBe('R&D <1> été');
    expect(() => readManifest(source.replace('</organization>', '</organisation>'))).toThrow(ManifestError);
    expect(() => readManifest(source.replace('identifier="item-1"', 'identifier="item-1"x="y"'))).toThrow(ManifestError);
  });

  it('keeps launch files inside the package', () => {
    expect(launchFile('', 'index.html?x=1#top')).toBe('index.html');
    expect(launchFile('pkg/', 'a/./b/../c%20d.html')).toBe('pkg/a/c d.html');
    expect(launchFile('', '../x.html')).toBeNull();
    expect(launchFile('pkg/', '../../x.html')).toBeNull();
    expect(launchFile('', '%E0%A4%A.html')).toBeNull();
  });
});

describe('names in an archive', () => {
  const clashes = (...names: string[]) => {
    const tree = new NameTree();
    return names.map((name) => tree.add(name)).find((clash) => clash !== null) ?? null;
  };

  it('finds a name used by a file and a folder, or twice, whatever the case or Unicode form', () => {
    expect(clashes('a', 'a/b')).toBe('a');
    expect(clashes('a/b/c', 'a/b')).toBe('a/b');
    expect(clashes('a/', 'a')).toBe('a');
    expect(clashes('a', 'a/')).toBe('a');
    expect(clashes('x.html', 'x.html')).toBe('x.html');
    expect(clashes('Docs/A.txt', 'docs/a.TXT')).toBe('docs/a.TXT');
    expect(clashes('Docs', 'DOCS/x')).toBe('DOCS');
    expect(clashes('caf\u00e9', 'cafe\u0301/x')).toBe('cafe\u0301');
  });

  it('accepts names that only look alike, and folders met twice', () => {
    expect(clashes('a', 'a-b/c', 'ab/c', 'a.b/c', 'b/a', 'a b/c')).toBeNull();
    expect(clashes('a/', 'a/', 'a/b', 'a/c/', 'a/c/d')).toBeNull();
  });
});
