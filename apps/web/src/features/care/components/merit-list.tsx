import { useTranslation } from 'react-i18next';
import type { TCareRecord } from '@portal/contracts/families/care';
import { schoolText } from '../../../components/module/school-text.tsx';
import {
  RecordEntryChips,
  RecordEntryNotes,
  type TTimelineEntry,
} from '../../../kits/records/record-entry.tsx';
import { RecordList } from '../../../kits/records/record-list.tsx';

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
        const title = schoolText(record.title, record.titleAr, i18n.language);
        return {
          id: record.id,
          title: title.text,
          titleLang: title.lang,
          date: record.occurredOn,
          badges: <RecordEntryChips entry={describe(record)} />,
        };
      }}
      renderBody={(record) => (
        <div className="space-y-1">
          <RecordEntryNotes entry={describe(record)} />
        </div>
      )}
    />
  );
}
