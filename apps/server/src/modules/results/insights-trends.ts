import type { TInsights } from '@portal/contracts/families/results';

// How the insights page's figures are drawn from released results and attendance marks
// (docs/modules.md F2, `mojoInsights`): month by month averages, and the highlights worth saying.

type TPoint = TInsights['overall'][number];
type THighlight = TInsights['highlights'][number];
type TSubjectTrend = TInsights['subjects'][number];

/** A change of a subject's latest month against its earlier average that is worth saying: 10 points. */
export const TREND_THRESHOLD = 0.1;
/** Attendance over the year below this needs attention. */
export const ATTENDANCE_LOW = 0.9;
/** Attendance over the year above this is worth praising. */
export const ATTENDANCE_HIGH = 0.97;

/** A released, scored result: its subject, the month it counts in and its share of the maximum. */
export type TScoredResult = {
  subjectId: string;
  nameEn: string;
  nameAr: string;
  month: string;
  percent: number;
};

/** The share a score is of the maximum, kept within 0..1. */
export function percentOf(score: number, max: number): number {
  return Math.min(1, Math.max(0, score / max));
}

/** The average of the values of each month, months in order. */
export function monthlyAverages(values: { month: string; value: number }[]): TPoint[] {
  const byMonth = new Map<string, number[]>();
  for (const { month, value } of values) byMonth.set(month, [...(byMonth.get(month) ?? []), value]);
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, monthValues]) => ({ month, value: mean(monthValues) }));
}

/** Each subject's average by month, subjects by English name; and every result's by month. */
export function resultTrends(results: TScoredResult[]): Pick<TInsights, 'subjects' | 'overall'> {
  const bySubject = new Map<string, TScoredResult[]>();
  for (const result of results)
    bySubject.set(result.subjectId, [...(bySubject.get(result.subjectId) ?? []), result]);
  const subjects = [...bySubject.entries()]
    .map(([id, rows]) => ({
      id,
      name: rows[0]!.nameEn,
      nameAr: rows[0]!.nameAr,
      points: monthlyAverages(rows.map((row) => ({ month: row.month, value: row.percent }))),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const overall = monthlyAverages(results.map((row) => ({ month: row.month, value: row.percent })));
  return { subjects, overall };
}

/** A recorded school day: its month and status (`present`, `absent`, `late` or `excused`). */
export type TAttendanceMark = { month: string; status: string };

const ATTENDED = new Set(['present', 'late']);
const RECORDED = new Set(['present', 'absent', 'late', 'excused']);

/**
 * The share of recorded days attended, by month and over the year: present and late days over
 * every recorded day (excused ones count as recorded, not attended), the attendance page's rule.
 */
export function attendanceTrend(marks: TAttendanceMark[]): Pick<TInsights, 'attendance' | 'attendanceRate'> {
  const recorded = marks.filter((mark) => RECORDED.has(mark.status));
  const attended = (mark: TAttendanceMark) => (ATTENDED.has(mark.status) ? 1 : 0);
  return {
    attendance: monthlyAverages(recorded.map((mark) => ({ month: mark.month, value: attended(mark) }))),
    attendanceRate: recorded.length === 0 ? null : mean(recorded.map(attended)),
  };
}

/**
 * What is worth saying: a subject whose latest month is 10 points above (improving) or below
 * (declining) its earlier months' average, and attendance over the year below 90% or above 97%.
 */
export function highlightsOf(subjects: TSubjectTrend[], attendanceRate: number | null): THighlight[] {
  const highlights: THighlight[] = [];
  for (const subject of subjects) {
    const latest = subject.points.at(-1);
    const earlier = subject.points.slice(0, -1);
    if (!latest || earlier.length === 0) continue;
    const change = latest.value - mean(earlier.map((point) => point.value));
    const named = { subject: subject.name, subjectAr: subject.nameAr };
    // A little room for the rounding of floating point: 0.7 - 0.6 is 0.0999....
    if (change >= TREND_THRESHOLD - 1e-9) highlights.push({ kind: 'improving', ...named });
    else if (change <= -TREND_THRESHOLD + 1e-9) highlights.push({ kind: 'declining', ...named });
  }
  const noSubject = { subject: null, subjectAr: null };
  if (attendanceRate !== null && attendanceRate < ATTENDANCE_LOW)
    highlights.push({ kind: 'attendanceLow', ...noSubject });
  if (attendanceRate !== null && attendanceRate > ATTENDANCE_HIGH)
    highlights.push({ kind: 'attendanceHigh', ...noSubject });
  return highlights;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
