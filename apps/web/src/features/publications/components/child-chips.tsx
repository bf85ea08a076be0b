import { useTranslation } from 'react-i18next';
import { UserRound } from 'lucide-react';
import type { TChildAcknowledgement } from '@portal/contracts/families/publications';
import { chip, chipTone } from '../../../components/module/styles.ts';
import { cx } from '../../../lib/class-names.ts';

type TNamedChild = Pick<TChildAcknowledgement, 'enrollNumber' | 'childName'>;

/** The children of the family a publication is about, each as a chip. */
export function ChildChips({ of }: { of: readonly TNamedChild[] }) {
  const { t } = useTranslation('circulars');
  if (of.length === 0) return null;
  return (
    <ul aria-label={t('card.children')} className="flex flex-wrap gap-1.5">
      {of.map((child) => (
        <li key={child.enrollNumber} className={cx(chip, chipTone.child)}>
          <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
          <bdi>{child.childName}</bdi>
        </li>
      ))}
    </ul>
  );
}
