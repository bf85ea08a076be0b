import { useTranslation } from 'react-i18next';
import type { TCareRecord } from '@portal/contracts/families/care';
import { schoolText } from '../../../components/module/school-text.tsx';
import { RecordList } from '../../../kits/records/record-list.tsx';
import type { TTimelineEntry } from '../../../kits/records/record-timeline.tsx';
import { cx } from '../../../lib/class-names.ts';

interface TMeritListProps {
  label: string;
  records: readonly TCareRecord[];
  describe: (record: TCareRecord) => TTimelineEntry;
  emptyMessage: string;
  isLoading: boolean;
}

/**
 * Merits and demerits as a table-like list, newest first: title with kind, points and category,
 * day, then what happened and who recorded it. Cards on a phone, rows on a wide screen.
 */
export function MeritList({ label, records, describe, emptyMessage, isLoading }: TMeritListProps) {
  const { i18n } = useTranslation('care');
  const newestFirst = [...records].sort((a, b) => b.occurredOn.localeCompare(a.occurredOn));
  return (
    <RecordList
      label={label}
      items={newestFirst}
      isLoading={isLoading}
      emptyMessage={emptyMessage}
      headingLevel="h2"
      describe={(record) => {
        const entry = describe(record);
        const Icon = entry.kind.icon;
        const title = schoolText(record.title, record.titleAr, i18n.language);
        return {
          id: record.id,
          title: title.text,
          titleLang: title.lang,
          date: record.occurredOn,
          badges: (
            <span className="flex flex-wrap items-center gap-2 text-xs">
              <span
                className={cx(
                  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 font-semibold',
                  entry.kind.tone,
                )}
              >
                <Icon aria-hidden="true" className="size-3.5 shrink-0" />
                {entry.kind.label}
              </span>
              {entry.chips}
            </span>
          ),
        };
      }}
      renderBody={(record) => {
        const entry = describe(record);
        return (
          <div className="space-y-1">
            {entry.detail ? <p className="text-slate-700 dark:text-slate-300">{entry.detail}</p> : null}
            {entry.staff ? <p className="text-xs text-slate-600 dark:text-slate-400">{entry.staff}</p> : null}
          </div>
        );
      }}
    />
  );
}
