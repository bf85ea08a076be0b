/**
 * Web Storage access that never throws: storage can be blocked (privacy modes, sandboxed
 * frames) or full, and the portal must still work without it.
 */
type TArea = 'local' | 'session';

function area(which: TArea): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reads a value, or null when it is absent or storage is unavailable. */
export function readStorage(key: string, which: TArea = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a value; silently does nothing when storage is unavailable. */
export function writeStorage(key: string, value: string, which: TArea = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value lives only for this page.
  }
}

/** Removes a value; silently does nothing when storage is unavailable. */
export function removeStorage(key: string, which: TArea = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}
