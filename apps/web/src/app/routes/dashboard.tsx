import { useTranslation } from 'react-i18next';
import { AppHeader } from '../../components/layout/app-header.tsx';
import { AppShell } from '../../components/layout/app-shell.tsx';
import { LanguageSwitch } from '../../components/layout/language-switch.tsx';
import { ThemeSwitch } from '../../components/layout/theme-switch.tsx';
import { useSchoolId } from '../../lib/school-id.ts';
import { useGetProfileQuery } from '../../features/auth/api.ts';
import { AccountMenu } from '../../features/auth/components/account-menu.tsx';
import {
  childSelected,
  selectChildren,
  selectCurrentYear,
  selectParent,
  selectSelectedChild,
  selectToken,
} from '../../features/auth/slice.ts';
import { DashboardPage } from '../../features/dashboard/pages/dashboard-page.tsx';
import { SchoolBrand } from '../../features/school/components/school-brand.tsx';
import { useAppDispatch, useAppSelector } from '../hooks.ts';

/** `/dashboard`: the signed-in layout with the parent's children. */
export function Component() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const schoolId = useSchoolId();
  const parent = useAppSelector(selectParent);
  const childList = useAppSelector(selectChildren);
  const selectedChild = useAppSelector(selectSelectedChild);
  const currentYear = useAppSelector(selectCurrentYear);
  const token = useAppSelector(selectToken);
  // Refreshes the stored profile; a 401 here (expired session) signs the parent out.
  useGetProfileQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <AppShell
      header={
        <AppHeader
          brand={<SchoolBrand schoolId={schoolId} />}
          userLabel={t('signedInAs')}
          actions={
            <>
              <LanguageSwitch />
              <ThemeSwitch />
              <AccountMenu name={parent?.parentName} token={token} />
            </>
          }
        />
      }
    >
      <DashboardPage
        parent={parent}
        childList={childList}
        selectedChild={selectedChild}
        currentYear={currentYear}
        onSelectChild={(enrollNumber) => dispatch(childSelected(enrollNumber))}
      />
    </AppShell>
  );
}
