import { describe, expect, it } from 'vitest';
import { sideMenu } from '../../../src/app/menu';
import { routeByName } from '../../../src/app/routes';
import { activeMenuPath, drawerCurrent } from '../../../src/layouts/shell/drawerActive';

// The real menu's paths, so a new entry that steals or loses pages shows here.
const paths = sideMenu.flatMap((entry) => [entry, ...(entry.children ?? [])]).map((entry) => routeByName(entry.route)!.path);
const uuid = 'de300000-0000-4000-8000-000000000001';

describe('activeMenuPath (the drawer entry a page belongs to)', () => {
  it('an entry owns its own page and the pages under it', () => {
    expect(activeMenuPath('/formations', paths)).toBe('/formations');
    expect(activeMenuPath(`/formations/${uuid}`, paths)).toBe('/formations');
    expect(activeMenuPath(`/formations/${uuid}/statistiques`, paths)).toBe('/formations');
    expect(activeMenuPath(`/formations/${uuid}/editor/3`, paths)).toBe('/formations');
    expect(activeMenuPath(`/packs/${uuid}/prix`, paths)).toBe('/packs');
    expect(activeMenuPath(`/apprenants/${uuid}`, paths)).toBe('/apprenants');
    expect(activeMenuPath('/parametres/equipe', paths)).toBe('/parametres');
  });
  it('an entry of its own wins over its parent path', () => {
    expect(activeMenuPath('/formations/certificats', paths)).toBe('/formations/certificats');
    expect(activeMenuPath('/formations/parametres', paths)).toBe('/formations/parametres');
    expect(activeMenuPath('/formations/parametres/', paths)).toBe('/formations/parametres');
  });
  it('home is active on / alone; paths match by whole segments', () => {
    expect(activeMenuPath('/', paths)).toBe('/');
    expect(activeMenuPath('/mon-compte', paths)).toBeNull();
    expect(activeMenuPath('/formationsX', paths)).toBeNull();
    expect(activeMenuPath('/affiliation', ['/affilies'])).toBeNull();
  });
});

describe('drawerCurrent (aria-current of an entry)', () => {
  it('"page" on its own page, "true" under it, none elsewhere', () => {
    expect(drawerCurrent('/formations', '/formations', paths)).toBe('page');
    expect(drawerCurrent(`/formations/${uuid}/prix`, '/formations', paths)).toBe('true');
    expect(drawerCurrent('/formations/certificats', '/formations', paths)).toBeUndefined();
    expect(drawerCurrent('/formations/certificats', '/formations/certificats', paths)).toBe('page');
    expect(drawerCurrent(`/formations/${uuid}`, '/', paths)).toBeUndefined();
  });
});
