import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/ui/loading.tsx';
import { isPickerHost } from '../lib/school-id.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { schoolChoices, useGetSchoolDirectoryQuery } from '../features/school/api.ts';
import { goToSchool, schoolHref } from '../features/school/go-to-school.ts';
import { SchoolAddressForm } from '../features/school/components/school-address-form.tsx';
import { SchoolList } from '../features/school/components/school-list.tsx';

/**
 * What the public pages show instead of their form when the portal does not know the school
 * the address names: the address typed, then the schools to choose from where the portal lists
 * them (outside production), else a field to type the school's address.
 */
export function UnknownSchool({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation(['school', 'common']);
  useDocumentTitle(t('unknown.title'), t('common:appName'));
  const picker = isPickerHost(window.location.hostname);
  const directory = useGetSchoolDirectoryQuery();
  const listed = directory.data ? schoolChoices(directory.data) : [];
  return (
    <AuthCard
      titleId="unknown-school-title"
      heading={t('unknown.title')}
      intro={
        <p className="flex items-start gap-2">
          <SearchX
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 text-purple-700 dark:text-purple-300"
          />
          <span>
            {t('unknown.body')}{' '}
            <strong className="mt-0.5 block break-words font-semibold text-slate-900 dark:text-white">
              <bdi dir="ltr">{picker ? schoolId : window.location.host}</bdi>
            </strong>
          </span>
        </p>
      }
    >
      <div className="mt-6">
        {directory.isLoading ? (
          <Loading fullScreen={false} />
        ) : listed.length > 0 ? (
          <>
            <h2 className="mb-3 text-sm font-semibold text-slate-800 dark:text-slate-100">
              {t('unknown.chooseHeading')}
            </h2>
            <SchoolList
              choices={listed}
              label={t('unknown.chooseHeading')}
              {...(picker ? { onChoose: goToSchool } : { hrefOf: (id: string) => schoolHref(id) })}
            />
          </>
        ) : (
          <SchoolAddressForm />
        )}
      </div>
    </AuthCard>
  );
}
