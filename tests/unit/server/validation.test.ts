import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../../server/openapi/document';
import { ContractValidator, toFieldErrors } from '../../../server/openapi/validation';
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
