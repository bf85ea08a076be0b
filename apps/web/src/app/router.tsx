import { createElement, isValidElement } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { MENU } from '@portal/contracts/menu';
import { paths } from '../config/paths.ts';
import { EntryRedirect, RequireAuth, RequireGuest } from './guards.tsx';
import { isLazyView, lazyView, type TViewModule } from './lazy-view.ts';
import { modulePageNamespaces, modulePageOf } from './module-pages.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/** The element of a view whose code loads the first time it is shown. */
function lazyElement(load: () => Promise<TViewModule>) {
  return createElement(lazyView(load));
}

/** What a route declares for the first load of a page: the translation namespaces it uses. */
type TRouteHandle = { namespaces?: readonly string[] };

/** The shared parts of every module page (heading, tables, failures) speak from `module`. */
const modulePage: TRouteHandle = { namespaces: ['module'] };

/** Every menu route but Home (the dashboard): the module's own page (each module has one). */
const moduleRoutes: RouteObject[] = MENU.filter((entry) => entry.path !== paths.dashboard).map((entry) => {
  const own = modulePageNamespaces[entry.key];
  return {
    path: entry.path,
    element: lazyElement(modulePageOf(entry)),
    handle: own ? { namespaces: ['module', ...own] } : modulePage,
  };
});

const publicPage: TRouteHandle = { namespaces: ['auth', 'school', 'messages'] };
/** The signed-in frame: its header (the bell's inbox), navigation, school and messages. */
const shellPage: TRouteHandle = { namespaces: ['shell', 'nav', 'school', 'messages', 'inbox'] };

/**
 * Every route of the app; each view is its own lazily loaded chunk. The signed-in routes sit in
 * the shell, which draws the navigation and guards each menu path by its codes.
 */
export const routes: RouteObject[] = [
  {
    path: paths.root,
    element: <RootLayout />,
    children: [
      { index: true, element: <EntryRedirect /> },
      {
        element: <RequireGuest />,
        children: [
          {
            path: paths.signIn,
            element: lazyElement(() => import('./routes/sign-in.tsx')),
            handle: publicPage,
          },
          {
            path: paths.register,
            element: lazyElement(() => import('./routes/register.tsx')),
            handle: publicPage,
          },
          {
            path: paths.forgotPassword,
            element: lazyElement(() => import('./routes/forgot-password.tsx')),
            handle: publicPage,
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: lazyElement(() => import('./routes/shell.tsx')),
            handle: shellPage,
            children: [
              {
                path: paths.dashboard,
                element: lazyElement(() => import('./routes/dashboard.tsx')),
                handle: { namespaces: ['dashboard', 'children'] },
              },
              ...moduleRoutes,
              {
                path: paths.settings,
                element: lazyElement(() => import('./routes/settings.tsx')),
                handle: { namespaces: ['module', 'account', 'inbox', 'push'] },
              },
              {
                path: paths.paymentReturn,
                element: lazyElement(() => import('./routes/fees/payment-return.tsx')),
                handle: modulePage,
              },
            ],
          },
        ],
      },
      {
        // A mail's unsubscribe link: public, signed in or not (docs/decisions/021-publications-and-inbox.md).
        path: '/unsubscribe',
        element: lazyElement(() => import('./routes/unsubscribe.tsx')),
        handle: { namespaces: ['school', 'messages', 'inbox'] },
      },
      {
        // A path that does not exist keeps the frame the parent is in: the shell or the public view.
        element: lazyElement(() => import('./routes/not-found-frame.tsx')),
        handle: shellPage,
        children: [{ path: '*', element: lazyElement(() => import('./routes/not-found.tsx')) }],
      },
    ],
  },
];

/**
 * The translation namespaces of the routes a path opens, so the first page's translations load
 * together with the app's own instead of after the page has started to render.
 */
export function namespacesOf(pathname: string): string[] {
  const matches = matchRoutes(routes, pathname) ?? [];
  const handles = matches.map((match) => match.route.handle as TRouteHandle | undefined);
  return [...new Set(handles.flatMap((handle) => handle?.namespaces ?? []))];
}

/**
 * Asks for the code of every view a path opens at once (the shell and the page in it), rather
 * than each once the one around it has arrived.
 */
export function preloadViewsOf(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const view: unknown = isValidElement(route.element) ? route.element.type : null;
    if (isLazyView(view)) void view.preload().catch(() => undefined);
  }
}

/**
 * Every route of the app, inside the router the caller gives (the browser's, or a test's
 * memory). An unexpected failure shows the error page until the next navigation.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  // The views of the path being rendered start loading side by side; each loads once.
  preloadViewsOf(pathname);
  return <RouteErrorBoundary pathname={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}
