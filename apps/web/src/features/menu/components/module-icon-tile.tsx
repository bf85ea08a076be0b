import type { TMenuEntry } from '@portal/contracts/menu';
import { cx } from '../../../lib/class-names.ts';
import { iconTileClasses } from '../icon-colors.ts';
import { MenuIcon } from './menu-icon.tsx';

/** A module's icon on its coloured tile, as the menu draws it: the mark of the module's pages. */
export function ModuleIconTile({ entry }: { entry: TMenuEntry }) {
  return (
    <span
      className={cx(
        'inline-flex size-12 shrink-0 items-center justify-center rounded-2xl',
        iconTileClasses[entry.color],
      )}
    >
      <MenuIcon entry={entry} className="size-6" />
    </span>
  );
}
