import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, PartyPopper } from 'lucide-react';
import type { THomeAction } from '@portal/contracts/home';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { chip, chipTone } from '../../../components/module/styles.ts';
import { focusRing } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money-format.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { useGetHomeActionsQuery } from '../home-api.ts';
import type { TModuleLook } from './quick-links.tsx';

const dayFormat: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const absenceDayFormat: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };

/** How many things to do show before "Show all". */
export const ACTIONS_SHOWN = 6;

/**
 * The list's shape at the last visit on this device (rows shown, and whether "Show all" was
 * there), as `rows:more`. Its skeleton takes that shape, so that nothing below the list moves
 * when the answer comes; a first visit expects a full list.
 */
type TListShape = { rows: number; more: boolean };

function rememberedShape(): TListShape {
  const [rows, more] = (readStorage(appConfig.storageKeys.homeActionsShape) ?? '').split(':');
  const count = Number(rows);
  return Number.isInteger(count) && count >= 0 && count <= ACTIONS_SHOWN && rows !== ''
    ? { rows: count, more: more === '1' }
    : { rows: ACTIONS_SHOWN, more: true };
}

function rememberShape(shape: TListShape): void {
  writeStorage(appConfig.storageKeys.homeActionsShape, `${shape.rows}:${shape.more ? 1 : 0}`);
}

/** The list on its way, in the shape it had last time (an empty list stands as one row). */
function ActionListSkeleton() {
  const [shape] = useState(rememberedShape);
  return (
    <Skeleton className="space-y-3">
      <div className="-mx-3">
        {Array.from({ length: Math.max(1, shape.rows) }, (_, index) => (
          <div key={index} className="flex items-center gap-3 p-3">
            <Bone className="size-10 rounded-xl" />
            <div className="flex-1 space-y-2">
              <Bone className="h-4 w-1/3" />
              <Bone className="h-4 w-2/3" />
              <Bone className="h-5 w-24 rounded-full" />
            </div>
          </div>
        ))}
      </div>
      {shape.more ? <Bone className="h-11 w-32 rounded-xl" /> : null}
    </Skeleton>
  );
}

/**
 * One thing to do with every child it is for: the same circular to acknowledge for three
 * children is one row naming the three (acting once on its screen covers them). The items come
 * most urgent first; a row takes the place of its first item.
 */
type TActionRow = { item: THomeAction; children: { enrollNumber: string | null; name: string | null }[] };

export function rowsOf(items: readonly THomeAction[]): TActionRow[] {
  const rows = new Map<string, TActionRow>();
  for (const item of items) {
    // The id is `kind:source:child`: the same kind and source is the same thing to do.
    const key = item.id.slice(0, item.id.lastIndexOf(':'));
    const row = rows.get(key);
    const child = { enrollNumber: item.enrollNumber, name: item.childName };
    if (row) row.children.push(child);
    else rows.set(key, { item, children: [child] });
  }
  return [...rows.values()];
}

/** When an item is due: overdue (or expired) in red, a due day in amber, none said when there is none. */
function DueChip({ item }: { item: THomeAction }) {
  const { t, i18n } = useTranslation('dashboard');
  if (!item.dueOn) return null;
  const date = formatDay(item.dueOn, i18n.language, dayFormat);
  const expiring = item.kind === 'documentExpiring';
  if (item.overdue) {
    return (
      <span className={cx(chip, chipTone.overdue)}>
        {t(expiring ? 'actions.expired' : 'actions.overdue', { date })}
      </span>
    );
  }
  return (
    <span className={cx(chip, chipTone.due)}>
      {t(expiring ? 'actions.expires' : 'actions.due', { date })}
    </span>
  );
}

function ActionRow({ row, look }: { row: TActionRow; look: TModuleLook | undefined }) {
  const { t, i18n } = useTranslation('dashboard');
  const { item } = row;
  return (
    <Link
      to={item.path}
      className={cx(
        'flex items-center gap-3 rounded-2xl p-3 hover:bg-slate-50 dark:hover:bg-slate-800/60',
        focusRing,
      )}
    >
      <span
        aria-hidden="true"
        className={cx('grid size-10 shrink-0 place-items-center rounded-xl', look?.tileClassName)}
      >
        {look?.icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-slate-900 dark:text-white">
          {t(`actions.kinds.${item.kind}`)}
        </span>
        <span className="block truncate text-sm text-slate-700 dark:text-slate-200">
          {item.kind === 'absenceToExplain' ? (
            // The title is the day of the absence: written in the parent's language.
            formatDay(item.title, i18n.language, absenceDayFormat)
          ) : (
            <SchoolText en={item.title} ar={item.titleAr} />
          )}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-1.5">
          {row.children.map((child) => (
            <span key={child.enrollNumber ?? 'family'} className={cx(chip, chipTone.child)}>
              {child.name ? <bdi>{child.name}</bdi> : t('actions.family')}
            </span>
          ))}
          <DueChip item={item} />
          {item.amount ? (
            <span className={cx(chip, chipTone.neutral)}>
              {formatMoney(item.amount.minor, item.amount.currency, i18n.language)}
            </span>
          ) : null}
          {look ? <span className="text-xs text-slate-600 dark:text-slate-300">{look.label}</span> : null}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}

interface TActionListProps {
  /** How a module looks (its name and icon, as the menu draws it), by menu entry key. */
  describe: (module: string) => TModuleLook | undefined;
  labelledBy: string;
}

/**
 * "Needs your action": what the parent should do across every child and module, most urgent
 * first, each opening the screen to act; asked again at every visit, so a done item is gone.
 */
export function ActionList({ describe, labelledBy }: TActionListProps) {
  const { t, i18n } = useTranslation('dashboard');
  const [expanded, setExpanded] = useState(false);
  const query = useGetHomeActionsQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const answer = query.currentData ?? query.data;
  const rows = answer ? rowsOf(answer.items) : null;
  const shownRows = rows ? Math.min(rows.length, ACTIONS_SHOWN) : null;
  const more = rows !== null && rows.length > ACTIONS_SHOWN;
  useEffect(() => {
    if (shownRows !== null) rememberShape({ rows: shownRows, more });
  }, [shownRows, more]);
  if (!answer || !rows) {
    if (query.isError)
      return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
    return <ActionListSkeleton />;
  }
  const shown = expanded ? rows : rows.slice(0, ACTIONS_SHOWN);
  const unavailable = answer.unavailableModules.flatMap((module) => describe(module)?.label ?? []);
  const listFormat = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  return (
    <div className="space-y-3">
      {answer.items.length === 0 ? (
        <EmptyState icon={PartyPopper}>{t('actions.empty')}</EmptyState>
      ) : (
        <ul aria-labelledby={labelledBy} className="-mx-3 divide-y divide-slate-100 dark:divide-slate-800">
          {shown.map((row) => (
            <li key={row.item.id}>
              <ActionRow row={row} look={describe(row.item.module)} />
            </li>
          ))}
        </ul>
      )}
      {more ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          className={cx(
            'inline-flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold text-purple-700 hover:bg-purple-50 dark:text-purple-300 dark:hover:bg-purple-950/40',
            focusRing,
          )}
        >
          {expanded
            ? t('actions.showFewer')
            : t('actions.showAll', { count: rows.length, number: formatNumber(rows.length, i18n.language) })}
        </button>
      ) : null}
      {unavailable.length > 0 ? (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
          {t('actions.unavailable', { modules: listFormat.format(unavailable) })}
        </p>
      ) : null}
    </div>
  );
}
