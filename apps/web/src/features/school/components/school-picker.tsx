import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setSchoolId } from '../../../lib/school-id.ts';
import { cx } from '../../../lib/class-names.ts';
import { schoolChoices, useGetSchoolsQuery } from '../api.ts';

/**
 * The school picker of the test environment (plain localhost or an IP): the server's school
 * list plus the demo school. The choice is kept in localStorage (`client-id`).
 */
export function SchoolPicker({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation('school');
  const { data } = useGetSchoolsQuery();
  const choices = schoolChoices(data);
  const chosen = schoolId !== '';
  return (
    <div
      className={cx(
        'rounded-2xl p-4',
        chosen
          ? 'bg-slate-50 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700'
          : 'bg-purple-50 ring-2 ring-purple-600 dark:bg-purple-950/40 dark:ring-purple-400',
      )}
    >
      <label
        htmlFor="school-picker"
        className="mb-1.5 flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-100"
      >
        <Building2 aria-hidden="true" className="size-4" />
        {t('picker.label')}
      </label>
      <select
        id="school-picker"
        value={schoolId}
        onChange={(event) => setSchoolId(event.target.value)}
        aria-describedby="school-picker-hint"
        className="block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm outline-none focus:border-purple-600 focus:ring-2 focus:ring-purple-600/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        <option value="" disabled>
          {t('picker.placeholder')}
        </option>
        {choices.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
      <p id="school-picker-hint" className="mt-1.5 text-xs text-slate-600 dark:text-slate-300">
        {chosen ? t('picker.hint') : t('picker.required')}
      </p>
    </div>
  );
}
