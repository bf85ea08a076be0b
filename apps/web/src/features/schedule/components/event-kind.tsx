import { useTranslation } from 'react-i18next';
import { CalendarRange, ClipboardCheck, PartyPopper, PenLine, TreePalm, type LucideIcon } from 'lucide-react';
import { CALENDAR_EVENT_KINDS, type TCalendarEventKind } from '@portal/contracts/families/schedule';
import { cx } from '../../../lib/class-names.ts';

/** How each kind of calendar event shows: an icon and a colour, always with its word. */
export const eventKindLook: Record<TCalendarEventKind, { icon: LucideIcon; chip: string }> = {
  holiday: {
    icon: TreePalm,
    chip: 'bg-violet-50 text-violet-800 ring-violet-600/20 dark:bg-violet-950/60 dark:text-violet-200 dark:ring-violet-400/30',
  },
  event: {
    icon: PartyPopper,
    chip: 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950/60 dark:text-sky-200 dark:ring-sky-400/30',
  },
  exam: {
    icon: PenLine,
    chip: 'bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-400/30',
  },
  term: {
    icon: CalendarRange,
    chip: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-400/30',
  },
  due: {
    icon: ClipboardCheck,
    chip: 'bg-rose-50 text-rose-800 ring-rose-600/20 dark:bg-rose-950/60 dark:text-rose-200 dark:ring-rose-400/30',
  },
};

/** A kind of event as a chip: its icon and its word, in its colour. */
export function KindChip({ kind, iconOnly = false }: { kind: TCalendarEventKind; iconOnly?: boolean }) {
  const { t } = useTranslation('schedule');
  const { icon: Icon, chip } = eventKindLook[kind];
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center gap-1 rounded-full text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        iconOnly ? 'size-5 justify-center' : 'px-2.5 py-1',
        chip,
      )}
    >
      <Icon aria-hidden="true" className={iconOnly ? 'size-3' : 'size-3.5'} />
      <span className={iconOnly ? 'sr-only' : undefined}>{t(`kind.${kind}`)}</span>
    </span>
  );
}

/** What each chip of the calendar means. */
export function KindLegend() {
  const { t } = useTranslation('schedule');
  return (
    <div>
      <h3 className="sr-only">{t('calendar.legend')}</h3>
      <ul className="flex flex-wrap gap-2">
        {CALENDAR_EVENT_KINDS.map((kind) => (
          <li key={kind}>
            <KindChip kind={kind} />
          </li>
        ))}
      </ul>
    </div>
  );
}
