import { useTranslation } from 'react-i18next';
import type { TChild } from '@portal/contracts/auth';
import { ChildrenCards } from './children-cards.tsx';

interface TChildrenWidgetProps {
  childList: readonly TChild[];
  selectedEnrollNumber: string | null;
  onSelect: (enrollNumber: string) => void;
  /** The id of the widget's heading, which names the cards' group. */
  labelledBy: string;
}

/** "Your children": one card per child; choosing a card selects the child. */
export function ChildrenWidget({
  childList,
  selectedEnrollNumber,
  onSelect,
  labelledBy,
}: TChildrenWidgetProps) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="space-y-4">
      {childList.length > 1 ? (
        <p className="-mt-2 text-sm text-slate-600 dark:text-slate-300">{t('children.hint')}</p>
      ) : null}
      <ChildrenCards
        childList={childList}
        selectedEnrollNumber={selectedEnrollNumber}
        onSelect={onSelect}
        labelledBy={labelledBy}
      />
    </div>
  );
}
