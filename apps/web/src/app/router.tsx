import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { Loading } from '../components/ui/loading.tsx';
import { EntryRedirect, RequireAuth, RequireGuest } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** Every route of the app; each view is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    path: paths.root,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading />,
    children: [
      { index: true, element: <EntryRedirect /> },
      {
        element: <RequireGuest />,
        children: [
          { path: paths.signIn, lazy: () => import('./routes/sign-in.tsx') },
          { path: paths.register, lazy: () => import('./routes/register.tsx') },
          { path: paths.forgotPassword, lazy: () => import('./routes/forgot-password.tsx') },
        ],
      },
      {
        element: <RequireAuth />,
        children: [{ path: paths.dashboard, lazy: () => import('./routes/dashboard.tsx') }],
      },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];

/** The browser router; created once, outside React. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
