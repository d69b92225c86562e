import { useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useInspectedMachine } from '../../app/inspector';
import { createUploadActors, type UploadApi } from '../../../machines/upload/upload.actors';
import { uploadMachine, type UploadFile, type UploadKind } from '../../../machines/upload/upload.machine';
import { selectUploadView } from '../../../machines/upload/upload.selectors';
import { refreshStorageUsage } from '../../api/storageApi';
import { AuthActor } from '../../app/auth';

export interface UseUploadOptions {
  kind: UploadKind;
  /** The calls (src/api/uploadApi.ts). Read once: give the component a new `key` to change them. */
  api: UploadApi;
  /** Called once the upload is done, with the file address (presigned kinds) or the created item (SCORM). */
  onUploaded: (result: unknown) => void;
}

/**
 * An upload machine for one field, with the real actors and the store's plan (limits of spec 9).
 * Answers the view-model and the user's events.
 */
export function useUpload({ kind, api, onUploaded }: UseUploadOptions) {
  const plan = AuthActor.useSelector((s) => s.context.user?.store.plan) ?? 'PERCENT';
  const storeUuid = AuthActor.useSelector((s) => s.context.user?.store.uuid);
  const queryClient = useQueryClient();
  // The latest callback, read when the machine reaches `done` (not a flow: just the current prop).
  const latest = useRef(onUploaded);
  useLayoutEffect(() => {
    latest.current = onUploaded;
  });
  // The api is read once, like the machine's input (see UseUploadOptions).
  const [machine] = useState(() =>
    uploadMachine.provide({
      actors: createUploadActors(api),
      actions: {
        uploaded: (_, params) => {
          // The file now counts against the store's quota (StorageUsageNote).
          if (storeUuid) void refreshStorageUsage(queryClient, storeUuid);
          latest.current(params.result);
        },
      },
    }),
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { kind, plan } });
  return {
    view: selectUploadView(snapshot),
    select: (file: UploadFile) => send({ type: 'SELECT', file }),
    cancel: () => send({ type: 'CANCEL' }),
    retry: () => send({ type: 'RETRY' }),
    reset: () => send({ type: 'RESET' }),
  };
}
