import { createElement, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render.tsx';
import { lazyView, useViewLoading, type TViewModule } from './lazy-view.ts';
import { RouteErrorBoundary } from './route-error.tsx';

/** A promise settled from outside: the code of a view on its way. */
function deferred() {
  let resolve!: (module: TViewModule) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<TViewModule>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function LoadingState() {
  return <p>{useViewLoading() ? 'fetching a view' : 'no view fetched'}</p>;
}

/** Links to `/` and `/view`, and the view at `/view` in the error boundary, as the app's routes are. */
function Frame({ view }: { view: ReturnType<typeof lazyView> }) {
  const { pathname } = useLocation();
  return (
    <>
      <Link to="/">home</Link>
      <Link to="/view">view</Link>
      <LoadingState />
      <RouteErrorBoundary pathname={pathname}>
        <Suspense fallback={<p>waiting</p>}>
          {pathname === '/view' ? createElement(view) : <p>home page</p>}
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

describe('a view loaded when first shown', () => {
  it('says a view is being fetched until its code has arrived, then shows it', async () => {
    const code = deferred();
    await renderWithProviders(<Frame view={lazyView(() => code.promise)} />);
    expect(screen.getByText('no view fetched')).toBeTruthy();
    fireEvent.click(screen.getByText('view'));
    expect(await screen.findByText('fetching a view')).toBeTruthy();
    await act(async () => code.resolve({ Component: () => <h1>the view</h1> }));
    expect(await screen.findByRole('heading', { name: 'the view' })).toBeTruthy();
    expect(screen.getByText('no view fetched')).toBeTruthy();
  });

  it('loads its code once, asked for ahead or when shown', async () => {
    const code = deferred();
    const load = vi.fn(() => code.promise);
    const view = lazyView(load);
    void view.preload();
    void view.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await renderWithProviders(<Frame view={view} />);
    expect(screen.getByText('fetching a view')).toBeTruthy();
    fireEvent.click(screen.getByText('view'));
    await act(async () => code.resolve({ Component: () => <h1>the view</h1> }));
    expect(await screen.findByRole('heading', { name: 'the view' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a view whose code arrived before it is shown in the first render, without the loading view', async () => {
    const fallbackShown = vi.fn();
    function Fallback() {
      fallbackShown();
      return <p>waiting</p>;
    }
    const view = lazyView(() => Promise.resolve({ Component: () => <h1>the view</h1> }));
    await view.preload();
    await renderWithProviders(<Suspense fallback={<Fallback />}>{createElement(view)}</Suspense>);
    expect(screen.getByRole('heading', { name: 'the view' })).toBeTruthy();
    expect(fallbackShown).not.toHaveBeenCalled();
  });

  it('shows the error page when its code does not arrive, until the parent goes elsewhere', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const code = deferred();
    await renderWithProviders(<Frame view={lazyView(() => code.promise)} />);
    fireEvent.click(screen.getByText('view'));
    await act(async () => code.reject(new Error('Failed to fetch dynamically imported module')));
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
    expect(screen.getByText('no view fetched')).toBeTruthy();
    fireEvent.click(screen.getByText('home'));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).toBeNull();
  });
});
