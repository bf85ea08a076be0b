import type { ReactNode } from 'react';
import { UserRound, type LucideIcon } from 'lucide-react';
import { cx } from '../../lib/class-names.ts';

/** What a record is (a merit, an incident, a clinic visit): its words, its icon and its colours. */
export interface TTimelineKind {
  label: string;
  icon: LucideIcon;
  /** Background and text colours of the chip and the dot, light and dark. */
  tone: string;
}

/** What the timeline shows of a record, whatever its module. */
export interface TTimelineEntry {
  id: string;
  /** The record's day, `YYYY-MM-DD`. */
  date: string;
  kind: TTimelineKind;
  title: ReactNode;
  /** More chips beside the kind (a category, a severity); each says it in words. */
  chips?: ReactNode;
  detail?: ReactNode;
  /** Who recorded it, already phrased ("Recorded by Ms Hana"); nothing when the school does not say. */
  staff?: ReactNode;
}

/**
 * A record's chips, as the timeline, the list and the grid show them: its kind (icon and words)
 * in the kind's colours, then the module's own chips, then anything the caller adds (the day).
 */
export function RecordEntryChips({ entry, children }: { entry: TTimelineEntry; children?: ReactNode }) {
  const Icon = entry.kind.icon;
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs">
      <span
        className={cx(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 font-semibold',
          entry.kind.tone,
        )}
      >
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        {entry.kind.label}
      </span>
      {entry.chips}
      {children}
    </span>
  );
}

/** What happened (the school's line breaks kept) and who recorded it, when the school says. */
export function RecordEntryNotes({ entry }: { entry: TTimelineEntry }) {
  return (
    <>
      {entry.detail ? (
        <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{entry.detail}</p>
      ) : null}
      {entry.staff ? (
        <p className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
          <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
          {entry.staff}
        </p>
      ) : null}
    </>
  );
}
