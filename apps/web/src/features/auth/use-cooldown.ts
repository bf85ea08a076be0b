import { useCallback, useEffect, useState } from 'react';

/**
 * A wait before something may be done again (sending another code): `start(ms)` begins it,
 * `remaining` counts the whole seconds left, re-rendering as they pass.
 */
export function useCooldown(): { remaining: number; start: (ms: number) => void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (until === 0) return;
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);

  const start = useCallback((ms: number) => {
    const time = Date.now();
    setNow(time);
    setUntil(time + ms);
  }, []);

  return { remaining: Math.max(0, Math.ceil((until - now) / 1000)), start };
}
