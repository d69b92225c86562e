// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../machines/auth/auth.types';
import type { Failure } from '../../../shared/failure';
import { authMachine } from '../../../machines/auth/auth.machine';
import { createAuthActors } from '../../../machines/auth/auth.actors';
import type { ProgressListener, UploadApi } from '../../../machines/upload/upload.actors';
import { AuthActor } from '../../../src/app/auth';
import { ScormUploadField } from '../../../src/components/upload/ScormUploadField';

/** The SCORM field with its form POST replaced by one the test answers (vi.mock of src/api/uploadApi). */
const posted = vi.hoisted(() => ({
  last: null as null | { placement: unknown; file: File; onProgress: ProgressListener; resolve: (item: unknown) => void; reject: (failure: Failure) => void },
}));
vi.mock('../../../src/api/uploadApi', () => ({
  scormUploadApi: (_training: string, placement: unknown): UploadApi => ({
    presign: () => Promise.reject(new Error('unused')),
    put: () => Promise.reject(new Error('unused')),
    postForm: (file, onProgress) => new Promise((resolve, reject) => (posted.last = { placement, file: file as File, onProgress, resolve, reject })),
  }),
}));

/** The store's storage usage (src/api/storageApi), answered at once; a refresh is only recorded. */
const storage = vi.hoisted(() => ({ usage: { used_bytes: 13_107_200, quota_bytes: 5 * 1024 ** 3 }, refreshed: [] as string[] }));
vi.mock('../../../src/api/storageApi', () => ({
  storageUsageQuery: (storeUuid: string) => ({ queryKey: ['storage', storeUuid], queryFn: async () => storage.usage }),
  refreshStorageUsage: async (_client: unknown, storeUuid: string) => void storage.refreshed.push(storeUuid),
}));

const owner = { uuid: 'u1', firstname: 'Olivia', store: { plan: 'EXPERT', uuid: 's1' } } as unknown as User;
const logic = authMachine.provide({
  actions: { storeToken: () => {}, forgetToken: () => {}, recordLastLogin: () => {}, navigateAfterAuth: () => {}, navigateToLogin: () => {}, announceSessionExpired: () => {} }, // explicit stubs: the defaults throw
  actors: createAuthActors(
    { getMe: async () => owner, login: () => Promise.reject(new Error('unused')), register: () => Promise.reject(new Error('unused')), registerPerk: () => Promise.reject(new Error('unused')), logout: async () => {} },
    { get: () => 'token', set: () => {}, clear: () => {} },
  ),
});

function Ready({ onCreated }: { onCreated: (item: unknown) => void }) {
  const ready = AuthActor.useSelector((s) => s.matches('authenticated'));
  return ready ? <ScormUploadField trainingUuid="t1" parentId={7} label="Paquet SCORM" onCreated={onCreated} /> : null;
}

async function renderField() {
  const onCreated = vi.fn();
  render(
    <IntlProvider locale="fr" defaultLocale="fr" onError={() => {}}>
      <QueryClientProvider client={new QueryClient()}>
      <AuthActor.Provider logic={logic}>
        <Ready onCreated={onCreated} />
      </AuthActor.Provider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  await screen.findByTestId('scorm-upload-field');
  return onCreated;
}
const pick = (file: File) => userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file, { applyAccept: false });

afterEach(() => {
  posted.last = null;
  storage.refreshed = [];
  cleanup();
});

describe('ScormUploadField', () => {
  it('sends the zip to its section, shows the progress then the checking step, and hands over the created item', async () => {
    const onCreated = await renderField();
    await pick(new File([new Uint8Array(4000)], 'module.zip', { type: 'application/zip' }));
    await waitFor(() => expect(posted.last).not.toBeNull());
    expect(posted.last!.placement).toEqual({ parentId: 7 });
    act(() => posted.last!.onProgress(1000, 4000));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    act(() => posted.last!.onProgress(4000, 4000));
    expect(screen.getByText('Vérification et installation du paquet…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annuler l’envoi' })).toBeNull();
    await act(async () => posted.last!.resolve({ id: 9, name: 'Hygiène en cuisine' }));
    expect(onCreated).toHaveBeenCalledWith({ id: 9, name: 'Hygiène en cuisine' });
    // The package now counts against the store's quota: its usage is read again.
    expect(storage.refreshed).toEqual(['s1']);
    expect(screen.getByText('Le paquet SCORM « Hygiène en cuisine » a été ajouté.')).toBeTruthy();
  });

  it("shows the store's storage usage where packages are sent, and says when it is full", async () => {
    await renderField();
    expect((await screen.findByTestId('storage-usage')).textContent).toMatch(/^Stockage de l’école : 12,5\s?Mo utilisés sur 5\s?Go\.$/);
    cleanup();
    storage.usage = { used_bytes: 5 * 1024 ** 3, quota_bytes: 5 * 1024 ** 3 };
    await renderField();
    expect((await screen.findByTestId('storage-usage')).textContent).toMatch(/est plein \(5\s?Go utilisés sur 5\s?Go\)/);
    storage.usage = { used_bytes: 13_107_200, quota_bytes: 5 * 1024 ** 3 };
  });

  it('refuses what is not a zip before sending, and shows the server refusal of a broken one without Retry', async () => {
    await renderField();
    await pick(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choisissez un fichier .zip (paquet SCORM).');
    expect(posted.last).toBeNull();
    await pick(new File(['x'], 'module.zip', { type: 'application/zip' }));
    await waitFor(() => expect(posted.last).not.toBeNull());
    await act(async () => posted.last!.reject({ status: 422, code: 'VALIDATION_FAILED', message: 'x', fieldErrors: { file: ["Le fichier n'est pas une archive .zip."] } }));
    expect((await screen.findByRole('alert')).textContent).toBe("Le fichier n'est pas une archive .zip.");
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });
});
