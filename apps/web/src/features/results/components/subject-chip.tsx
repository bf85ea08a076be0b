import { SchoolText } from '../../../components/module/school-text.tsx';

/** A subject or category as a quiet chip beside a result's title (school text). */
export function SubjectChip({ en, ar }: { en: string; ar: string }) {
  if (en === '' && ar === '') return null;
  return (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
      <SchoolText en={en} ar={ar} />
    </span>
  );
}
