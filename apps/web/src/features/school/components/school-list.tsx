import type { Ref } from 'react';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { toLanguage } from '../../../lib/i18n.ts';
import { choiceName, type TSchoolChoice } from '../api.ts';
import { SchoolLogo } from './school-logo.tsx';

/** A school as the parent recognises it: its logo and its name in the language shown. */
export function SchoolCard({ choice }: { choice: TSchoolChoice }) {
  const { i18n } = useTranslation();
  return (
    <span className="flex min-w-0 flex-1 items-center gap-3">
      <SchoolLogo
        src={choice.logo}
        alt=""
        className="size-10 shrink-0 rounded-xl p-1 ring-1 ring-slate-200 dark:ring-slate-700"
      />
      <span className="min-w-0 break-words font-semibold text-slate-900 dark:text-slate-100">
        {choiceName(choice, toLanguage(i18n.language))}
      </span>
    </span>
  );
}

interface TSchoolListProps {
  choices: readonly TSchoolChoice[];
  /** Names the list for assistive technology. */
  label: string;
  /** The school chosen now, if any: marked as such. */
  current?: string;
  /** Where each school lives, on hosts that name their school: the list is of links. */
  hrefOf?: (id: string) => string;
  /** Chooses a school, on the picker hosts: the list is of buttons. */
  onChoose?: (id: string) => void;
  /** The current school's entry (or the first), to move the focus to. */
  focusRef?: Ref<HTMLButtonElement & HTMLAnchorElement>;
}

const itemClass =
  'flex min-h-14 w-full items-center gap-3 rounded-xl border px-3 py-2 text-start text-sm transition-colors';

/** The schools, each with its logo and name, as links to them or as buttons choosing them. */
export function SchoolList({ choices, label, current = '', hrefOf, onChoose, focusRef }: TSchoolListProps) {
  const focusId = choices.some((choice) => choice.id === current) ? current : choices[0]?.id;
  return (
    <ul aria-label={label} className="space-y-2">
      {choices.map((choice) => {
        const isCurrent = choice.id === current;
        const className = cx(
          itemClass,
          focusRing,
          isCurrent
            ? 'border-purple-600 bg-purple-50 dark:border-purple-400 dark:bg-purple-950/50'
            : 'border-slate-200 bg-white hover:border-purple-300 hover:bg-purple-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-purple-500 dark:hover:bg-slate-800',
        );
        const content = (
          <>
            <SchoolCard choice={choice} />
            {isCurrent ? (
              <Check aria-hidden="true" className="size-5 shrink-0 text-purple-700 dark:text-purple-300" />
            ) : null}
          </>
        );
        const ref = choice.id === focusId ? focusRef : undefined;
        return (
          <li key={choice.id}>
            {hrefOf ? (
              <a ref={ref} href={hrefOf(choice.id)} className={className}>
                {content}
              </a>
            ) : (
              <button
                ref={ref}
                type="button"
                aria-pressed={isCurrent}
                onClick={() => onChoose?.(choice.id)}
                className={className}
              >
                {content}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
