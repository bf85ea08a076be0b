import { useLocation } from 'react-router';
import { cx } from '../../../lib/class-names.ts';
import { selectSelectedChild } from '../../../features/auth/slice.ts';
import { MenuIcon } from '../../../features/menu/components/menu-icon.tsx';
import { iconTileClasses } from '../../../features/menu/icon-colors.ts';
import { entryByPath } from '../../../features/menu/menu-access.ts';
import { useAppSelector } from '../../hooks.ts';
import { useEntryLabel } from '../../use-entry-label.ts';

/**
 * What every fee page takes from the shell: the module's name and icon tile (as the menu draws
 * them) and the child chosen in the header.
 */
export function useFeeRoute() {
  const { pathname } = useLocation();
  const labelOf = useEntryLabel();
  const entry = entryByPath(pathname);
  const selected = useAppSelector(selectSelectedChild);
  const icon = entry ? (
    <span
      className={cx(
        'inline-flex size-12 shrink-0 items-center justify-center rounded-2xl',
        iconTileClasses[entry.color],
      )}
    >
      <MenuIcon entry={entry} className="size-6" />
    </span>
  ) : null;
  return {
    title: entry ? labelOf(entry) : '',
    icon,
    child: selected
      ? { enrollNumber: selected.sims_student_enroll_number, name: selected.sims_student_full_name }
      : null,
  };
}
