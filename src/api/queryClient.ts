import { QueryCache, QueryClient } from '@tanstack/react-query';
import { reportReadFailure, type FailureReport } from '../app/failureReporter';

declare module '@tanstack/react-query' {
  interface Register {
    /** `failureReport: 'page'` when the page reports a read's failure itself (src/app/failureReporter.ts). */
    queryMeta: { failureReport?: FailureReport };
  }
}

/**
 * A server-state cache whose failed reads go through the error catalogue, like writes (ARCHITECTURE rule 5):
 * no answer opens the network-lost dialog, a 5xx shows the catalogue's toast (src/app/failureReporter.ts says
 * which reads opt out). `report` is the shell's by default; tests pass their own.
 */
export function createQueryClient(report: typeof reportReadFailure = reportReadFailure) {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    defaultOptions: { queries: { staleTime: 30_000, retry: 1 } },
  });
}

/**
 * The server-state cache of the signed-in app. It is mounted by the default layout, so the guest
 * pages (login, sign-up) do not download TanStack Query at all.
 */
export const queryClient = createQueryClient();
