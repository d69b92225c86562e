import { Outlet, createBrowserRouter, useHref, useNavigate, type RouteObject } from 'react-router-dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { ToastRegion } from '../components/ui/Toast';
import { BlankLayout } from '../layouts/BlankLayout';
import { DefaultLayout } from '../layouts/DefaultLayout';
import { NotFoundPage } from '../pages/NotFoundPage';
import { commonMessages } from '../i18n/commonMessages';
import { RouteGuard } from './RouteGuard';
import { routes, type AppRoute, type Guard, type Layout } from './routes';

const layouts: Record<Layout, () => React.JSX.Element> = { default: DefaultLayout, blank: BlankLayout };

/** Links from react-aria components go through the data router. */
function Root() {
  const navigate = useNavigate();
  const intl = useIntl();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options as never)} useHref={useHref}>
      <Outlet />
      <ToastRegion closeLabel={intl.formatMessage(commonMessages.close)} />
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
        ...[...groups.values()].map(({ layout, guard, children }) => {
          const LayoutComponent = layouts[layout];
          return {
            element: (
              <RouteGuard guard={guard}>
                <LayoutComponent />
              </RouteGuard>
            ),
            children,
          };
        }),
        { element: <BlankLayout />, children: [{ path: '*', Component: NotFoundPage }] },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRouteObjects(routes));
