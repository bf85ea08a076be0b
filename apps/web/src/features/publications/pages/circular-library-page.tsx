import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Library, SearchX } from 'lucide-react';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { LoadMore } from '../../../components/module/load-more.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/numbers.ts';
import { useGetCircularLibraryInfiniteQuery, type TLibraryFilter } from '../api.ts';
import { CardListSkeleton } from '../components/card-list-skeleton.tsx';
import { CircularCard } from '../components/circular-card.tsx';
import { LibraryFilters } from '../components/library-filters.tsx';
import { Snippet } from '../components/snippet.tsx';
import { useDebouncedValue } from '../components/use-debounced-value.ts';
import type { TPublicationPageProps } from './page-props.ts';

/** How long typing pauses before the library is searched. */
const SEARCH_DELAY_MS = 350;

/**
 * `/central-repository-circular`: every circular that reached the family over the years,
 * searched in English and Arabic alike and narrowed to a year; each opens in full where it is.
 */
export function CircularLibraryPage({ title, icon }: TPublicationPageProps) {
  const { t } = useTranslation('circulars');
  const [text, setText] = useState('');
  const [year, setYear] = useState<number | undefined>(undefined);
  const typed = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const [now, setNow] = useState<string | null>(null);
  // Enter searches what is in the box at once; typing after it waits for the pause again.
  const q = now !== null && now === text.trim() ? now : typed;
  const filter: TLibraryFilter = { q, ...(year === undefined ? {} : { year }) };
  const query = useGetCircularLibraryInfiniteQuery(filter);
  const years = query.data?.pages[0]?.years ?? [];
  const clear = () => {
    setText('');
    setNow('');
    setYear(undefined);
  };
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      <p className="text-slate-600 dark:text-slate-300">{t('library.intro')}</p>
      <LibraryFilters
        text={text}
        onText={setText}
        onSearchNow={() => setNow(text.trim())}
        year={year}
        onYear={setYear}
        years={year === undefined || years.includes(year) ? years : [year, ...years]}
      />
      <LibraryResults filter={filter} onClear={clear} />
    </div>
  );
}

function LibraryResults({ filter, onClear }: { filter: TLibraryFilter; onClear: () => void }) {
  const { t, i18n } = useTranslation('circulars');
  const query = useGetCircularLibraryInfiniteQuery(filter);
  const pages = query.currentData?.pages;
  if (query.isError && !pages) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!pages) return <CardListSkeleton testId="library-skeleton" />;
  const items = pages.flatMap((page) => page.items);
  const searched = filter.q !== '' || filter.year !== undefined;
  if (items.length === 0) {
    return searched ? (
      <EmptyState
        icon={SearchX}
        action={
          <Button variant="secondary" onClick={onClear}>
            {t('library.clear')}
          </Button>
        }
      >
        {filter.q !== '' ? t('library.noMatch', { q: filter.q }) : t('library.noneThatYear')}
      </EmptyState>
    ) : (
      <EmptyState icon={Library}>{t('library.empty')}</EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {t(query.hasNextPage ? 'library.shownMore' : 'library.shown', {
          count: items.length,
          number: formatNumber(items.length, i18n.language),
        })}
      </p>
      <ul className="space-y-4">
        {items.map((circular) => (
          <li key={circular.id}>
            <CircularCard
              circular={circular}
              headingLevel="h2"
              preview={
                <Snippet en={circular.body} ar={circular.bodyAr} query={filter.q} lng={i18n.language} />
              }
            />
          </li>
        ))}
      </ul>
      <LoadMore query={query} />
    </div>
  );
}
