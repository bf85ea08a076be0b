import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TLanguage } from '@portal/contracts/constants';
import { Providers } from '../app/providers.tsx';
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
