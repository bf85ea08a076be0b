import { useTranslation } from 'react-i18next';
import { useSchool } from '../use-school.ts';
import { AdmissionDates } from './admission-dates.tsx';
import { SchoolBanner } from './school-banner.tsx';
import { SchoolLogo } from './school-logo.tsx';

const PLACEHOLDER_TEXTS = ['\u00a0', '\u00a0\u00a0'];
const PLACEHOLDER_PERIOD = { start: '2000-01-01', end: '2000-01-01' };

/** The public entry view's school identity: logo, name, banner texts and admission dates. */
export function SchoolPanel({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation('school');
  const school = useSchool(schoolId);
  // A school the portal does not know is not named: the panel shows the portal's name only.
  const name = school.isUnknown ? t('portalName') : school.name || t('fallbackName');
  return (
    <div className="relative flex h-full flex-col gap-6 px-5 py-6 sm:px-10 sm:py-10 lg:justify-between lg:px-14 lg:py-14">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -end-24 -top-24 size-72 rounded-full bg-white/10 blur-2xl"
      />
      <div className="relative flex items-center gap-4">
        <SchoolLogo
          src={school.logo}
          alt={schoolId && !school.isUnknown ? t('logoAlt', { name }) : ''}
          className="size-14 shrink-0 rounded-2xl p-1.5 shadow-lg shadow-purple-900/30 sm:size-16"
        />
        <div className="min-w-0">
          {school.isUnknown ? null : (
            <p className="text-xs font-semibold uppercase tracking-wider text-purple-100">
              {t('portalName')}
            </p>
          )}
          <p className="text-xl font-bold leading-tight text-white sm:text-2xl">
            {school.isLoading ? (
              <span className="inline-block h-6 w-48 animate-pulse rounded bg-white/20" />
            ) : (
              name
            )}
          </p>
        </div>
      </div>
      <div className="relative flex flex-col gap-4 sm:gap-6 lg:flex-1 lg:justify-center">
        {school.isLoading ? (
          // Until the details arrive, the space a school's banner and admission dates take is
          // kept, so the sign-in card below does not move when they appear.
          <div aria-hidden="true" className="invisible flex flex-col gap-4 sm:gap-6">
            <SchoolBanner texts={PLACEHOLDER_TEXTS} />
            <AdmissionDates period={PLACEHOLDER_PERIOD} />
          </div>
        ) : (
          <>
            <SchoolBanner texts={school.banners.length > 0 ? school.banners : [t('tagline')]} />
            <AdmissionDates period={school.admission} />
          </>
        )}
      </div>
    </div>
  );
}
