import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Droplet, Pill, ShieldAlert, Activity, Utensils, type LucideIcon } from 'lucide-react';
import type { TMedicalProfile } from '@portal/contracts/families/care';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatDay } from '../../../lib/dates.ts';

type TMedicalItems = TMedicalProfile['allergies'];

interface TMedicalProfileProps {
  /** null when the school holds no profile for the child. */
  profile: TMedicalProfile | null;
  childName: string;
  /** "Suggest an update", placed in the profile's heading. */
  action: ReactNode;
}

/** What the school nurse knows of the child: blood group, allergies, conditions, medicines, diet. */
export function MedicalProfile({ profile, childName, action }: TMedicalProfileProps) {
  const { t, i18n } = useTranslation('care');
  return (
    <section
      aria-labelledby="medical-profile"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="medical-profile" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('medical.profile')}
        </h2>
        {action}
      </div>
      {profile === null ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('medical.noProfile', { child: `\u2068${childName}\u2069` })}
        </p>
      ) : (
        <>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <Part icon={ShieldAlert} label={t('medical.allergies')} alert={profile.allergies.length > 0}>
              <Items items={profile.allergies} />
            </Part>
            <Part icon={Droplet} label={t('medical.bloodGroup')}>
              {profile.bloodGroup.trim() ? (
                <bdi dir="ltr" className="font-semibold">
                  {profile.bloodGroup}
                </bdi>
              ) : (
                t('medical.notRecorded')
              )}
            </Part>
            <Part icon={Activity} label={t('medical.conditions')}>
              <Items items={profile.conditions} />
            </Part>
            <Part icon={Pill} label={t('medical.medications')}>
              <Items items={profile.medications} />
            </Part>
            <Part icon={Utensils} label={t('medical.dietary')}>
              {profile.dietary.trim() || profile.dietaryAr.trim() ? (
                <SchoolText en={profile.dietary} ar={profile.dietaryAr} />
              ) : (
                t('medical.notRecorded')
              )}
            </Part>
          </dl>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {profile.reviewedOn
              ? t('medical.reviewedOn', {
                  date: formatDay(profile.reviewedOn, i18n.language, {
                    day: 'numeric',
                    month: 'long',
                    year: 'numeric',
                  }),
                })
              : t('medical.notReviewed')}
          </p>
        </>
      )}
    </section>
  );
}

function Part({
  icon: Icon,
  label,
  alert = false,
  children,
}: {
  icon: LucideIcon;
  label: string;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cx(
        'rounded-xl p-3',
        alert
          ? 'bg-red-50 ring-1 ring-red-200 ring-inset dark:bg-red-950/40 dark:ring-red-900'
          : 'bg-slate-50 dark:bg-slate-800/60',
      )}
    >
      <dt
        className={cx(
          'flex items-center gap-1.5 text-xs font-semibold',
          alert ? 'text-red-800 dark:text-red-200' : 'text-slate-600 dark:text-slate-300',
        )}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {label}
      </dt>
      <dd className="mt-1.5 text-slate-800 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** Allergies, conditions or medicines, each with what to do; "None recorded" when there are none. */
function Items({ items }: { items: TMedicalItems }) {
  const { t } = useTranslation('care');
  if (items.length === 0) return <>{t('medical.noneRecorded')}</>;
  return (
    <ul className="space-y-1.5">
      {items.map((item, index) => (
        <li key={index}>
          <span className="font-semibold">
            <SchoolText en={item.name} ar={item.nameAr} />
          </span>
          {item.note || item.noteAr ? (
            <span className="block text-xs text-slate-700 dark:text-slate-300">
              <SchoolText en={item.note} ar={item.noteAr} />
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
