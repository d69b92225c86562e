import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { ImportCustomersInput, ImportReport } from './csvImport.machine';

/** The call the import needs; the app supplies it from the generated API client. */
export interface CsvImportApi {
  /** POSTs the file as multipart form data; resolves with the server's report, rejects with a Failure. */
  importCustomers(file: File, signal: AbortSignal): Promise<ImportReport>;
}

/** Real actors for `csvImportMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createCsvImportActors(api: CsvImportApi) {
  return {
    importCustomers: fromPromise<ImportReport, ImportCustomersInput>(({ input, signal }) => settleUnlessAborted(signal, api.importCustomers(input.file, signal))),
  };
}
