import { ConsentBanner } from '../components/consent/ConsentBanner';
import { useLayoutEffect, useMemo, useRef } from 'react';
import {
  Navigate,
  Outlet,
  createBrowserRouter,
  useHref,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  type RouteObject,
} from 'react-router-dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { BlankLayout, BlankLayoutFrame } from '../layouts/BlankLayout';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { commonMessages } from '../i18n/commonMessages';
import { loadAppMessages, loadSchoolMessages } from '../i18n/catalogues';
import { withChunkTimeout, type TimeoutClock } from './chunkLoad';
import { FailureOutlets } from './FailureOutlets';
import { PageDialogHost } from './pageDialog';
import { LazyToastRegion } from './LazyToastRegion';
import { PageNavigationContext, type PageNavigation } from './pageNavigation';
import { RouteGuard } from './RouteGuard';
import { routeByName, routes, type AppRoute, type Layout } from './routes';

/** A signed-in layout renders once the messages of the signed-in pages are there too (no ids on screen). */
const withAppMessages = <T,>(layout: Promise<T>) => Promise.all([layout, loadAppMessages()]).then(([module]) => module);

/**
 * Layouts load with their first route, so the guest pages never download the signed-in frame nor its
 * messages. scripts/i18n-guest-files.mjs reads this object: every entry but `blank` is signed-in.
 */
const layouts: Record<Layout, () => Promise<() => React.JSX.Element | null>> = {
  default: () => withAppMessages(import('../layouts/DefaultLayout')).then((m) => m.DefaultLayout),
  community: () => withAppMessages(import('../layouts/CommunityLayout')).then((m) => m.CommunityLayout),
  blank: async () => BlankLayout,
};

/**
 * Scroll goes back to the top on navigation, unless the route left or the route entered is flagged
 * `noScroll` (spec section 2).
 */
function ScrollReset() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const current = matches.at(-1)?.id;
  const previous = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const keep = [previous.current, current].some((name) => name && routeByName(name)?.noScroll);
    if (!keep) window.scrollTo(0, 0);
    previous.current = current;
  }, [pathname, current]);
  return null;
}

/** Links from react-aria components go through the data router. */
function Root() {
  const navigate = useNavigate();
  const intl = useIntl();
  // The sign-in forms' plain links and query (src/app/pageNavigation.ts) through the data router; the query is read
  // when a page renders (Root does not re-render on every navigation for it).
  const pageNavigation = useMemo<PageNavigation>(
    () => ({
      get search() {
        return router.state.location.search;
      },
      navigate: (to: string) => void navigate(to),
    }),
    [navigate],
  );
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options as never)} useHref={useHref}>
      <PageNavigationContext.Provider value={pageNavigation}>
      <ScrollReset />
      <FailureOutlets />
      <PageDialogHost />
      <Outlet />
      <ConsentBanner permitted />
      <LazyToastRegion closeLabel={intl.formatMessage(commonMessages.close)} />
      </PageNavigationContext.Provider>
    </AriaRouterProvider>
  );
}

/** A named redirect that keeps the query and the hash (spec: community_group → its posts). */
function KeepQueryRedirect({ to }: { to: (params: Record<string, string | undefined>) => string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={to(params) + search + hash} replace />;
}

async function pageFor(route: AppRoute, clock?: TimeoutClock): Promise<() => React.JSX.Element> {
  if (route.redirectTo) {
    const target = route.redirectTo;
    return () => <KeepQueryRedirect to={target} />;
  }
  if (route.load) {
    const load = route.load;
    // A page with a catalogue of its own renders once its messages are there too (no ids on screen).
    const Page = await withChunkTimeout(route.messages === 'school' ? () => Promise.all([load(), loadSchoolMessages()]).then(([page]) => page) : load, clock);
    return () => <Page />;
  }
  const { NotAvailableYetPage } = await withChunkTimeout(() => import('../pages/NotAvailableYetPage'), clock);
  const part = route.comesWith ?? { id: 'part.unknown', defaultMessage: route.name };
  return () => <NotAvailableYetPage part={part} />;
}

/**
 * One parent per layout, so a layout stays mounted between its pages; each page has its own guard. A page's or
 * a layout's code that has not arrived in CHUNK_LOAD_TIMEOUT_MS fails the route (its error page says so);
 * `clock` is the browser's unless a test passes its own.
 */
export function buildRouteObjects(table: readonly AppRoute[], clock?: TimeoutClock): RouteObject[] {
  const byLayout = new Map<Layout, RouteObject[]>();
  for (const route of table) {
    const children = byLayout.get(route.layout) ?? [];
    const prefetch = route.prefetch;
    children.push({
      path: route.path,
      id: route.name,
      // A route's first request leaves with the navigation, beside its code (AppRoute.prefetch); again only when
      // the address changes, not when the same page is revalidated.
      ...(prefetch && {
        loader: ({ params }: { params: Record<string, string | undefined> }) => {
          prefetch(params);
          return null;
        },
        shouldRevalidate: ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) => currentUrl.pathname !== nextUrl.pathname,
      }),
      lazy: async () => {
        const Page = await pageFor(route, clock);
        return {
          Component: () => (
            <RouteGuard route={route}>
              <Page />
            </RouteGuard>
          ),
        };
      },
    });
    byLayout.set(route.layout, children);
  }
  return [
    {
      element: <Root />,
      // While the first page's code loads, the page stays as index.html drew it (what the router does anyway);
      // saying so keeps it from warning on every first load that no fallback was given.
      HydrateFallback: () => null,
      errorElement: (
        <BlankLayoutFrame>
          <RouteErrorPage />
        </BlankLayoutFrame>
      ),
      children: [
        ...[...byLayout].map(([layout, children]) => ({
          id: `layout:${layout}`,
          lazy: async () => ({ Component: await withChunkTimeout(layouts[layout], clock) }),
          // A failing page keeps its frame; the error clears on the next navigation.
          children: children.map((child) => ({ ...child, errorElement: <RouteErrorPage /> })),
        })),
        { element: <BlankLayout />, children: [{ path: '*', id: 'not_found', Component: () => <NotFoundPage /> }] },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRouteObjects(routes));
