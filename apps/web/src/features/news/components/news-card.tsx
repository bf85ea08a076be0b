import { useTranslation } from 'react-i18next';
import { ArrowRight, Newspaper } from 'lucide-react';
import type { TNewsPost } from '@portal/contracts/families/publications';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useLongDays } from './dates.ts';
import { Picture } from './picture.tsx';

/** A card's box; the whole card opens the post (its title button stretches over it). */
export const newsCardBox =
  'relative flex flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';
/** The newest post on a wide screen: the picture beside the text. */
export const heroLayout = 'lg:flex-row';
export const heroPicture = 'aspect-[16/9] lg:w-3/5 lg:shrink-0';

interface TNewsCardProps {
  post: TNewsPost;
  /** The newest post: large, its picture beside the text on a wide screen. */
  hero?: boolean;
  onOpen: (post: TNewsPost, opener: HTMLButtonElement) => void;
}

/** A post in the news list: picture, title, day and summary; the title opens the whole post. */
export function NewsCard({ post, hero = false, onOpen }: TNewsCardProps) {
  const { t } = useTranslation('news');
  const { dayOfInstant } = useLongDays();
  const Heading = hero ? 'h2' : 'h3';
  return (
    <article
      data-post={post.id}
      className={cx(newsCardBox, 'group h-full transition-shadow hover:shadow-md', hero && heroLayout)}
    >
      <Picture
        picture={post.picture}
        placeholder={Newspaper}
        sizes={
          hero
            ? '(min-width: 1024px) 40rem, 100vw'
            : '(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw'
        }
        className={hero ? heroPicture : 'aspect-[16/9]'}
      />
      <div className={cx('flex flex-1 flex-col gap-2', hero ? 'p-5 lg:p-8' : 'p-5')}>
        <time dateTime={post.publishedAt} className="text-xs font-medium text-slate-600 dark:text-slate-400">
          {dayOfInstant(post.publishedAt)}
        </time>
        <Heading
          className={cx(
            'font-semibold text-slate-900 dark:text-white',
            hero ? 'text-xl lg:text-2xl' : 'text-base',
          )}
        >
          <button
            type="button"
            onClick={(event) => onOpen(post, event.currentTarget)}
            className={cx(
              'text-start outline-none group-hover:text-purple-700 dark:group-hover:text-purple-300',
              // The button covers the card, so a tap anywhere on it opens the post.
              'after:absolute after:inset-0 after:rounded-3xl focus-visible:after:ring-2 focus-visible:after:ring-purple-600 dark:focus-visible:after:ring-purple-400',
            )}
          >
            <SchoolText en={post.title} ar={post.titleAr} />
          </button>
        </Heading>
        <p
          className={cx('text-sm text-slate-700 dark:text-slate-300', hero ? 'line-clamp-5' : 'line-clamp-3')}
        >
          <SchoolText en={post.summary} ar={post.summaryAr} />
        </p>
        <span
          aria-hidden="true"
          className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-semibold text-purple-700 dark:text-purple-300"
        >
          {t('news.readMore')}
          <ArrowRight className="size-4 rtl:-scale-x-100" />
        </span>
      </div>
    </article>
  );
}
