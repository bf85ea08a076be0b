import { useEffect, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import type { TLanguage } from '@portal/contracts/constants';
import { Providers } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { makeStore, type TRootState } from '../app/store.ts';
import { createMemoryI18n } from '../lib/i18n.ts';
import { localeResources } from './locales.ts';

/** Renders a component with a real store (from a given state) and the real translations. */
export async function renderWithProviders(
  ui: ReactElement,
  { preloadedState, lng = 'en' }: { preloadedState?: Partial<TRootState>; lng?: TLanguage } = {},
) {
  const store = makeStore(preloadedState);
  const i18n = await createMemoryI18n(localeResources, lng);
  const view = render(
    <Providers store={store} i18n={i18n}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );
  return { store, i18n, ...view };
}

/** A `fetch` answering with JSON, recording every request it is given. */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

/** Tells `onShown` where the app is (path, query and hash) each time that changes. */
function LocationProbe({ onShown }: { onShown: (path: string) => void }) {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    onShown(`${pathname}${search}${hash}`);
  }, [onShown, pathname, search, hash]);
  return null;
}

/** Renders the whole app (every route, the guards) at `path`, with a real store and translations. */
export async function renderApp(
  path: string,
  { preloadedState, lng = 'en' }: { preloadedState?: Partial<TRootState>; lng?: TLanguage } = {},
) {
  const store = makeStore(preloadedState);
  const i18n = await createMemoryI18n(localeResources, lng);
  let shown = path;
  const view = render(
    <Providers store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe
          onShown={(now) => {
            shown = now;
          }}
        />
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
  /** Where the app is now: path, query and hash. */
  const location = () => shown;
  return { store, i18n, location, ...view };
}

type THandler = (request: Request) => Response | Promise<Response>;

/**
 * Fakes `fetch` at the boundary with a handler per API path (after `/api`); any other path
 * answers 404. Returns the requests made, in order.
 */
export function fakeApi(handlers: Record<string, THandler>) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const handler = handlers[path];
    return handler ? handler(request) : jsonResponse(404, { success: false, messageId: 'N404' });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The requests to one API path. */
  const to = (path: string) => requests.filter((request) => new URL(request.url).pathname === `/api${path}`);
  return { fetchMock, requests, to };
}
