import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';

/** A route module: its view is the `Component` it exports. */
export type TViewModule = { Component: ComponentType };

/** How many views' code is being fetched now, and who listens for a change. */
let loadingViews = 0;
const listeners = new Set<() => void>();

function setLoadingViews(count: number): void {
  loadingViews = count;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A view whose code loads when first shown, or earlier when `preload` is called. */
export type TLazyView = LazyExoticComponent<ComponentType> & { preload: () => Promise<TViewModule> };

/**
 * A view whose code loads the first time it is shown or preloaded, once
 * (docs/decisions/033-declarative-router.md). Navigations run in a transition, so the view on
 * screen stays until the next one's code has arrived; meanwhile `useViewLoading` is true.
 */
export function lazyView(load: () => Promise<TViewModule>): TLazyView {
  let loading: Promise<TViewModule> | undefined;
  let loaded: TViewModule | undefined;
  const preload = () => {
    if (!loading) {
      setLoadingViews(loadingViews + 1);
      loading = load()
        .then((module) => (loaded = module))
        .finally(() => setLoadingViews(loadingViews - 1));
    }
    return loading;
  };
  const view = lazy(() =>
    loaded
      ? settled({ default: loaded.Component })
      : preload().then((module) => ({ default: module.Component })),
  );
  return Object.assign(view, { preload });
}

/**
 * A thenable that calls back at once. React's `lazy` reads a promise's value only in a later
 * turn, so a view whose code arrived before its first render (preloaded beside the
 * translations) would still show the loading view for one render, then render again. Given a
 * thenable that calls back at once, it renders the view in the same pass.
 */
function settled<T>(value: T): Promise<T> {
  const thenable = { then: (onFulfilled: (value: T) => unknown) => onFulfilled(value) };
  return thenable as unknown as Promise<T>;
}

/** Whether a component is a lazy view, whose code can be asked for ahead. */
export function isLazyView(component: unknown): component is TLazyView {
  return typeof component === 'object' && component !== null && 'preload' in component;
}

/** Whether a view's code is being fetched: a navigation is waiting for it. */
export function useViewLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loadingViews > 0,
    () => false,
  );
}
