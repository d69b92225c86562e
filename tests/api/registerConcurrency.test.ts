import { describe, expect, it } from 'vitest';
import { api, uniqueEmail } from './client';

describe('POST /register under concurrency', () => {
  it('eight sign-ups at once with different addresses all succeed', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api('POST', '/register', { body: { email: uniqueEmail(), password: 'correct-horse-battery', firstname: 'Camille' } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
  });

  it('one address signed up four times at once (whatever its case): one 201, the others 409, never a 500', async () => {
    const email = uniqueEmail();
    const variants = [email, email.toUpperCase(), email, email.toUpperCase()];
    const answers = await Promise.all(variants.map((address) => api('POST', '/register', { body: { email: address, password: 'correct-horse-battery', firstname: 'Jo' } })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
  });
});
