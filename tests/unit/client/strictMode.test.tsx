// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { createActorContext } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { authMachine } from '../../../machines/auth/auth.machine';
import { createAuthActors, type AuthApi } from '../../../machines/auth/auth.actors';
import { settleUnlessAborted } from '../../../machines/support/settleUnlessAborted';
import type { User } from '../../../machines/auth/auth.types';

const user = { uuid: 'u1', firstname: 'Olivia' } as User;

/** An API whose calls reject with AbortError when their signal aborts, like fetch does. */
const abortingApi: AuthApi = {
  getMe: (signal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(user), 20);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    }),
  login: () => Promise.reject(new Error('unused')),
  register: () => Promise.reject(new Error('unused')),
  registerPerk: () => Promise.reject(new Error('unused')),
  logout: () => Promise.resolve(),
};

function State() {
  const value = Auth.useSelector((s) => (s.matches('authenticated') ? 'authenticated' : JSON.stringify(s.value)));
  return <output data-testid="state">{value}</output>;
}
const Auth = createActorContext(authMachine);

describe('auth actor under React StrictMode', () => {
  it('restores a stored session although StrictMode stops and restarts the actor once', async () => {
    const logic = authMachine.provide({
    actions: { storeToken: () => {}, forgetToken: () => {}, recordLastLogin: () => {}, navigateAfterAuth: () => {}, navigateToLogin: () => {}, announceSessionExpired: () => {} }, // explicit stubs: the defaults throw
      actors: createAuthActors(abortingApi, { get: () => 'stored-token', set: () => {}, clear: () => {} }),
    });
    render(
      <StrictMode>
        <Auth.Provider logic={logic}>
          <State />
        </Auth.Provider>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('authenticated'));
  });
});

describe('settleUnlessAborted', () => {
  it('passes results through, and never settles once the signal is aborted', async () => {
    await expect(settleUnlessAborted(new AbortController().signal, Promise.resolve(1))).resolves.toBe(1);
    await expect(settleUnlessAborted(new AbortController().signal, Promise.reject(new Error('x')))).rejects.toThrow('x');
    const controller = new AbortController();
    let settled = false;
    const call = settleUnlessAborted(controller.signal, new Promise((_r, reject) => setTimeout(() => reject(new Error('late')), 5)));
    void call.then(() => (settled = true), () => (settled = true));
    controller.abort();
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
  });
});
