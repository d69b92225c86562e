import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../../shared/failure';
import { maxSizeOf, type uploadMachine } from './upload.machine';

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;

const isPassing = (failure: Failure | null) =>
  failure !== null && (failure.status === null || failure.status >= 500 || failure.status === 408 || failure.status === 429);

export type UploadStatus = 'idle' | 'preparing' | 'uploading' | 'done' | 'failed';

/** The view-model of a file field with an upload in it. */
export const selectUploadView = (snapshot: UploadSnapshot) => {
  const status = snapshot.value as UploadStatus;
  const { context } = snapshot;
  const busy = status === 'preparing' || status === 'uploading';
  return {
    status,
    /** An upload is on its way: the picker is disabled, Cancel shows. */
    isBusy: busy,
    canCancel: busy,
    /**
     * The last attempt failed for a reason that may pass (the connection, the server, a time limit): Retry
     * shows. A refusal (403, 413, 422…) would only be refused again: the message says what to change.
     */
    canRetry: status === 'failed' && isPassing(context.failure),
    /** The file being (or last) uploaded. */
    fileName: context.file?.name ?? null,
    fileSize: context.file?.size ?? null,
    /** 0 to 1 once the browser reports a total; null while it is unknown (indeterminate bar). */
    progress: status === 'done' ? 1 : status === 'uploading' && context.total > 0 ? Math.min(1, context.loaded / context.total) : null,
    /** Why the last file picked was refused before sending. */
    problem: status === 'idle' ? context.problem : null,
    /** Why the last attempt failed. */
    failure: status === 'failed' ? context.failure : null,
    /** Bytes allowed for this kind on the plan (null: none), for the hint under the field. */
    maxSize: maxSizeOf(context.kind, context.plan),
    /** The uploaded file's address, or the SCORM item, once done. */
    result: status === 'done' ? context.result : null,
  };
};
