import { Fragment, type ReactNode } from 'react';
import { NoChild } from './no-child.tsx';
import { PageHeader } from './page-header.tsx';

/** The child a module page is about, as the shell's child switcher selects it. */
export type TPageChild = { enrollNumber: string; name: string };

export interface TChildModulePageProps {
  title: string;
  /** The module's icon tile, as the menu draws it. */
  icon?: ReactNode;
  /** The selected child; null when the parent has none. */
  child: TPageChild | null;
  /** What the page would show, said when the parent has no child on record. */
  noChildMessage?: string;
  /** Shown below the heading whether or not there is a child (what the page is about). */
  intro?: ReactNode;
  /** The page's body for the child: drawn anew when another child is selected. */
  children: (child: TPageChild) => ReactNode;
}

/** A module page about one child: its heading naming the child, then its body or the no-child state. */
export function ChildModulePage({
  title,
  icon,
  child,
  noChildMessage,
  intro,
  children,
}: TChildModulePageProps) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} childName={child?.name} />
      {intro}
      {child ? (
        <Fragment key={child.enrollNumber}>{children(child)}</Fragment>
      ) : (
        <NoChild message={noChildMessage} />
      )}
    </div>
  );
}
