import { useTranslation } from 'react-i18next';
import type { TCareRecord } from '@portal/contracts/families/care';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatDay } from '../../../lib/dates.ts';
import {
  RecordEntryChips,
  RecordEntryNotes,
  type TTimelineEntry,
} from '../../../kits/records/record-entry.tsx';
import { WorkLink } from './work-link.tsx';

const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
const card =
  'flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900';

interface TPortfolioGridProps {
  label: string;
  records: readonly TCareRecord[];
  describe: (record: TCareRecord) => TTimelineEntry;
}

/** Work samples as cards, newest first: kind and category, day, title, detail, and a link to the work. */
export function PortfolioGrid({ label, records, describe }: TPortfolioGridProps) {
  const { i18n } = useTranslation('care');
  const newestFirst = [...records].sort((a, b) => b.occurredOn.localeCompare(a.occurredOn));
  return (
    <ul aria-label={label} className={grid}>
      {newestFirst.map((record) => {
        const entry = describe(record);
        return (
          <li key={record.id} className={card}>
            <RecordEntryChips entry={entry} />
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">{entry.title}</h2>
            <time dateTime={entry.date} className="text-xs text-slate-600 dark:text-slate-400">
              {formatDay(entry.date, i18n.language, { day: 'numeric', month: 'long', year: 'numeric' })}
            </time>
            <RecordEntryNotes entry={entry} />
            <div className="mt-auto">
              <WorkLink link={record.link} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The grid's shape while the work loads. */
export function PortfolioGridSkeleton() {
  return (
    <Skeleton className={grid}>
      {[0, 1, 2].map((index) => (
        <div key={index} className={cx(card, 'space-y-1')}>
          <Bone className="h-5 w-24 rounded-full" />
          <Bone className="h-5 w-3/4" />
          <Bone className="h-4 w-1/3" />
          <Bone className="h-4 w-full" />
        </div>
      ))}
    </Skeleton>
  );
}
