// npm run i18n:compile: compiles locales/{fr,en}.json to message ASTs (no ICU parser ships to the browser),
// four catalogues per language in src/i18n/compiled/:
//   <locale>.guest.json  the messages of the code that can render before sign-in (scripts/i18n-guest-files.mjs)
//   <locale>.storefront.json the learner area's messages its first load shows (home, catalogue, a training's page)
//   <locale>.school.json the learner area's other messages; loaded with its later pages
//   <locale>.app.json    every other message, whatever its prefix; loaded with the signed-in layouts
// A message of a file both the learner area and the back office import (the lesson blocks' renderers) is in both
// the school and the app catalogues.
// so /connexion does not download the back office's messages.
//   node scripts/i18n-compile.mjs [--out-dir <dir>]   (the staleness test writes to a temporary directory)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appFiles, guestFiles, schoolFiles, storefrontFiles } from './i18n-guest-files.mjs';

const LOCALES = ['fr', 'en'];
const formatjs = (...args) => execFileSync(process.execPath, ['node_modules/@formatjs/cli/bin/formatjs', ...args], { stdio: ['ignore', 'ignore', 'inherit'] });

const outFlag = process.argv.indexOf('--out-dir');
const outDir = outFlag > 0 ? process.argv[outFlag + 1] : 'src/i18n/compiled';
const work = mkdtempSync(path.join(tmpdir(), 'i18n-compile-'));

try {
  // The ids the guest files declare (formatjs reads the same descriptors `npm run i18n:extract` does).
  const list = path.join(work, 'guest-files.txt');
  writeFileSync(list, guestFiles().files.join('\n'));
  const guestExtract = path.join(work, 'guest.json');
  formatjs('extract', '--in-file', list, '--out-file', guestExtract, '--format', 'simple');
  const guestIds = new Set(Object.keys(JSON.parse(readFileSync(guestExtract, 'utf8'))));
  // The learner area's own ids (a guest file's id stays guest).
  const schoolList = path.join(work, 'school-files.txt');
  writeFileSync(schoolList, schoolFiles().join('\n'));
  const schoolExtract = path.join(work, 'school.json');
  formatjs('extract', '--in-file', schoolList, '--out-file', schoolExtract, '--format', 'simple');
  const schoolIds = new Set(Object.keys(JSON.parse(readFileSync(schoolExtract, 'utf8'))).filter((id) => !guestIds.has(id)));
  // Of those, the storefront's first load's (src/schoolMain.tsx's static imports).
  const storefrontList = path.join(work, 'storefront-files.txt');
  writeFileSync(storefrontList, storefrontFiles().join('\n'));
  const storefrontExtract = path.join(work, 'storefront.json');
  formatjs('extract', '--in-file', storefrontList, '--out-file', storefrontExtract, '--format', 'simple');
  const storefrontIds = new Set(Object.keys(JSON.parse(readFileSync(storefrontExtract, 'utf8'))).filter((id) => schoolIds.has(id)));
  // Of those, the ones the signed-in side declares too (shared files): they go in both catalogues.
  const appList = path.join(work, 'app-files.txt');
  writeFileSync(appList, appFiles().join('\n'));
  const appExtract = path.join(work, 'app.json');
  formatjs('extract', '--in-file', appList, '--out-file', appExtract, '--format', 'simple');
  const sharedIds = new Set(Object.keys(JSON.parse(readFileSync(appExtract, 'utf8'))).filter((id) => schoolIds.has(id)));

  mkdirSync(outDir, { recursive: true });
  for (const locale of LOCALES) {
    const compiled = path.join(work, `${locale}.json`);
    formatjs('compile', `locales/${locale}.json`, '--ast', '--format', 'simple', '--out-file', compiled);
    const parts = { guest: {}, storefront: {}, school: {}, app: {} };
    for (const [id, ast] of Object.entries(JSON.parse(readFileSync(compiled, 'utf8')))) {
      parts[guestIds.has(id) ? 'guest' : storefrontIds.has(id) ? 'storefront' : schoolIds.has(id) ? 'school' : 'app'][id] = ast;
      if (sharedIds.has(id)) parts.app[id] = ast;
    }
    for (const [part, messages] of Object.entries(parts)) {
      // Written whole then renamed: a build or dev server reading meanwhile never sees half a file.
      const file = path.join(outDir, `${locale}.${part}.json`);
      writeFileSync(`${file}.${process.pid}.tmp`, `${JSON.stringify(messages, null, 2)}\n`);
      renameSync(`${file}.${process.pid}.tmp`, file);
    }
    console.log(`${locale}: ${Object.keys(parts.guest).length} guest + ${Object.keys(parts.storefront).length} storefront + ${Object.keys(parts.school).length} school + ${Object.keys(parts.app).length} app messages -> ${outDir}/${locale}.{guest,storefront,school,app}.json`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
