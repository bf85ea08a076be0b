import type { TChildModulePageProps, TPageChild } from '../../../components/module/child-module-page.tsx';

/** What the shell gives a publications page: its title and icon, the header's child, the link's query. */
export type TPublicationPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'> & {
  search?: URLSearchParams;
  /** The parent's children, when the shell gives them (a family page narrows only among several). */
  family?: readonly TPageChild[];
};
