import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import fr from '../../../locales/fr.json';
import en from '../../../locales/en.json';

/** The argument names of an ICU message (plural branches' words are text, not arguments), sorted and unique. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ('value' in element && element.type !== TYPE.literal && typeof element.value === 'string') names.add(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

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
    execFileSync(process.execPath, ['scripts/i18n-compile.mjs', '--out-dir', dir], { stdio: 'pipe' });
    const files = ['fr.guest.json', 'fr.storefront.json', 'fr.school.json', 'fr.app.json', 'en.guest.json', 'en.storefront.json', 'en.school.json', 'en.app.json'];
    expect(readdirSync(dir).sort()).toEqual([...files].sort());
    for (const file of files) {
      expect(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), file).toEqual(JSON.parse(readFileSync(`src/i18n/compiled/${file}`, 'utf8')));
    }
  });

  it('every message is in one catalogue (a learner-area one shared with the back office in two), the same ones in both languages', () => {
    const ids = (file: string) => Object.keys(JSON.parse(readFileSync(`src/i18n/compiled/${file}`, 'utf8')) as object);
    const guest = ids('fr.guest.json');
    const storefront = ids('fr.storefront.json');
    const school = ids('fr.school.json');
    const app = ids('fr.app.json');
    expect([...new Set([...guest, ...storefront, ...school, ...app])].sort()).toEqual(Object.keys(fr).sort());
    expect(guest.filter((id) => app.includes(id) || school.includes(id) || storefront.includes(id))).toEqual([]);
    // The storefront's first load's messages (its home, catalogue, a training's page) apart from its later pages'.
    expect(storefront.filter((id) => school.includes(id) || app.includes(id) || !id.startsWith('school.'))).toEqual([]);
    expect(storefront).toContain('school.catalogue.title');
    expect(storefront).not.toContain('school.checkout.title');
    expect(school).toContain('school.checkout.title');
    expect(ids('en.storefront.json').sort()).toEqual([...storefront].sort());
    // Shared: the messages of files both sides import (the lesson blocks' renderers), never the learner area's own.
    const shared = school.filter((id) => app.includes(id));
    expect(shared).toContain('blocks.type.text');
    expect(shared.filter((id) => id.startsWith('school.'))).toEqual([]);
    expect(ids('en.app.json').sort()).toEqual([...app].sort());
    expect(ids('en.guest.json').sort()).toEqual([...guest].sort());
    expect(ids('en.school.json').sort()).toEqual([...school].sort());
    // The login page's own messages are guest ones, the learner area's its own (sanity checks of the split).
    expect(guest).toContain('login.title');
    expect(app).not.toContain('login.title');
    expect(school.length).toBeGreaterThan(0);
    expect(school.every((id) => id.startsWith('school.') || shared.includes(id))).toBe(true);
  });

  it('en.json translates every French message, with the same placeholders', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
    for (const [id, message] of Object.entries(fr)) {
      expect(placeholders((en as Record<string, string>)[id]!), id).toEqual(placeholders(message));
      expect((en as Record<string, string>)[id], id).not.toBe('');
    }
  });
});
