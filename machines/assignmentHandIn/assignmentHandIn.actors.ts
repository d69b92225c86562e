import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { UploadFile } from '../upload/upload.machine';
import type { Assignment, HandedFile, HandInBody } from './assignmentHandIn.machine';

/** The hand-in's calls; the app supplies them (src/api/learningApi.ts, the upload machinery's PUT). */
export interface AssignmentHandInApi {
  upload(file: UploadFile, signal: AbortSignal): Promise<HandedFile>;
  submit(body: HandInBody, signal: AbortSignal): Promise<Assignment>;
}

/** Real actors for `assignmentHandInMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createAssignmentHandInActors(api: AssignmentHandInApi) {
  return {
    upload: fromPromise<HandedFile, { file: UploadFile }>(({ input, signal }) => settleUnlessAborted(signal, api.upload(input.file, signal))),
    submit: fromPromise<Assignment, HandInBody>(({ input, signal }) => settleUnlessAborted(signal, api.submit(input, signal))),
  };
}
