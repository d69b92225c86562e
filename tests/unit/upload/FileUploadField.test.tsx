// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../machines/auth/auth.types';
import type { Failure } from '../../../shared/failure';
import { authMachine } from '../../../machines/auth/auth.machine';
import { createAuthActors } from '../../../machines/auth/auth.actors';
import type { ProgressListener, UploadApi } from '../../../machines/upload/upload.actors';
import type { UploadTarget } from '../../../machines/upload/upload.machine';
import { AuthActor } from '../../../src/app/auth';
import { FileUploadField } from '../../../src/components/upload/FileUploadField';

/**
 * The field wired to its machine: the upload calls are replaced (vi.mock of src/api/uploadApi) by ones
 * the test drives, everything else is real (machine, selectors, react-aria, messages).
 */
const calls = vi.hoisted(() => ({
  presigned: [] as unknown[],
  put: null as null | { onProgress: ProgressListener; signal: AbortSignal; resolve: () => void; reject: (failure: Failure) => void },
}));
vi.mock('../../../src/api/uploadApi', () => ({
  trainingUploadApi: (): UploadApi => ({
    presign: async (input) => {
      calls.presigned.push(input);
      return { url: 'https://app.test/api/v1/uploads/u', method: 'PUT', headers: { 'Content-Type': input.contentType }, fileUrl: 'https://app.test/api/v1/files/x/photo.png' } satisfies UploadTarget;
    },
    put: (_target, _file, onProgress, signal) => new Promise<void>((resolve, reject) => (calls.put = { onProgress, signal, resolve, reject })),
  }),
}));

/** The store's storage usage (src/api/storageApi), answered at once; a refresh is only recorded. */
const storage = vi.hoisted(() => ({ usage: { used_bytes: 13_107_200, quota_bytes: 5 * 1024 ** 3 }, refreshed: [] as string[] }));
vi.mock('../../../src/api/storageApi', () => ({
  storageUsageQuery: (storeUuid: string) => ({ queryKey: ['storage', storeUuid], queryFn: async () => storage.usage }),
  refreshStorageUsage: async (_client: unknown, storeUuid: string) => void storage.refreshed.push(storeUuid),
}));

const owner = { uuid: 'u1', firstname: 'Olivia', store: { plan: 'PRO', uuid: 's1' } } as unknown as User;
const logic = authMachine.provide({
  actions: { storeToken: () => {}, forgetToken: () => {}, recordLastLogin: () => {}, navigateAfterAuth: () => {}, navigateToLogin: () => {}, announceSessionExpired: () => {} }, // explicit stubs: the defaults throw
  actors: createAuthActors(
    { getMe: async () => owner, login: () => Promise.reject(new Error('unused')), register: () => Promise.reject(new Error('unused')), registerPerk: () => Promise.reject(new Error('unused')), logout: async () => {} },
    { get: () => 'token', set: () => {}, clear: () => {} },
  ),
});

function Harness({ initial = null as string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  const ready = AuthActor.useSelector((s) => s.matches('authenticated'));
  if (!ready) return null;
  return (
    <>
      <FileUploadField trainingUuid="t1" type="IMAGE" label="Image de couverture" value={value} onChange={setValue} />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

async function renderField(initial: string | null = null) {
  render(
    <IntlProvider locale="fr" defaultLocale="fr" onError={() => {}}>
      <QueryClientProvider client={new QueryClient()}>
      <AuthActor.Provider logic={logic}>
        <Harness initial={initial} />
      </AuthActor.Provider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  await screen.findByTestId('file-upload-field');
}

const pick = (file: File) => userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
const png = (bytes: number, name = 'photo.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

beforeEach(() => {
  calls.presigned = [];
  calls.put = null;
});
afterEach(cleanup);

describe('FileUploadField', () => {
  it('says what is accepted, uploads a picked image with a progress bar, and hands over its address', async () => {
    await renderField();
    expect(screen.getByText(/^Formats acceptés : JPG, JPEG, PNG, GIF, WEBP, AVIF\. 5\sMo maximum\.$/)).toBeTruthy();
    await pick(png(2048));
    await waitFor(() => expect(calls.put).not.toBeNull());
    expect(calls.presigned).toEqual([{ type: 'IMAGE', file: expect.any(File), contentType: 'image/png' }]);
    act(() => calls.put!.onProgress(512, 2048));
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('512\u00a0o sur 2\u00a0Ko');
    expect(screen.getByText('Envoi de photo.png…')).toBeTruthy();
    await act(async () => calls.put!.resolve());
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('https://app.test/api/v1/files/x/photo.png'));
    expect(screen.getByText('photo.png a bien été envoyé.').getAttribute('role')).toBe('status');
    expect(screen.getByRole('img', { name: 'Aperçu : Image de couverture' }).getAttribute('src')).toBe('https://app.test/api/v1/files/x/photo.png');
    expect(screen.getByRole('button', { name: 'Remplacer' })).toBeTruthy();
  });

  it('refuses a file over the limit of the plan before sending anything', async () => {
    await renderField();
    await pick(png(5 * 1024 * 1024 + 1, 'grande.png'));
    expect((await screen.findByRole('alert')).textContent).toBe('Ce fichier est trop volumineux : 5\u00a0Mo maximum.');
    expect(calls.presigned).toEqual([]);
  });

  it('cancel aborts the upload; a failure shows the server message and Retry asks again', async () => {
    await renderField();
    await pick(png(100));
    await waitFor(() => expect(calls.put).not.toBeNull());
    const first = calls.put!;
    await userEvent.click(screen.getByRole('button', { name: 'Annuler l’envoi' }));
    expect(first.signal.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();

    await pick(png(100));
    await waitFor(() => expect(calls.put).not.toBe(first));
    await act(async () => calls.put!.reject({ status: 413, code: 'VALIDATION_FAILED', message: 'Trop gros', fieldErrors: { file: ['Le fichier est trop volumineux (5 Mo au maximum).'] } }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le fichier est trop volumineux (5 Mo au maximum).');
    // A refusal would only be refused again: no Retry, the message says what to change.
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();

    const refused = calls.put;
    await pick(png(100));
    await waitFor(() => expect(calls.put).not.toBe(refused));
    await act(async () => calls.put!.reject({ status: null, code: 'NETWORK', message: 'Failed to fetch', fieldErrors: {} }));
    expect((await screen.findByRole('alert')).textContent).toBe('La connexion a été interrompue pendant l’envoi. Vérifiez votre réseau et réessayez.');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(calls.presigned).toHaveLength(4));
    expect(screen.getByTestId('value').textContent).toBe('null');
  });

  it('shows the current file and lets it be removed', async () => {
    await renderField('https://app.test/api/v1/files/x/ancienne.png');
    expect(screen.getByRole('img', { name: 'Aperçu : Image de couverture' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer' }));
    expect(screen.getByTestId('value').textContent).toBe('null');
    expect(screen.getByRole('button', { name: 'Choisir un fichier' })).toBeTruthy();
  });
});
