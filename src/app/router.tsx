import { Outlet, createBrowserRouter, useHref, useNavigate, type RouteObject } from 'react-router-dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { BlankLayout } from '../layouts/BlankLayout';
import { NotFoundPage } from '../pages/NotFoundPage';
import { commonMessages } from '../i18n/commonMessages';
import { LazyToastRegion } from './LazyToastRegion';
import { RouteGuard } from './RouteGuard';
import { routes, type AppRoute, type Guard, type Layout } from './routes';

/** Layouts load with their first route, so the guest pages never download the signed-in frame. */
const layouts: Record<Layout, () => Promise<() => React.JSX.Element>> = {
  default: () => import('../layouts/DefaultLayout').then((m) => m.DefaultLayout),
  blank: async () => BlankLayout,
};

/** Links from react-aria components go through the data router. */
function Root() {
  const navigate = useNavigate();
  const intl = useIntl();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options as never)} useHref={useHref}>
      <Outlet />
      <LazyToastRegion closeLabel={intl.formatMessage(commonMessages.close)} />
    </AriaRouterProvider>
  );
}

/** Routes sharing a layout and a guard share one parent, so the layout stays mounted between them. */
export function buildRouteObjects(table: AppRoute[]): RouteObject[] {
  const groups = new Map<string, { layout: Layout; guard: Guard; children: RouteObject[] }>();
  for (const route of table) {
    const key = `${route.layout}:${route.guard}`;
    const group = groups.get(key) ?? { layout: route.layout, guard: route.guard, children: [] };
    group.children.push({
      path: route.path,
      id: route.name,
      lazy: async () => ({ Component: await route.load() }),
    });
    groups.set(key, group);
  }
  return [
    {
      element: <Root />,
      children: [
        ...[...groups.values()].map(({ layout, guard, children }) => ({
          lazy: async () => {
            const LayoutComponent = await layouts[layout]();
            return {
              Component: () => (
                <RouteGuard guard={guard}>
                  <LayoutComponent />
                </RouteGuard>
              ),
            };
          },
          children,
        })),
        { element: <BlankLayout />, children: [{ path: '*', Component: NotFoundPage }] },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRouteObjects(routes));
