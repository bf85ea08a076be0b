import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useLocation } from 'react-router';
import { useViewLoading } from './lazy-view.ts';
import type { TRootState } from './store.ts';

/** How long the app must stay without a request in flight before it says it is ready. */
const SETTLE_MS = 50;

/** True while an API request of the app (a query or a change) has no answer yet. */
function apiWaiting(state: TRootState): boolean {
  const { queries, mutations } = state.api;
  return [...Object.values(queries), ...Object.values(mutations)].some(
    (entry) => entry?.status === 'pending',
  );
}

/**
 * Keeps `data-app-ready` on the document element: the path of the view shown once its code is
 * loaded and no API answer has been awaited for a moment (an answer that starts the next
 * request is not the end); absent meanwhile. The browser suites wait for it before checking a
 * page (docs/decisions/027-ci-time.md); nothing in the app reads it.
 */
export function useReadySignal(): void {
  const store = useStore<TRootState>();
  const viewLoaded = !useViewLoading();
  const { pathname } = useLocation();
  useEffect(() => {
    const root = document.documentElement;
    let settling: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      if (!viewLoaded || apiWaiting(store.getState())) {
        clearTimeout(settling);
        settling = undefined;
        delete root.dataset.appReady;
        return;
      }
      if (root.dataset.appReady === pathname || settling !== undefined) return;
      settling = setTimeout(() => {
        settling = undefined;
        if (!apiWaiting(store.getState())) root.dataset.appReady = pathname;
      }, SETTLE_MS);
    };
    update();
    const unsubscribe = store.subscribe(update);
    return () => {
      clearTimeout(settling);
      unsubscribe();
    };
  }, [store, viewLoaded, pathname]);
}
