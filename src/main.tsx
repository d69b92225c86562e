import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { InspectionEvent } from 'xstate';
import { App } from './App';
import { LocaleProvider } from './i18n/LocaleProvider';
import './styles/tokens.css';
import './styles/base.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } });

// `?inspect` in development opens the Stately inspector on every live machine; never bundled in production.
async function inspector() {
  if (!import.meta.env.DEV || !new URLSearchParams(location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const { inspect } = createBrowserInspector();
  return (event: InspectionEvent) => inspect.next?.(event);
}

const inspect = await inspector();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>
        <App inspect={inspect} />
      </LocaleProvider>
    </QueryClientProvider>
  </StrictMode>,
);
