import type { SnapshotFrom } from 'xstate';
import type { csvImportMachine } from './csvImport.machine';

type CsvImportSnapshot = SnapshotFrom<typeof csvImportMachine>;

/** The view-model of the learner import dialog. */
export const selectCsvImportView = (snapshot: CsvImportSnapshot) => ({
  /** The picker is shown (no report yet, no upload under way). */
  isPicking: snapshot.matches('picking') || snapshot.matches('ready') || snapshot.matches('failed'),
  /** The Import button is enabled: a file is chosen. */
  canSubmit: snapshot.matches('ready') || snapshot.matches('failed'),
  isUploading: snapshot.matches('uploading'),
  /** The name of the chosen file. */
  fileName: snapshot.context.file?.name ?? null,
  /** Why the picked file was refused ('type' | 'size' | 'empty'). */
  problem: snapshot.context.problem,
  /** The last upload's failure, shown with Retry. */
  failure: snapshot.matches('failed') ? snapshot.context.failure : null,
  /** The server's report, once imported. */
  report: snapshot.matches('report') ? snapshot.context.report : null,
});
