import { useCallback, type ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { NavigationType, Route, Router, Routes, useHref, useNavigate, type Navigator, type To } from 'react-router-dom';
import { goBy, navigateTo, useSchoolLocation } from '../../app/schoolHistory';

/*
 * The storefront's later pages (account, checkout, player, community…) use React Router's hooks and React Aria's
 * links, as the back office's pages do. They get them here, in their own chunk: a React Router `<Router>` over the
 * school's history (src/app/schoolHistory.ts), so both routers see one address and one back button, and React
 * Aria's RouterProvider for its links. The first pages of the storefront load none of it (issue 11).
 */

const toAddress = (to: To) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`);

const navigator: Navigator = {
  createHref: toAddress,
  go: goBy,
  push: (to, state) => navigateTo(toAddress(to), { state }),
  replace: (to, state) => navigateTo(toAddress(to), { replace: true, state }),
};

/** React Aria resolves every link's href with this; an address of another site (a resource, a legal page) stays as given. */
function useSchoolHref(to: string) {
  const href = useHref(to);
  return /^[a-z][a-z0-9+.-]*:/i.test(to) ? to : href;
}

function AriaLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const go = useCallback((to: string, options: unknown) => void navigate(to, options as never), [navigate]);
  return (
    <AriaRouterProvider navigate={go} useHref={useSchoolHref}>
      {children}
    </AriaRouterProvider>
  );
}

/**
 * One page under `pattern` (a React Router path from the site's root, e.g. `/ecole/:subdomain/paiement/:type/:uuid`):
 * its params, relative links and nested routes (`/*`) work as under the back office's router.
 */
export function RouterBridge({ pattern, children }: { pattern: string; children: ReactNode }) {
  const location = useSchoolLocation();
  return (
    <Router location={location} navigator={navigator} navigationType={NavigationType.Push}>
      <AriaLinks>
        <Routes>
          <Route path={pattern} element={children} />
        </Routes>
      </AriaLinks>
    </Router>
  );
}
