import { useTranslation } from 'react-i18next';
import { BellRing } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/numbers.ts';

/** How many publications wait for the parent's acknowledgement, and a way to see only those. */
export function WaitingNotice({
  count,
  kind = 'circulars',
  onShowOnly,
}: {
  count: number;
  kind?: 'circulars' | 'policies';
  onShowOnly?: () => void;
}) {
  const { t, i18n } = useTranslation('circulars');
  if (count === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
      <BellRing aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1 font-medium">
        {t(`waiting.${kind}`, { count, number: formatNumber(count, i18n.language) })}
      </p>
      {onShowOnly ? (
        <Button variant="secondary" onClick={onShowOnly}>
          {t('waiting.showOnly')}
        </Button>
      ) : null}
    </div>
  );
}
