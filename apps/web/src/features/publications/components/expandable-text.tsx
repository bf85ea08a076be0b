import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { schoolText } from '../../../components/module/school-text.tsx';
import { textLink } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';

/** Longer than this (characters or lines), a text shows its first lines until asked for the rest. */
const LONG_CHARACTERS = 360;
const LONG_LINES = 5;

/**
 * School text of some length (a circular's letter, a policy's summary) in the reader's
 * language, its lines kept; a long one shows its first lines and "Read more" (unless it was
 * opened on purpose, `foldable` false).
 */
export function ExpandableText({ en, ar, foldable = true }: { en: string; ar: string; foldable?: boolean }) {
  const { t, i18n } = useTranslation('circulars');
  const id = useId();
  const [open, setOpen] = useState(false);
  const { text, lang } = schoolText(en, ar, i18n.language);
  if (text.trim() === '') return null;
  const long = foldable && (text.length > LONG_CHARACTERS || text.split('\n').length > LONG_LINES);
  return (
    <div className="space-y-1">
      <div
        id={id}
        lang={lang}
        dir="auto"
        className={cx(
          'text-sm leading-relaxed whitespace-pre-line text-slate-800 dark:text-slate-100',
          long && !open && 'line-clamp-4',
        )}
      >
        {text}
      </div>
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
          className={cx('inline-flex min-h-11 items-center gap-1 text-sm', textLink)}
        >
          {open ? t('card.readLess') : t('card.readMore')}
          <ChevronDown
            aria-hidden="true"
            className={cx('size-4 transition-transform', open && 'rotate-180')}
          />
        </button>
      ) : null}
    </div>
  );
}
