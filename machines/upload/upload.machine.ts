import { assign, setup, type EventObject } from 'xstate';
import { notProvided, notProvidedCallback, notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import { SCORM_MAX_SIZE, acceptsContentType, guessContentType, maxUploadSize, type Plan, type UploadType } from './upload.limits';

/** What is uploaded: a file for a presigned address (an UploadType), or a SCORM zip sent as a form. */
export type UploadKind = UploadType | 'SCORM';

/** The file picked: a browser File, or anything with its name, size and type (tests). */
export interface UploadFile {
  name: string;
  size: number;
  type: string;
}

/** Why a file is refused before anything is sent (the same rules as the server, machines/upload/upload.limits.ts). */
export type FileProblem = 'empty' | 'tooLarge' | 'type' | 'plan';

export interface UploadInput {
  kind: UploadKind;
  /** The store's plan: it sets the size limit of some kinds. */
  plan: Plan;
}

/** Where the bytes go, as POST …/urls/presigned answered. */
export interface UploadTarget {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  /** The address the file is read from once stored. */
  fileUrl: string;
}

export interface PresignInput {
  type: UploadType;
  file: UploadFile;
  contentType: string;
}

/** What `transfer` sends: to the presigned target, or (SCORM, no target) as the multipart form of the app. */
export interface TransferInput {
  file: UploadFile;
  target: UploadTarget | null;
}

export interface UploadContext {
  kind: UploadKind;
  plan: Plan;
  file: UploadFile | null;
  /** Why the last file picked was refused; null once a file is accepted. */
  problem: FileProblem | null;
  target: UploadTarget | null;
  /** Bytes sent so far, and the total the browser reports (0 until the first progress event). */
  loaded: number;
  total: number;
  /** The stored file's address (presigned uploads) or the server's answer (SCORM: the created item). */
  result: unknown;
  /** Why the last attempt failed; null once a new one starts. */
  failure: Failure | null;
}

export type UploadEvent =
  | { type: 'SELECT'; file: UploadFile }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'RESET' }
  /** From the `transfer` actor. */
  | { type: 'PROGRESS'; loaded: number; total: number }
  | { type: 'UPLOADED'; result: unknown }
  | { type: 'UPLOAD_FAILED'; failure: Failure };

/** The media type of a picked file; some systems give none, then it is guessed from the name. */
export const contentTypeOfFile = (file: UploadFile) => file.type || guessContentType(file.name);

/** Bytes allowed for a kind on a plan; null when the plan has no such uploads. */
export const maxSizeOf = (kind: UploadKind, plan: Plan): number | null => (kind === 'SCORM' ? SCORM_MAX_SIZE : maxUploadSize(kind, plan));

const isZip = (file: UploadFile) => /\.zip$/i.test(file.name) || /^application\/(x-)?zip(-compressed)?$/.test(file.type);

/** The checks the server makes, made first so nobody waits for a refusal: plan, emptiness, type, size. */
export function fileProblem(file: UploadFile, kind: UploadKind, plan: Plan): FileProblem | null {
  const max = maxSizeOf(kind, plan);
  if (max === null) return 'plan';
  if (file.size <= 0) return 'empty';
  const typeOk = kind === 'SCORM' ? isZip(file) : acceptsContentType(kind, contentTypeOfFile(file) || 'application/octet-stream');
  if (!typeOk) return 'type';
  return file.size > max ? 'tooLarge' : null;
}

/**
 * One file upload with progress (spec: a progress bar during uploads; sizes of spec 9 enforced).
 *
 *   idle ──SELECT file──┬─ fileProblem ──> idle (problem: empty | tooLarge | type | plan)
 *                       ├─ presigned kinds ──> preparing ──presign done──> uploading
 *                       │                          └──error──> failed
 *                       └─ SCORM ───────────────────────────────────────> uploading
 *   uploading: PROGRESS {loaded,total} (from `transfer`) ─> uploading
 *              UPLOADED {result} ─> done            UPLOAD_FAILED {failure} ─> failed
 *   preparing | uploading ──CANCEL──> idle   (leaving stops the actor: the request is aborted)
 *   failed ──RETRY──> preparing | uploading (same file; a presigned upload asks a fresh address)
 *   done | failed ──SELECT──> as from idle (replace the file)        done | failed ──RESET──> idle
 *
 * `presign` (promise) asks POST …/urls/presigned; `transfer` (callback) sends the bytes and reports
 * PROGRESS, then UPLOADED or UPLOAD_FAILED. `uploaded` runs on entering done with the result (the file
 * address, or the SCORM item), for the view to pass on. All three are injected with provide().
 */
export const uploadMachine = setup({
  types: {} as { context: UploadContext; events: UploadEvent; input: UploadInput },
  actors: {
    presign: notProvidedPromise<UploadTarget, PresignInput>('upload', 'presign'),
    transfer: notProvidedCallback<EventObject, TransferInput>('upload', 'transfer'),
  },
  actions: {
    /** Hands the result (file address or created item) to whoever shows the field. */
    uploaded: notProvided<{ result: unknown }>('upload', 'uploaded'),
  },
  guards: {
    isRefused: ({ context, event }) => event.type === 'SELECT' && fileProblem(event.file, context.kind, context.plan) !== null,
    isPresigned: ({ context }) => context.kind !== 'SCORM',
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    kind: input.kind,
    plan: input.plan,
    file: null,
    problem: null,
    target: null,
    loaded: 0,
    total: 0,
    result: null,
    failure: null,
  }),
  initial: 'idle',
  on: {
    // From idle, done and failed (preparing and uploading take their own SELECT: none).
    SELECT: [
      {
        guard: 'isRefused',
        target: '.idle',
        actions: assign(({ context, event }) => ({ file: null, problem: fileProblem(event.file, context.kind, context.plan) })),
      },
      { guard: 'isPresigned', target: '.preparing', actions: assign(({ event }) => ({ file: event.file, problem: null, result: null })) },
      { target: '.uploading', actions: assign(({ event }) => ({ file: event.file, problem: null, result: null })) },
    ],
  },
  states: {
    idle: {
      on: { RESET: { actions: assign({ problem: null }) } },
    },
    preparing: {
      entry: assign({ failure: null, target: null, loaded: 0, total: 0 }),
      invoke: {
        id: 'presign',
        src: 'presign',
        input: ({ context }) => {
          const file = context.file!;
          return { type: context.kind as UploadType, file, contentType: contentTypeOfFile(file) };
        },
        onDone: { target: 'uploading', actions: assign({ target: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
      on: { SELECT: {}, CANCEL: { target: 'idle', actions: assign({ file: null }) } },
    },
    uploading: {
      entry: assign({ failure: null, loaded: 0, total: 0 }),
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context }) => ({ file: context.file!, target: context.target }),
      },
      on: {
        SELECT: {},
        PROGRESS: { actions: assign(({ event }) => ({ loaded: event.loaded, total: event.total })) },
        UPLOADED: {
          target: 'done',
          actions: assign(({ context, event }) => ({ result: context.target ? context.target.fileUrl : event.result, loaded: context.total })),
        },
        UPLOAD_FAILED: { target: 'failed', actions: assign({ failure: ({ event }) => event.failure }) },
        CANCEL: { target: 'idle', actions: assign({ file: null, target: null }) },
      },
    },
    done: {
      entry: { type: 'uploaded', params: ({ context }) => ({ result: context.result }) },
      on: { RESET: { target: 'idle', actions: assign({ file: null, target: null, result: null }) } },
    },
    failed: {
      on: {
        RETRY: [{ guard: 'isPresigned', target: 'preparing' }, { target: 'uploading' }],
        RESET: { target: 'idle', actions: assign({ file: null, target: null, failure: null }) },
        CANCEL: { target: 'idle', actions: assign({ file: null, target: null, failure: null }) },
      },
    },
  },
});
