/** The demo fee schedule: fee types, amounts, due dates. Pure: no database here. */

const DAY_MS = 86_400_000;

/** The day `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC day of an instant (YYYY-MM-DD), the day fee states are computed against. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** An instant on a day at a UTC hour and minute. */
export function at(day: string, hour: number, minute = 0): Date {
  return new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
}

// Term due dates, in days after the academic year starts: early September, early January,
// early April.
const TERM_OFFSETS = [7, 133, 224] as const;

/**
 * The due dates of a year's three terms. They follow the academic year while `today` lies
 * between the first and the last due date (so some lines are past due and some are not);
 * otherwise they are placed around `today`, so the demo always shows paid, due and overdue.
 */
export function termDueDates(yearStartsOn: string, today: string): string[] {
  const dates = TERM_OFFSETS.map((offset) => addDays(yearStartsOn, offset));
  const first = dates[0] ?? today;
  const last = dates[dates.length - 1] ?? today;
  if (first < today && today <= last) return dates;
  return [addDays(today, -45), addDays(today, 30), addDays(today, 120)];
}

/** The day a term is invoiced: three weeks before it is due. */
export const INVOICE_LEAD_DAYS = 21;

export type TFeeTypeSpec = { code: string; nameEn: string; nameAr: string; vatRateBp: number };

// Tuition is zero-rated for VAT in the UAE; the other school charges carry the standard 5%.
export const FEE_TYPES: readonly TFeeTypeSpec[] = [
  { code: 'tuition', nameEn: 'Tuition', nameAr: 'الرسوم الدراسية', vatRateBp: 0 },
  { code: 'transport', nameEn: 'School transport', nameAr: 'رسوم النقل المدرسي', vatRateBp: 500 },
  { code: 'books', nameEn: 'Books', nameAr: 'رسوم الكتب', vatRateBp: 500 },
  { code: 'uniform', nameEn: 'Uniform', nameAr: 'رسوم الزي المدرسي', vatRateBp: 500 },
  { code: 'activities', nameEn: 'Activities', nameAr: 'رسوم الأنشطة', vatRateBp: 500 },
];

export function feeTypeSpec(code: string): TFeeTypeSpec {
  const spec = FEE_TYPES.find((type) => type.code === code);
  if (!spec) throw new Error(`Unknown fee type ${code}`);
  return spec;
}

/** How each school charges; the partial-payment schools take at least 500.00 AED at a time. */
export const SCHOOL_FEE_POLICIES: Readonly<
  Record<string, { vatRegistrationNo: string; partial: boolean; scalePerMille: number }>
> = {
  mogra: { vatRegistrationNo: '100234567800003', partial: true, scalePerMille: 1000 },
  bcad: { vatRegistrationNo: '100318842500003', partial: false, scalePerMille: 1150 },
  bcd: { vatRegistrationNo: '100471203900003', partial: false, scalePerMille: 900 },
  bwa: { vatRegistrationNo: '100529964100003', partial: true, scalePerMille: 1050 },
  bcaa: { vatRegistrationNo: '100687310200003', partial: false, scalePerMille: 1350 },
  bnad: { vatRegistrationNo: '100742518600003', partial: false, scalePerMille: 800 },
};

export const MINIMUM_PARTIAL_MINOR = 500_00;

/** Scales a base amount by a school's factor, to whole major units. */
function scaled(baseMinor: number, scalePerMille: number): number {
  return Math.round((baseMinor * scalePerMille) / 100_000) * 100;
}

/** A term's tuition by grade band. */
export function tuitionMinor(grade: number, scalePerMille: number): number {
  const base = grade <= 5 ? 11_500_00 : grade <= 9 ? 13_800_00 : 15_900_00;
  return scaled(base, scalePerMille);
}

/** Sibling discount on tuition: 5% for the second child, 10% from the third. */
export function siblingDiscountMinor(tuition: number, childIndex: number): number {
  const percent = childIndex === 0 ? 0 : childIndex === 1 ? 5 : 10;
  return (tuition * percent) / 100;
}

/** The other lines' amounts; activities carry fils so VAT rounding shows (425.50 * 5% = 21.275). */
export const FIXED_AMOUNTS: Readonly<Record<string, number>> = {
  transport: 2_750_00,
  books: 1_450_00,
  uniform: 680_00,
  activities: 425_50,
};

/** The store and canteen catalogue of the demo wallets. */
export const STORE_ITEMS = [
  { nameEn: 'Chicken wrap', nameAr: 'لفافة دجاج', unitMinor: 14_50 },
  { nameEn: 'Fresh orange juice', nameAr: 'عصير برتقال طازج', unitMinor: 8_00 },
  { nameEn: 'Water bottle', nameAr: 'قارورة ماء', unitMinor: 2_00 },
  { nameEn: 'A4 notebook', nameAr: 'دفتر مقاس A4', unitMinor: 7_25 },
  { nameEn: 'Geometry set', nameAr: 'طقم أدوات هندسية', unitMinor: 23_50 },
  { nameEn: 'Fruit cup', nameAr: 'كوب فواكه', unitMinor: 9_50 },
  { nameEn: 'Pasta box', nameAr: 'علبة معكرونة', unitMinor: 18_00 },
] as const;

export const TOPUP_MINOR = 300_00;
