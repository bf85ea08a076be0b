/**
 * Runs tasks with at most `atOnce` of them running, the others in order of arrival: a burst
 * waits in line instead of sharing the cores, so each task waits for those before it and no
 * longer.
 */
export function turns(atOnce: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (running < atOnce) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The turn passes to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
