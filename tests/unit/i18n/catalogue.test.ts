import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fr from '../../../locales/fr.json';
import en from '../../../locales/en.json';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('fr.json is exactly what the source declares (run npm run i18n:extract after changing messages)', () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'i18n-')), 'fr.json');
    execFileSync(process.execPath, ['node_modules/@formatjs/cli/bin/formatjs', 'extract', 'src/**/*.{ts,tsx}', '--ignore', 'src/**/*.d.ts', '--out-file', out, '--format', 'simple'], {
      stdio: 'pipe',
    });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(fr);
  });

  it('the compiled catalogues the app loads are up to date (run npm run i18n:compile)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'i18n-compiled-'));
    for (const locale of ['fr', 'en']) {
      const out = path.join(dir, `${locale}.json`);
      execFileSync(process.execPath, ['node_modules/@formatjs/cli/bin/formatjs', 'compile', `locales/${locale}.json`, '--ast', '--format', 'simple', '--out-file', out], { stdio: 'pipe' });
      expect(JSON.parse(readFileSync(out, 'utf8')), locale).toEqual(JSON.parse(readFileSync(`src/i18n/compiled/${locale}.json`, 'utf8')));
    }
  });

  it('en.json translates every French message, with the same placeholders', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
    for (const [id, message] of Object.entries(fr)) {
      expect(placeholders((en as Record<string, string>)[id]!), id).toEqual(placeholders(message));
      expect((en as Record<string, string>)[id], id).not.toBe('');
    }
  });
});
