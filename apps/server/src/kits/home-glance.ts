import {
  HOME_GLANCE_MODULES,
  HOME_GLANCE_PARTS,
  type THomeGlanceChild,
  type THomeGlancePart,
  type THomeGlanceParts,
} from '@portal/contracts/home';
import type { TStudentRow } from '../access/own-child.ts';
import type { TDatabase } from '../db/client.ts';

// "Today at a glance" (docs/modules.md section 5): below the action list, per child, what the
// schedule and results families know of today. Each family gives its parts through providers
// (modules/<family>/home-glance.ts) that the home route (modules/home/glance.ts) gets from
// app.ts, so families never import each other; the route asks only the providers of the
// modules the school grants.

/** What a provider knows of the parent asking. */
export type THomeGlanceContext = {
  db: TDatabase;
  schoolId: string;
  parentId: string;
  /** Today in the school's time zone (YYYY-MM-DD). */
  today: string;
  /** The time on the school's clock (HH:MM). */
  time: string;
};

/** One part of one of the parent's children, from its family (read through the access layer). */
export type THomeGlanceProvider<P extends THomeGlancePart> = (
  context: THomeGlanceContext,
  child: TStudentRow,
) => Promise<THomeGlanceParts[P]>;

/** The providers of the parts, each from its family (app.ts puts the families' together). */
export type THomeGlanceProviders = { [P in THomeGlancePart]?: THomeGlanceProvider<P> };

export type TCollectedGlance = { children: THomeGlanceChild[]; unavailableParts: THomeGlancePart[] };

/** A part of every child, in the children's order; null when its module is not granted. */
async function partOf<P extends THomeGlancePart>(
  part: P,
  provider: THomeGlanceProvider<P> | undefined,
  context: THomeGlanceContext,
  children: readonly TStudentRow[],
  granted: (entryKey: string) => boolean,
): Promise<THomeGlanceParts[P][] | null> {
  if (!provider || !granted(HOME_GLANCE_MODULES[part])) return null;
  return Promise.all(children.map((child) => provider(context, child)));
}

/**
 * Asks the provider of each part whose module (HOME_GLANCE_MODULES) is granted, for every
 * child, at once. A part that fails for any child is null for all of them (named in
 * `unavailableParts`, and reported to `onFailure`); the other parts still answer.
 */
export async function collectHomeGlance(
  providers: THomeGlanceProviders,
  context: THomeGlanceContext,
  children: readonly TStudentRow[],
  granted: (entryKey: string) => boolean,
  onFailure: (part: THomeGlancePart, error: unknown) => void,
): Promise<TCollectedGlance> {
  const unavailableParts: THomeGlancePart[] = [];
  const settle = <T>(part: THomeGlancePart, answer: Promise<T[] | null>) =>
    answer.catch((error: unknown) => {
      onFailure(part, error);
      unavailableParts.push(part);
      return null;
    });
  const [attendance, nextLessons, latestResults] = await Promise.all([
    settle('attendance', partOf('attendance', providers.attendance, context, children, granted)),
    settle('nextLessons', partOf('nextLessons', providers.nextLessons, context, children, granted)),
    settle('latestResults', partOf('latestResults', providers.latestResults, context, children, granted)),
  ]);
  return {
    children: children.map((student, index) => ({
      enrollNumber: student.enrollNumber,
      fullName: student.fullName,
      photo: student.imageUrl,
      gradeName: student.gradeNameEn,
      gradeNameAr: student.gradeNameAr,
      sectionName: student.sectionNameEn,
      sectionNameAr: student.sectionNameAr,
      attendance: attendance?.[index] ?? null,
      nextLessons: nextLessons?.[index] ?? null,
      latestResults: latestResults?.[index] ?? null,
    })),
    // In the order of the parts, whichever failed first.
    unavailableParts: HOME_GLANCE_PARTS.filter((part) => unavailableParts.includes(part)),
  };
}
