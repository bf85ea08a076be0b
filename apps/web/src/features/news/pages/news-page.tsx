import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Newspaper } from 'lucide-react';
import type { TNewsPost } from '@portal/contracts/families/publications';
import { LoadMore } from '../../../components/module/load-more.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { formatNumber } from '../../../lib/numbers.ts';
import { useGetNewsInfiniteQuery } from '../api.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { NewsArticle } from '../components/news-article.tsx';
import { NewsCard } from '../components/news-card.tsx';
import { newsGrid, NewsSkeleton } from '../components/news-skeleton.tsx';
import type { TNewsPagesProps } from '../page-props.ts';

/**
 * `/news`: the school's news for the whole family, newest first: the newest post large, then
 * cards, more on request; a post opens whole in a dialog.
 */
export function NewsPage({ title, icon }: TNewsPagesProps) {
  const { t } = useTranslation('news');
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      <p className="text-slate-600 dark:text-slate-300">{t('news.intro')}</p>
      <NewsList />
    </div>
  );
}

function NewsList() {
  const { t, i18n } = useTranslation('news');
  const query = useGetNewsInfiniteQuery();
  const [open, setOpen] = useState<TNewsPost | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const openPost = (post: TNewsPost, button: HTMLElement) => {
    opener.current = button;
    setOpen(post);
  };

  if (query.isError && !query.data) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <NewsSkeleton />;
  // Pages may overlap when a post is published between two loads: each post once.
  const posts = [...new Map(query.data.pages.flatMap((page) => page.items).map((p) => [p.id, p])).values()];
  const [newest, ...rest] = posts;
  if (!newest) return <EmptyState icon={Newspaper}>{t('news.empty')}</EmptyState>;

  return (
    <div className="space-y-8">
      <NewsCard post={newest} hero onOpen={openPost} />
      {rest.length > 0 ? (
        <section aria-labelledby="news-earlier" className="space-y-4">
          <h2 id="news-earlier" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('news.earlier')}
          </h2>
          <ul className={newsGrid}>
            {rest.map((post) => (
              <li key={post.id}>
                <NewsCard post={post} onOpen={openPost} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="flex flex-col items-center gap-3">
        <LoadMore query={query} labels={{ more: t('news.more'), loading: t('news.loadingMore') }} />
        {!query.hasNextPage && posts.length > 1 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('news.end')}</p>
        ) : null}
        <p role="status" className="sr-only">
          {t('news.shown', { count: posts.length, number: formatNumber(posts.length, i18n.language) })}
        </p>
      </div>
      <NewsArticle post={open} onClose={() => setOpen(null)} opener={() => opener.current} />
    </div>
  );
}
