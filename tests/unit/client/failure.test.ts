import { describe, expect, it } from 'vitest';
import { toFailure, unwrap } from '../../../src/api/failure';

const response = (status: number) => new Response(null, { status, statusText: 'Status text' });

describe('toFailure', () => {
  it('reads the error envelope', () => {
    expect(toFailure({ message: 'Nope', code: 'VALIDATION_FAILED', errors: { email: ['a', 'b'] } }, response(422))).toEqual({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'Nope',
      fieldErrors: { email: ['a', 'b'] },
    });
  });

  it('marks a request that got no answer with status null', () => {
    expect(toFailure(new TypeError('Failed to fetch'))).toMatchObject({ status: null, code: 'NETWORK' });
  });

  it('falls back to the status text for a body that is not the envelope', () => {
    expect(toFailure('<html>', response(502))).toMatchObject({ status: 502, code: null, message: 'Status text' });
  });
});

describe('unwrap', () => {
  it('answers data on success and throws the failure otherwise', async () => {
    await expect(unwrap(Promise.resolve({ data: 1, response: response(200) }))).resolves.toBe(1);
    await expect(unwrap(Promise.resolve({ error: { message: 'x', code: 'NOT_FOUND' }, response: response(404) }))).rejects.toMatchObject({ status: 404 });
    await expect(unwrap(Promise.reject(new TypeError('offline')))).rejects.toMatchObject({ status: null });
  });
});
