import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, toLanguage } from '../../lib/i18n.ts';
import { cx } from '../../lib/class-names.ts';
import { focusRing } from '../ui/button.tsx';

/**
 * Switches between English and Arabic. The button names the other language in that
 * language ("العربية" / "English"), as parents expect to find it.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const next = toLanguage(i18n.language) === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      lang={next}
      title={t('language.switch')}
      onClick={() => void changeLanguage(i18n, next)}
      className={cx(
        'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-3 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
        focusRing,
        className,
      )}
    >
      <Languages aria-hidden="true" className="size-5" />
      <span className="sr-only sm:not-sr-only">{t(`language.names.${next}`)}</span>
    </button>
  );
}
