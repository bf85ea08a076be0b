import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChild } from '@portal/contracts/auth';
import { HOME_GLANCE_PARTS, type THomeGlancePart } from '@portal/contracts/home';
import { QueryState } from '../../../components/module/query-state.tsx';
import { todayIn, useTimeZone } from '../../../lib/dates.ts';
import { useGetHomeGlanceQuery } from '../home-api.ts';
import { ChildGlanceCard, type TPartStateOf } from './child-glance-card.tsx';
import type { TGlanceModule } from './glance-part.tsx';

interface TChildrenGlanceProps {
  childList: readonly TChild[];
  /** The module a part comes from, when the parent may open it; a part without one is not shown. */
  moduleOf: (part: THomeGlancePart) => TGlanceModule | null;
  /** The page about a child (their profile), when the parent may open one. */
  childPath: string | null;
  /** What the parent can do about a child here (change the photo). */
  actionOf?: (child: TChild) => ReactNode;
}

/**
 * "Your children at a glance" (docs/modules.md section 5): a card per child with the month's
 * attendance, the next lessons and the latest results, asked again at every visit of Home.
 * The cards stand at once (the children come with the profile); each part shows its shape
 * while the glance loads, and a part the server could not read says so with a retry.
 */
export function ChildrenGlance({ childList, moduleOf, childPath, actionOf }: TChildrenGlanceProps) {
  const { t } = useTranslation('dashboard');
  const timeZone = useTimeZone();
  const shownParts = HOME_GLANCE_PARTS.filter((part) => moduleOf(part) !== null);
  const query = useGetHomeGlanceQuery(undefined, {
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
    // A school that grants none of the parts' modules: the cards say who the children are.
    skip: shownParts.length === 0 || childList.length === 0,
  });
  if (childList.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('children.none')}</p>;
  }
  const answer = query.currentData ?? query.data;
  const failed = !answer && query.isError;
  const retry = () => void query.refetch();
  const stateOf =
    (enrollNumber: string): TPartStateOf =>
    (part) => {
      if (!shownParts.includes(part) || failed) return null;
      if (!answer) return { status: 'loading' };
      const value = answer.children.find((glance) => glance.enrollNumber === enrollNumber)?.[part];
      if (value) return { status: 'ready', value };
      return answer.unavailableParts.includes(part) ? { status: 'failed' } : null;
    };
  return (
    <div className="space-y-4">
      {failed ? <QueryState isLoading={false} error={query.error} onRetry={retry} /> : null}
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {childList.map((child) => (
          <li key={child.sims_student_enroll_number} className="min-w-0">
            <ChildGlanceCard
              child={child}
              today={answer?.today ?? todayIn(timeZone)}
              moduleOf={moduleOf}
              stateOf={stateOf(child.sims_student_enroll_number)}
              onRetry={retry}
              childPath={childPath}
              action={actionOf?.(child)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
