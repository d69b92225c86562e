import { QueryClient } from '@tanstack/react-query';

/**
 * The server-state cache of the signed-in app. It is mounted by the default layout, so the guest
 * pages (login, sign-up) do not download TanStack Query at all.
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } });
