import { useTranslation } from 'react-i18next';
import { Bone } from '../../components/ui/skeleton.tsx';
import { recordLayout } from './record-layout.ts';

const ROWS = 3;

/** The record list's shape while its first page loads: cards or rows as they will be, pulsing. */
export function RecordListSkeleton({ label }: { label: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-live="polite" aria-label={label} className="@container">
      <span className="sr-only">{t('loading')}</span>
      <ul aria-hidden="true" className={`animate-pulse motion-reduce:animate-none ${recordLayout.list}`}>
        {Array.from({ length: ROWS }, (_, index) => (
          <li key={index} data-testid="record-skeleton" className={recordLayout.item}>
            <div className={recordLayout.head}>
              <Bone className="h-5 w-40" />
              <Bone className="h-5 w-16 rounded-full" />
            </div>
            <div className={recordLayout.date}>
              <Bone className="h-4 w-24" />
            </div>
            <div className={`${recordLayout.body} space-y-2`}>
              <Bone className="h-4 w-full" />
              <Bone className="h-4 w-2/3" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
