import type { ReactNode } from 'react';
import type { TPageChild } from '../../components/module/child-module-page.tsx';

/** What the news, gallery and ambassador pages take from the shell (app/module-route.tsx). */
export interface TNewsPagesProps {
  /** The module's name, as the menu shows it. */
  title: string;
  icon?: ReactNode;
  /** The child chosen in the header; null when the parent has none. */
  child: TPageChild | null;
  /** The address's query (`?album=` opens an album). */
  search?: URLSearchParams;
}
