import { useTranslation } from 'react-i18next';
import { useSchool } from '../use-school.ts';
import { SchoolLogo } from './school-logo.tsx';

/** The school's logo and name, for the header of the signed-in layout. */
export function SchoolBrand({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation('school');
  const school = useSchool(schoolId);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <SchoolLogo
        src={school.logo}
        alt=""
        className="size-10 shrink-0 rounded-xl p-1 ring-1 ring-slate-200 dark:ring-slate-700"
      />
      {/* On a phone the header keeps room for its controls: the name is kept for screen readers. */}
      <div className="sr-only min-w-0 sm:not-sr-only">
        <p className="truncate text-sm font-bold leading-tight text-slate-900 sm:text-base dark:text-white">
          {school.name || t('fallbackName')}
        </p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">{t('portalName')}</p>
      </div>
    </div>
  );
}
