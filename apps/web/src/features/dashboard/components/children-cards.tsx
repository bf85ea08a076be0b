import { useId } from 'react';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TChild } from '@portal/contracts/auth';
import { cx } from '../../../lib/class-names.ts';
import { gradeName, sectionName } from '../../../lib/local-names.ts';
import { ChildAvatar } from './child-avatar.tsx';

interface TChildCardsProps {
  childList: readonly TChild[];
  selectedEnrollNumber: string | null;
  onSelect: (enrollNumber: string) => void;
  /** The id of the heading that names the group. */
  labelledBy?: string;
}

/**
 * One card per child, as a radio group: each card is a radio named after the child
 * (checked for the selected child), so arrow keys move between children.
 */
export function ChildrenCards({ childList, selectedEnrollNumber, onSelect, labelledBy }: TChildCardsProps) {
  const { t } = useTranslation('dashboard');
  const group = useId();
  if (childList.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('children.none')}</p>;
  }
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {childList.map((child) => (
        <ChildCard
          key={child.sims_student_enroll_number}
          group={group}
          child={child}
          selected={child.sims_student_enroll_number === selectedEnrollNumber}
          onSelect={onSelect}
        />
      ))}
    </div>
  );
}

interface TChildCardProps {
  group: string;
  child: TChild;
  selected: boolean;
  onSelect: (enrollNumber: string) => void;
}

function ChildCard({ group, child, selected, onSelect }: TChildCardProps) {
  const { t, i18n } = useTranslation('dashboard');
  const id = useId();
  const name = child.sims_student_full_name;
  return (
    <label
      className={cx(
        'relative flex h-full min-w-0 cursor-pointer items-center gap-4 rounded-2xl border bg-white p-4 shadow-sm transition hover:shadow-md dark:bg-slate-900',
        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-4 has-[input:focus-visible]:outline-purple-600 dark:has-[input:focus-visible]:outline-purple-400',
        selected
          ? 'border-purple-600 ring-2 ring-purple-600 dark:border-purple-400 dark:ring-purple-400'
          : 'border-slate-200 hover:border-purple-300 dark:border-slate-800 dark:hover:border-purple-700',
      )}
    >
      <input
        type="radio"
        name={group}
        value={child.sims_student_enroll_number}
        checked={selected}
        onChange={() => onSelect(child.sims_student_enroll_number)}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-details`}
        className="sr-only"
      />
      <ChildAvatar
        src={child.sims_student_img}
        name={name}
        alt={t('children.photoAlt', { name })}
        className="size-16"
      />
      <span className="min-w-0 flex-1 pe-5">
        <span
          id={`${id}-name`}
          className="block text-base font-semibold break-words text-slate-900 dark:text-white"
        >
          {name}
        </span>
        <span
          id={`${id}-details`}
          className="mt-1 block space-y-0.5 text-sm text-slate-600 dark:text-slate-300"
        >
          <span className="block">
            {t('children.gradeSection', {
              grade: gradeName(child, i18n.language),
              section: sectionName(child, i18n.language),
            })}
          </span>{' '}
          <span className="block tabular-nums">
            {t('children.enrolment', { number: child.sims_student_enroll_number })}
          </span>
        </span>
      </span>
      {selected ? (
        <CircleCheck
          aria-hidden="true"
          className="absolute end-3 top-3 size-5 text-purple-600 dark:text-purple-400"
        />
      ) : null}
    </label>
  );
}
