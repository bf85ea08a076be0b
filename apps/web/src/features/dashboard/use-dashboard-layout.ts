import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DASHBOARD_LAYOUT_MAX_CHARS } from '@portal/contracts/parent';
import { useSaveDashboardLayoutMutation } from './api.ts';
import { arrangeWidgets, restoreOrder, serializeLayout } from './layout.ts';

/** How long after the last change the layout is saved. */
export const LAYOUT_SAVE_DELAY_MS = 800;

/** Where saving the layout stands: nothing to say, waiting or sending, saved, failed. */
export type TSaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/**
 * The widget order of the dashboard: restored from the profile's `layout_data`, changed by the
 * parent, and saved LAYOUT_SAVE_DELAY_MS after the last change (a pending save is sent at once
 * when the dashboard closes).
 */
export function useDashboardLayout(widgetIds: readonly string[], savedLayout: string | null) {
  const [save] = useSaveDashboardLayoutMutation();
  // The parent's own arrangement of this visit; until then the saved one is followed.
  const [local, setLocal] = useState<string[] | null>(null);
  const [status, setStatus] = useState<TSaveStatus>('idle');
  // Stable while the same widgets are offered, whatever array the caller passes.
  const idsKey = widgetIds.join('\n');
  const ids = useMemo(() => (idsKey ? idsKey.split('\n') : []), [idsKey]);
  const restored = useMemo(() => restoreOrder(savedLayout, ids), [savedLayout, ids]);
  const order = useMemo(() => (local ? arrangeWidgets(local, ids) : restored), [local, restored, ids]);

  const timer = useRef<number | null>(null);
  const pending = useRef<string | null>(null);
  const last = useRef<string | null>(null);
  const sequence = useRef(0);

  const flush = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    const data = pending.current;
    pending.current = null;
    if (data === null) return;
    const mine = ++sequence.current;
    save({ layout_data: data })
      .unwrap()
      .then(
        () => mine === sequence.current && setStatus('saved'),
        () => mine === sequence.current && setStatus('error'),
      );
  }, [save]);

  const schedule = useCallback(
    (data: string) => {
      if (data.length > DASHBOARD_LAYOUT_MAX_CHARS) return;
      pending.current = data;
      last.current = data;
      setStatus('saving');
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, LAYOUT_SAVE_DELAY_MS);
    },
    [flush],
  );

  // Leaving the dashboard does not lose the last change.
  useEffect(() => flush, [flush]);

  /** Shows and saves a new order. */
  const change = useCallback(
    (next: readonly string[]) => {
      setLocal([...next]);
      schedule(serializeLayout(next));
    },
    [schedule],
  );

  /** Back to the default order (the widgets' own order), saved like any change. */
  const reset = useCallback(() => change(ids), [change, ids]);

  /** Sends the last layout again after a failure. */
  const retry = useCallback(() => {
    if (last.current === null) return;
    schedule(last.current);
    flush();
  }, [schedule, flush]);

  return { order, status, change, reset, retry };
}
