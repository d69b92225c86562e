import { assign, setup } from 'xstate';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';
import { importFileProblem, type ImportFileProblem } from './csvImport.rules';

export type ImportReport = components['schemas']['ImportReport'];

export interface CsvImportContext {
  /** The chosen file, once acceptable; null while none is chosen. */
  file: File | null;
  /** Why the last picked file was refused before any upload; null once an acceptable one is picked. */
  problem: ImportFileProblem | null;
  /** What the server imported. */
  report: ImportReport | null;
  /** Why the last upload failed (422 unreadable file, network…); null once a new upload starts. */
  failure: Failure | null;
}

export type CsvImportEvent =
  /** A file was chosen in the picker (or dropped). */
  | { type: 'PICK'; file: File }
  /** Import the chosen file (again, after a failure). */
  | { type: 'SUBMIT' }
  /** Stop the upload under way; the file stays chosen. */
  | { type: 'CANCEL' }
  /** Start over: no file, no report (closing the dialog, "import another file"). */
  | { type: 'RESET' };

export interface ImportCustomersInput {
  file: File;
}

const blank: CsvImportContext = { file: null, problem: null, report: null, failure: null };

/**
 * Importing learners into a training from a CSV file (issue 5, spec section 9).
 *
 *   picking ──PICK (acceptable)──> ready ──SUBMIT──> uploading ──done──> report ──RESET──> picking
 *      └─PICK (wrong type, empty, > 5 MB)─> picking (problem)   ├──error──> failed ──SUBMIT──> uploading
 *   ready ──PICK──> ready | picking (problem)                    └──CANCEL──> ready (the call is aborted)
 *   failed ──PICK──> ready | picking (problem)
 *   ready | failed | report ──RESET──> picking (all cleared)
 *
 * The file is checked here before any upload (importFileProblem); the server checks it again and reports
 * the lines it skipped. `importCustomers` (the multipart POST) and `imported` (refresh the learners list)
 * are injected.
 */
export const csvImportMachine = setup({
  types: {} as { context: CsvImportContext; events: CsvImportEvent },
  actors: {
    /** Sends the file; answers the server's import report. */
    importCustomers: notProvidedPromise<ImportReport, ImportCustomersInput>('csvImport', 'importCustomers'),
  },
  guards: {
    isAcceptable: (_, params: { file: File }) => importFileProblem(params.file) === null,
  },
  actions: {
    /** The import changed the training's learners: lists and counts are refreshed. */
    imported: notProvided('csvImport', 'imported'),
    choose: assign((_, params: { file: File }) => ({ file: params.file, problem: null, failure: null })),
    refuse: assign((_, params: { file: File }) => ({ file: null, problem: importFileProblem(params.file), failure: null })),
    clear: assign(() => blank),
  },
}).createMachine({
  id: 'csvImport',
  context: blank,
  initial: 'picking',
  states: {
    picking: {
      on: { PICK: [{ guard: { type: 'isAcceptable', params: ({ event }) => ({ file: event.file }) }, target: 'ready', actions: { type: 'choose', params: ({ event }) => ({ file: event.file }) } }, { actions: { type: 'refuse', params: ({ event }) => ({ file: event.file }) } }] },
    },
    ready: {
      on: {
        PICK: [
          { guard: { type: 'isAcceptable', params: ({ event }) => ({ file: event.file }) }, actions: { type: 'choose', params: ({ event }) => ({ file: event.file }) } },
          { target: 'picking', actions: { type: 'refuse', params: ({ event }) => ({ file: event.file }) } },
        ],
        SUBMIT: 'uploading',
        RESET: { target: 'picking', actions: 'clear' },
      },
    },
    uploading: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'importCustomers',
        src: 'importCustomers',
        input: ({ context }) => ({ file: context.file! }),
        onDone: { target: 'report', actions: [assign({ report: ({ event }) => event.output }), 'imported'] },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
      on: { CANCEL: 'ready' },
    },
    /** The server's report: created, enrolled and skipped lines. */
    report: {
      on: { RESET: { target: 'picking', actions: 'clear' } },
    },
    failed: {
      on: {
        SUBMIT: 'uploading',
        PICK: [
          { guard: { type: 'isAcceptable', params: ({ event }) => ({ file: event.file }) }, target: 'ready', actions: { type: 'choose', params: ({ event }) => ({ file: event.file }) } },
          { target: 'picking', actions: { type: 'refuse', params: ({ event }) => ({ file: event.file }) } },
        ],
        RESET: { target: 'picking', actions: 'clear' },
      },
    },
  },
});
