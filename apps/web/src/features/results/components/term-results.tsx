import type { ReactNode } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import type { TLegendScale, TTerm } from '@portal/contracts/families/results';
import { QueryState } from '../../../components/module/query-state.tsx';
import { schoolText } from '../../../components/module/school-text.tsx';
import { Bone } from '../../../components/ui/skeleton.tsx';
import type { TApiError } from '../../../lib/api.ts';
import { cx } from '../../../lib/class-names.ts';
import { LegendPanel } from './legend-panel.tsx';
import { TermPicker } from './term-picker.tsx';

/** The term pages, as their words are keyed in the `results` namespace (`<section>.empty`...). */
export type TTermSection = 'assignments' | 'assessments' | 'marksheet' | 'coScholastic';

/** What every results answer holds: the term shown, the child's terms and the legend. */
type TTermAnswerShape = { term: TTerm | null; terms: TTerm[]; legend: TLegendScale[] };

/** The parts of a term query the frame reads. */
interface TTermQueryState<A> {
  /** The last answer of any term: keeps the term picker while another term loads. */
  data?: A;
  /** The answer of the term asked for; absent while it loads. */
  currentData?: A;
  isError: boolean;
  error?: TApiError | SerializedError;
  refetch: () => unknown;
}

interface TTermResultsProps<A extends TTermAnswerShape> {
  query: TTermQueryState<A>;
  /** The term the parent picked; undefined: the school's current one. */
  chosenTerm: string | undefined;
  onTermChange: (termId: string) => void;
  /** The page's shape while the term loads. */
  skeleton: ReactNode;
  isEmpty: (answer: A) => boolean;
  /**
   * The page's words while the term has nothing: "No assessments for Term 1 yet." (`<section>.empty`,
   * or `.emptyNoTerm` when the school has no terms yet), then when something will appear (`.emptyBody`).
   */
  section: TTermSection;
  emptyIcon: LucideIcon;
  /** The legend beside the results on a wide screen (below on a phone), or always below. */
  legendPlacement?: 'side' | 'below';
  children: (answer: A) => ReactNode;
}

/**
 * The frame of a results page: the term picker, then the term's results (or their shape while
 * they load, what failed, or what will appear and when), with the legend of the grades shown.
 */
export function TermResults<A extends TTermAnswerShape>({
  query,
  chosenTerm,
  onTermChange,
  skeleton,
  isEmpty,
  section,
  emptyIcon: EmptyIcon,
  legendPlacement = 'side',
  children,
}: TTermResultsProps<A>) {
  const { t, i18n } = useTranslation('results');
  const known = query.data;
  const answer = query.currentData;
  const termId = chosenTerm ?? known?.term?.id;

  let body: ReactNode;
  if (query.isError && !answer) {
    body = <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!answer) {
    body = skeleton;
  } else if (isEmpty(answer)) {
    const term = answer.term ? schoolText(answer.term.title, answer.term.titleAr, i18n.language).text : null;
    body = (
      <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
        <EmptyIcon aria-hidden="true" className="mx-auto size-8 text-slate-400" />
        <p className="mt-3 font-semibold text-slate-900 dark:text-white">
          {term ? t(`${section}.empty`, { term }) : t(`${section}.emptyNoTerm`)}
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(`${section}.emptyBody`)}</p>
      </div>
    );
  } else {
    const legend = answer.legend.length > 0 ? <LegendPanel scales={answer.legend} /> : null;
    body = (
      <div
        className={cx(
          'grid gap-6',
          legendPlacement === 'side' && legend && 'lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start',
        )}
      >
        <div className="min-w-0">{children(answer)}</div>
        {legend}
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {known && termId && known.terms.length > 0 ? (
        <TermPicker terms={known.terms} value={termId} onChange={onTermChange} />
      ) : !known && !query.isError ? (
        <Bone className="h-11 w-56 rounded-xl" />
      ) : null}
      {body}
    </div>
  );
}
