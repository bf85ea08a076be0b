import { lazy, useSyncExternalStore, type ComponentType } from 'react';

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

/**
 * A view whose code loads the first time it is shown (docs/decisions/033-declarative-router.md).
 * Navigations run in a transition, so the view on screen stays until the next one's code has
 * arrived; meanwhile `useViewLoading` is true.
 */
export function lazyView(load: () => Promise<TViewModule>): ComponentType {
  return lazy(async () => {
    setLoadingViews(loadingViews + 1);
    try {
      return { default: (await load()).Component };
    } finally {
      setLoadingViews(loadingViews - 1);
    }
  });
}

/** Whether a view's code is being fetched: a navigation is waiting for it. */
export function useViewLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loadingViews > 0,
    () => false,
  );
}
