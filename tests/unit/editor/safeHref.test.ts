import { describe, expect, it } from 'vitest';
import { hrefFromInput, safeHref } from '../../../src/editor/safeHref';

describe('safeHref', () => {
  it.each(['https://exemple.fr', 'http://exemple.fr/a?b=c#d', 'HTTPS://EXEMPLE.FR', 'mailto:contact@exemple.fr', 'https://exemple.fr/é'])('accepts %j', (href) => {
    expect(safeHref(href)).toBe(href);
  });

  it('trims surrounding spaces', () => {
    expect(safeHref('  https://exemple.fr  ')).toBe('https://exemple.fr');
  });

  it.each([
    null,
    undefined,
    '',
    'javascript:alert(1)',
    'java\nscript:alert(1)',
    'https://exe mple.fr',
    'data:text/html,x',
    'file:///etc/passwd',
    'ftp://exemple.fr',
    'tel:+33100000000',
    '/chemin',
    '//exemple.fr',
    'exemple.fr',
    'https://',
    'mailto:',
    'mailto:personne',
  ])('refuses %j', (href) => {
    expect(safeHref(href)).toBeNull();
  });
});

describe('hrefFromInput (the link dialog)', () => {
  it('adds https:// to a bare address and mailto: to an e-mail address', () => {
    expect(hrefFromInput('exemple.fr')).toBe('https://exemple.fr');
    expect(hrefFromInput(' www.exemple.fr/page?x=1 ')).toBe('https://www.exemple.fr/page?x=1');
    expect(hrefFromInput('contact@exemple.fr')).toBe('mailto:contact@exemple.fr');
  });

  it('keeps a full safe address as typed', () => {
    expect(hrefFromInput('http://exemple.fr')).toBe('http://exemple.fr');
    expect(hrefFromInput('mailto:a@b.fr')).toBe('mailto:a@b.fr');
  });

  it('refuses what cannot be a safe address', () => {
    for (const input of ['', 'bonjour', 'javascript:alert(1)', 'ftp://exemple.fr', 'data:text/html,x', 'exemple']) expect(hrefFromInput(input)).toBeNull();
  });
});
