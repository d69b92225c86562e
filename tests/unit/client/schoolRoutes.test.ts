import { describe, expect, it } from 'vitest';
import { matchSchoolPage, playerAddress, schoolAddress } from '../../../src/pages/school/schoolRoutes';

describe('the storefront route table (what React Router matched before)', () => {
  it('finds the catalogue pages with their slug, decoded', () => {
    expect(matchSchoolPage('/')).toEqual({ page: 'home', pattern: '', slug: undefined });
    expect(matchSchoolPage('/formations')).toMatchObject({ page: 'catalogue' });
    expect(matchSchoolPage('/formations/cuisine%20fran%C3%A7aise')).toMatchObject({ page: 'training', slug: 'cuisine française', pattern: 'formations/:slug' });
    expect(matchSchoolPage('/packs/duo')).toMatchObject({ page: 'bundle', slug: 'duo' });
  });

  it('ignores a trailing slash and the case of fixed segments, as React Router does', () => {
    expect(matchSchoolPage('/formations/')).toMatchObject({ page: 'catalogue' });
    expect(matchSchoolPage('/Mon-Compte')).toMatchObject({ page: 'account' });
  });

  it('gives the later pages their React Router pattern (optional item, the community\'s nested routes)', () => {
    expect(matchSchoolPage('/mes-formations/abc')).toMatchObject({ page: 'player', pattern: 'mes-formations/:trainingUuid/:itemId?' });
    expect(matchSchoolPage('/mes-formations/abc/12')).toMatchObject({ page: 'player' });
    expect(matchSchoolPage('/communaute/espaces/4/discussions')).toMatchObject({ page: 'community', pattern: 'communaute/*' });
    expect(matchSchoolPage('/paiement/formation/u-1')).toMatchObject({ page: 'checkout' });
    expect(matchSchoolPage('/paiement-test/ref')).toMatchObject({ page: 'testPayment' });
    expect(matchSchoolPage('/commande/o-1')).toMatchObject({ page: 'order' });
  });

  it('says not found for anything else, a malformed escape included', () => {
    expect(matchSchoolPage('/formations/a/b')).toMatchObject({ page: 'notFound' });
    expect(matchSchoolPage('/nulle-part')).toMatchObject({ page: 'notFound' });
    expect(matchSchoolPage('/formations/%E0%A4%A')).toMatchObject({ page: 'notFound' });
  });

  it('reads a player address (its training and item) and a school address on either host', () => {
    expect(playerAddress('/mes-formations/abc/12')).toEqual({ trainingUuid: 'abc', itemId: 12 });
    expect(playerAddress('/mes-formations/abc')).toEqual({ trainingUuid: 'abc', itemId: null });
    expect(playerAddress('/mes-formations/abc/x')).toEqual({ trainingUuid: 'abc', itemId: null });
    expect(playerAddress('/mes-formations')).toBeNull();
    expect(playerAddress('/formations/abc')).toBeNull();
    expect(schoolAddress('/ecole/demo/mes-formations/abc')).toEqual({ subdomain: 'demo', rest: '/mes-formations/abc' });
    expect(schoolAddress('/ecole/demo')).toEqual({ subdomain: 'demo', rest: '/' });
    expect(schoolAddress('/mes-formations/abc', 'demo')).toEqual({ subdomain: 'demo', rest: '/mes-formations/abc' });
    expect(schoolAddress('/formations')).toBeNull();
  });
});
