import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCareRecord } from '@portal/contracts/families/care';
import { SchoolText } from '../../../components/module/school-text.tsx';
import type { TTimelineEntry } from '../../../kits/records/record-entry.tsx';
import { CareChips } from './care-chips.tsx';
import { useCareKind } from './care-kind.ts';

/** What the timeline shows of a care record: kind, chips, day, title, detail and who recorded it. */
export function useDescribeCareRecord(): (record: TCareRecord) => TTimelineEntry {
  const { t } = useTranslation('care');
  const kindOf = useCareKind();
  return useCallback(
    (record: TCareRecord) => ({
      id: record.id,
      date: record.occurredOn,
      kind: kindOf(record.kind),
      title: <SchoolText en={record.title} ar={record.titleAr} />,
      chips: <CareChips record={record} />,
      detail:
        record.detail || record.detailAr ? <SchoolText en={record.detail} ar={record.detailAr} /> : null,
      staff:
        record.staffName || record.staffNameAr ? (
          <span>
            {t('record.by')} <SchoolText en={record.staffName} ar={record.staffNameAr} />
          </span>
        ) : null,
    }),
    [t, kindOf],
  );
}
