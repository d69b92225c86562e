import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Failure } from '../../shared/failure';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { PresignInput, TransferInput, UploadEvent, UploadFile, UploadTarget } from './upload.machine';

export type ProgressListener = (loaded: number, total: number) => void;

/** The calls an upload needs; the app supplies them (src/api/uploadApi.ts). */
export interface UploadApi {
  /** POST …/urls/presigned for the file: where to PUT it and where it will be read. */
  presign(input: PresignInput, signal: AbortSignal): Promise<UploadTarget>;
  /** PUTs the bytes to a presigned target, reporting progress. */
  put(target: UploadTarget, file: UploadFile, onProgress: ProgressListener, signal: AbortSignal): Promise<void>;
  /** Sends the file as a multipart form (SCORM), reporting progress; answers the server's body. */
  postForm?(file: UploadFile, onProgress: ProgressListener, signal: AbortSignal): Promise<unknown>;
}

/**
 * Real actors for `uploadMachine.provide({ actors })`. `transfer` reports PROGRESS, then UPLOADED or
 * UPLOAD_FAILED; when the machine leaves `uploading` (CANCEL) the actor stops, which aborts the request
 * and silences whatever it answers afterwards.
 */
export function createUploadActors(api: UploadApi) {
  return {
    presign: fromPromise<UploadTarget, PresignInput>(({ input, signal }) => settleUnlessAborted(signal, api.presign(input, signal))),
    transfer: fromCallback<EventObject, TransferInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      const send = (event: UploadEvent) => {
        if (!controller.signal.aborted) sendBack(event);
      };
      const onProgress: ProgressListener = (loaded, total) => send({ type: 'PROGRESS', loaded, total });
      const call = input.target
        ? api.put(input.target, input.file, onProgress, controller.signal).then(() => undefined)
        : api.postForm
          ? api.postForm(input.file, onProgress, controller.signal)
          : Promise.reject(new Error('upload: postForm is needed for uploads without a presigned target'));
      call.then(
        (result) => send({ type: 'UPLOADED', result }),
        (error: unknown) => send({ type: 'UPLOAD_FAILED', failure: error as Failure }),
      );
      return () => controller.abort();
    }),
  };
}
