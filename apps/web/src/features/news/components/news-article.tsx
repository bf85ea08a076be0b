import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Newspaper, X } from 'lucide-react';
import type { TNewsPost } from '@portal/contracts/families/publications';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useLongDays } from './dates.ts';
import { Paragraphs } from './paragraphs.tsx';
import { Picture } from './picture.tsx';
import { SheetDialog } from './sheet-dialog.tsx';

interface TNewsArticleProps {
  /** The post shown; null when none is open. */
  post: TNewsPost | null;
  onClose: () => void;
  /** The card's button that opened it: the focus goes back there. */
  opener: () => HTMLElement | null;
}

/**
 * A whole post in a dialog: its picture, title, day and body in paragraphs. The title takes the
 * focus, so a screen reader starts reading there; Escape or "Back to news" closes it.
 */
export function NewsArticle({ post, onClose, opener }: TNewsArticleProps) {
  const { t } = useTranslation('news');
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { dayOfInstant } = useLongDays();
  return (
    <SheetDialog
      open={post !== null}
      onClose={onClose}
      labelledBy={titleId}
      initialFocus={heading}
      returnFocus={opener}
      className="w-[min(48rem,calc(100vw-1.5rem))] rounded-3xl bg-white p-0 text-slate-800 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
    >
      {post ? (
        <article>
          <div className="relative">
            <Picture
              picture={post.picture}
              placeholder={Newspaper}
              sizes="(min-width: 800px) 48rem, 100vw"
              className="aspect-[16/9]"
            />
            <button
              type="button"
              onClick={onClose}
              aria-label={t('news.close')}
              title={t('news.close')}
              className={cx(
                'absolute end-3 top-3 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white dark:bg-slate-900/90 dark:text-slate-100 dark:hover:bg-slate-900',
                focusRing,
              )}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="space-y-4 p-5 sm:p-8">
            <header className="space-y-1">
              <time dateTime={post.publishedAt} className="text-sm text-slate-600 dark:text-slate-400">
                {dayOfInstant(post.publishedAt)}
              </time>
              <h2
                id={titleId}
                ref={heading}
                tabIndex={-1}
                className="rounded text-2xl font-bold text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-purple-600 dark:text-white"
              >
                <SchoolText en={post.title} ar={post.titleAr} />
              </h2>
            </header>
            <div className="text-base leading-7 text-slate-800 dark:text-slate-200">
              {post.body.trim() || post.bodyAr.trim() ? (
                <Paragraphs en={post.body} ar={post.bodyAr} />
              ) : (
                <Paragraphs en={post.summary} ar={post.summaryAr} />
              )}
            </div>
            <Button variant="secondary" onClick={onClose}>
              <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('news.back')}
            </Button>
          </div>
        </article>
      ) : null}
    </SheetDialog>
  );
}
