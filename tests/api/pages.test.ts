import { describe, expect, it } from 'vitest';
import { api, expectContract, login } from './client';

describe('GET /pages?slug=', () => {
  it.each(['conditions-generales', 'mentions-legales', 'politique-de-confidentialite'])(
    'answers the site page %s to anyone, as plain semantic HTML',
    async (slug) => {
      const answer = await api('GET', `/pages?slug=${slug}`);
      expect(answer.status).toBe(200);
      expectContract('listPages', answer);
      expect(answer.body.data).toHaveLength(1);
      const [page] = answer.body.data;
      expect(page.slug).toBe(slug);
      expect(page.title.rendered.length).toBeGreaterThan(0);
      expect(page.content.rendered).toMatch(/^<h2>/);
      expect(page.content.rendered).toContain('<p>');
      expect(page.content.rendered).not.toMatch(/<script|<iframe|<style|\son\w+=|javascript:/i);
    },
  );

  it('answers the same to a signed-in caller', async () => {
    const answer = await api('GET', '/pages?slug=mentions-legales', { token: await login('teacher@demo.test') });
    expect(answer.status).toBe(200);
    expectContract('listPages', answer);
    expect(answer.body.data[0].title.rendered).toBe('Mentions légales');
  });

  it('answers an empty list for a page that does not exist', async () => {
    const answer = await api('GET', '/pages?slug=cgv-2019');
    expect(answer.status).toBe(200);
    expectContract('listPages', answer);
    expect(answer.body).toEqual({ data: [] });
  });

  it.each([
    ['no slug', ''],
    ['an empty slug', '?slug='],
    ['capitals', '?slug=Mentions-Legales'],
    ['a path', '?slug=..%2Fetc%2Fpasswd'],
    ['spaces', '?slug=mentions%20legales'],
    ['an oversize slug', `?slug=${'a'.repeat(129)}`],
  ])('answers 422 for %s', async (_label, query) => {
    const answer = await api('GET', `/pages${query}`);
    expect(answer.status).toBe(422);
    expectContract('listPages', answer);
    expect(answer.body.errors.slug).toBeInstanceOf(Array);
  });
});
