import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The item a list page has open, kept in the address (`?thread=<id>`, `?mail=<id>`) so a link
 * opens it and the browser's back goes back to the list. Opening the first item adds a history
 * entry; moving to another replaces it, as does closing.
 */
export function useOpenItem(param: string) {
  const [search, setSearch] = useSearchParams();
  const id = search.get(param);
  const open = useCallback(
    (value: string) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(param, value);
          return next;
        },
        { replace: id !== null },
      ),
    [id, param, setSearch],
  );
  const close = useCallback(
    () =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(param);
          return next;
        },
        { replace: true },
      ),
    [param, setSearch],
  );
  /** The address that opens `value` (the page's, with the parameter set). */
  const hrefOf = useCallback(
    (value: string) => {
      const next = new URLSearchParams(search);
      next.set(param, value);
      return `?${next.toString()}`;
    },
    [param, search],
  );
  return { id, open, close, hrefOf };
}

/**
 * Back from an open item (on a phone, where the item took the screen), the focus returns to the
 * item's link in the list: the element inside the returned ref whose `data-<attribute>` is its id.
 */
export function useFocusBack<E extends HTMLElement>(openId: string | null, attribute: string) {
  const container = useRef<E>(null);
  const lastOpen = useRef<string | null>(null);
  useEffect(() => {
    if (openId) {
      lastOpen.current = openId;
      return;
    }
    const back = lastOpen.current;
    lastOpen.current = null;
    if (!back) return;
    const links = container.current?.querySelectorAll<HTMLElement>(`[data-${attribute}]`) ?? [];
    [...links].find((link) => link.getAttribute(`data-${attribute}`) === back)?.focus();
  }, [attribute, openId]);
  return container;
}
