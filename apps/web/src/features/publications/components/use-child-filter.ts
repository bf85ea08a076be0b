import { useState } from 'react';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';

/**
 * The child a family page is narrowed to, as a filter the parent can take off: the child chosen
 * in the header (a link's `?enrollNumber=` chooses it there, app/routes/shell.tsx). Choosing
 * another child in the header narrows to that one again. With `family` given and one child in
 * it, there is nothing to narrow.
 */
export function useChildFilter(headerChild: TPageChild | null, family?: readonly TPageChild[]) {
  const [offFor, setOffFor] = useState<string | null>(null);
  const offered = headerChild && (family === undefined || family.length > 1) ? headerChild : null;
  const active = offered !== null && offFor !== offered.enrollNumber;
  return {
    /** The child the filter is about; null when there is nothing to narrow. */
    offered,
    /** The child the list is narrowed to now. */
    child: active ? offered : null,
    toggle: () => setOffFor(active && offered ? offered.enrollNumber : null),
  };
}
