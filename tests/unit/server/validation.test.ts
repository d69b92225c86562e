import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../../server/openapi/document';
import { ContractValidator, toFieldErrors, withoutDiscriminatorMappings } from '../../../server/openapi/validation';
import { inLocale, type Locale } from '../../../server/http/messages';

const validator = new ContractValidator(loadDocument());
const registerBody = validator.schemaAt('#/paths/~1register/post/requestBody/content/application~1json/schema');

const errorsFor = (body: unknown, locale: Locale = 'fr') => {
  registerBody(body);
  return Object.fromEntries(Object.entries(toFieldErrors(registerBody.errors)).map(([field, list]) => [field, list.map((m) => inLocale(m, locale))]));
};

describe('toFieldErrors', () => {
  it('turns each ajv keyword into a French message on the right field', () => {
    expect(errorsFor({})).toEqual({
      email: ['Ce champ est obligatoire.'],
      password: ['Ce champ est obligatoire.'],
      firstname: ['Ce champ est obligatoire.'],
    });
    expect(errorsFor({ email: 'x', password: 'short', firstname: '', extra: 1 })).toEqual({
      email: ["L'adresse e-mail n'est pas valide."],
      password: ['Doit contenir au moins 8 caractères.'],
      firstname: ['Ce champ est obligatoire.'],
      extra: ["Ce champ n'est pas attendu."],
    });
    expect(errorsFor({ email: 'a@b.test', password: 'long-enough', firstname: 'x'.repeat(65), locale: 'de' })).toEqual({
      firstname: ['Doit contenir au plus 64 caractères.'],
      locale: ['Cette valeur ne fait pas partie des choix possibles.'],
    });
    expect(errorsFor({ email: 1, password: 'long-enough', firstname: 'A' }).email).toEqual(['Type de valeur invalide (attendu : string).']);
  });

  it('answers in English too, and treats a blank name as missing', () => {
    expect(errorsFor({ email: 'x', password: 'short', firstname: '   ' }, 'en')).toEqual({
      email: ['The e-mail address is not valid.'],
      password: ['Must be at least 8 characters long.'],
      firstname: ['This field is required.'],
    });
  });

  it('puts errors about the body itself under "body"', () => {
    expect(errorsFor('a string')).toEqual({ body: ['Type de valeur invalide (attendu : object).'] });
  });
});

describe('discriminated blocks (ajv discriminator, the contract mapping dropped for ajv)', () => {
  const contentBlock = validator.schemaAt('#/components/schemas/ContentBlock');

  it('accepts a valid block of each kind and a block of an unknown type, and refuses what its own type refuses', () => {
    expect(contentBlock({ id: 'a', type: 'text', data: { html: '<p>x</p>' } })).toBe(true);
    expect(contentBlock({ id: 'a', type: 'heading', data: { text: 'Titre', level: 2 } })).toBe(true);
    expect(contentBlock({ id: 'a', type: 'bientot', data: { anything: 1 } })).toBe(true);
    expect(contentBlock({ id: 'a', type: 'text', data: { html: 3 } })).toBe(false);
    expect(contentBlock.errors?.some((error) => error.instancePath === '/data/html')).toBe(true);
    expect(contentBlock({ id: 'a', type: 'heading', data: { text: 'Titre', level: 9 } })).toBe(false);
    expect(contentBlock({ id: 'a', type: 'text', data: { html: 'x', extra: 1 } })).toBe(false);
    expect(contentBlock({ id: 'a', data: {} })).toBe(false);
    expect(contentBlock({ id: 'a', type: 3, data: {} })).toBe(false);
  });

  it('leaves the document untouched and copies only the nodes above a mapping', () => {
    const doc = { components: { schemas: { A: { oneOf: [], discriminator: { propertyName: 'type', mapping: { a: '#/x' } } }, B: { type: 'string' } } } };
    const copy = withoutDiscriminatorMappings(doc);
    expect(copy.components.schemas.A.discriminator).toEqual({ propertyName: 'type' });
    expect(doc.components.schemas.A.discriminator.mapping).toEqual({ a: '#/x' });
    expect(copy.components.schemas.B).toBe(doc.components.schemas.B);
    expect(withoutDiscriminatorMappings(doc.components.schemas.B)).toBe(doc.components.schemas.B);
  });
});
