import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setTheme, useTheme } from '../../lib/theme.ts';
import { cx } from '../../lib/class-names.ts';
import { focusRing } from '../ui/button.tsx';

/** A toggle button for the dark theme: pressed when the dark theme is on. */
export function ThemeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      aria-pressed={dark}
      aria-label={t('theme.dark')}
      title={dark ? t('theme.useLight') : t('theme.useDark')}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      className={cx(
        'inline-flex size-11 items-center justify-center rounded-xl text-slate-700 transition-colors hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
        focusRing,
        className,
      )}
    >
      {dark ? <Sun aria-hidden="true" className="size-5" /> : <Moon aria-hidden="true" className="size-5" />}
    </button>
  );
}
