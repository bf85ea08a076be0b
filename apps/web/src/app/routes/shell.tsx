import { Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu } from 'lucide-react';
import { LanguageSwitch } from '../../components/layout/language-switch.tsx';
import { OfflineBanner } from '../../components/layout/offline-banner.tsx';
import { ShellLayout } from '../../components/layout/shell-layout.tsx';
import { ThemeSwitch } from '../../components/layout/theme-switch.tsx';
import { focusRing } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import {
  useChangeAccountSettingsMutation,
  useGetAccountSettingsQuery,
} from '../../lib/account-settings-api.ts';
import { currentRouteKeySet } from '../../lib/app-slice.ts';
import { cx } from '../../lib/class-names.ts';
import { TimeZoneContext } from '../../lib/dates.ts';
import { SchoolContactContext } from '../../lib/school-contact.ts';
import { useSchoolId } from '../../lib/school-id.ts';
import { useGetProfileQuery } from '../../features/auth/api.ts';
import { AccountMenu } from '../../features/auth/components/account-menu.tsx';
import { NotificationBell } from '../../features/inbox/components/notification-bell.tsx';
import { ChildSwitcher } from '../../features/auth/components/child-switcher.tsx';
import {
  childSelected,
  selectAuthority,
  selectChildren,
  selectParent,
  selectSelectedChild,
  selectTimeZone,
  selectToken,
} from '../../features/auth/slice.ts';
import { NavDrawer } from '../../features/menu/components/nav-drawer.tsx';
import { SideNav } from '../../features/menu/components/side-nav.tsx';
import { allowedEntries } from '../../features/menu/menu-access.ts';
import { setNavCollapsed, useNavCollapsed } from '../../features/menu/nav-collapsed.ts';
import { NotAvailablePage } from '../../features/menu/pages/not-available-page.tsx';
import { SchoolBrand } from '../../features/school/components/school-brand.tsx';
import { useSchool } from '../../features/school/use-school.ts';
import { accessTo } from '../guards.tsx';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { useAccountAppearance } from '../use-account-appearance.ts';
import { useEntryLabel } from '../use-entry-label.ts';

/**
 * The authenticated shell around every menu route: the header (child switcher, language,
 * theme, profile), the navigation the parent's authority allows, and the access guard.
 */
export function Component() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const schoolId = useSchoolId();
  const authority = useAppSelector(selectAuthority);
  const parent = useAppSelector(selectParent);
  const token = useAppSelector(selectToken);
  const childList = useAppSelector(selectChildren);
  const selectedChild = useAppSelector(selectSelectedChild);
  const timeZone = useAppSelector(selectTimeZone);
  const { phone, email } = useSchool(schoolId).contact;
  const office = useMemo(() => ({ phone, email }), [phone, email]);
  const labelOf = useEntryLabel();
  const collapsed = useNavCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  // A link about one child (a notice's `?enrollNumber=`) opens its page on that child; the
  // address then drops it, so the header's switcher chooses again.
  const [search, setSearch] = useSearchParams();
  const linkedChild = search.get('enrollNumber');
  useEffect(() => {
    if (!linkedChild) return;
    if (childList.some((child) => child.sims_student_enroll_number === linkedChild))
      dispatch(childSelected(linkedChild));
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('enrollNumber');
        return next;
      },
      { replace: true },
    );
  }, [dispatch, linkedChild, childList, setSearch]);
  // Refreshes the stored profile (names, grants) on entry and when the tab regains focus; a
  // 401 (a session revoked elsewhere) clears the session and the guard goes to sign-in.
  useGetProfileQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });

  const entries = useMemo(() => allowedEntries(authority), [authority]);
  const pinned = useGetAccountSettingsQuery().data?.pinnedModules;
  useAccountAppearance();
  const [changeSettings] = useChangeAccountSettingsMutation();
  const onPinnedChange = (keys: string[]) => void changeSettings({ pinnedModules: keys });
  const { entry, allowed } = accessTo(pathname, authority);
  const routeKey = entry?.key ?? '';
  useEffect(() => {
    dispatch(currentRouteKeySet(routeKey));
  }, [dispatch, routeKey]);

  return (
    <ShellLayout
      menuButton={
        <button
          type="button"
          aria-label={t('nav.open')}
          title={t('nav.open')}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          className={cx(
            'inline-flex size-11 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
            focusRing,
          )}
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
      }
      brand={<SchoolBrand schoolId={schoolId} />}
      actions={
        <>
          <ChildSwitcher
            childList={childList}
            selected={selectedChild}
            onSelect={(enrollNumber) => dispatch(childSelected(enrollNumber))}
          />
          {entries.some((one) => one.key === 'notifications') ? <NotificationBell /> : null}
          <LanguageSwitch />
          <ThemeSwitch />
          <AccountMenu name={parent?.parentName} token={token} />
        </>
      }
      sideNav={
        <SideNav
          entries={entries}
          labelOf={labelOf}
          pinned={pinned}
          onPinnedChange={onPinnedChange}
          collapsed={collapsed}
          onCollapsedChange={setNavCollapsed}
          label={t('nav.label')}
          collapseLabel={t('nav.collapse')}
          expandLabel={t('nav.expand')}
        />
      }
      drawer={
        <NavDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          entries={entries}
          labelOf={labelOf}
          pinned={pinned}
          onPinnedChange={onPinnedChange}
          title={t('nav.drawerTitle')}
          label={t('nav.label')}
          closeLabel={t('nav.close')}
        />
      }
    >
      {entry && !allowed ? (
        <NotAvailablePage title={labelOf(entry)} />
      ) : (
        <TimeZoneContext value={timeZone}>
          <SchoolContactContext value={office}>
            <OfflineBanner />
            <Suspense fallback={<Loading fullScreen={false} />}>
              <Outlet />
            </Suspense>
          </SchoolContactContext>
        </TimeZoneContext>
      )}
    </ShellLayout>
  );
}
