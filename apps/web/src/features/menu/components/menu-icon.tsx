import { createElement } from 'react';
import type { TMenuEntry } from '@portal/contracts/menu';
import { cx } from '../../../lib/class-names.ts';
import { iconColorClasses } from '../icon-colors.ts';
import { menuIconOf } from '../icons.ts';

interface TMenuIconProps {
  entry: Pick<TMenuEntry, 'icon' | 'color'>;
  className?: string;
}

/** A module's icon in its fixed colour; decorative (the module's name says what it is). */
export function MenuIcon({ entry, className }: TMenuIconProps) {
  // The icons are module-level components looked up by name, not created here.
  return createElement(menuIconOf(entry.icon), {
    'aria-hidden': true,
    className: cx('shrink-0', iconColorClasses[entry.color], className),
  });
}
