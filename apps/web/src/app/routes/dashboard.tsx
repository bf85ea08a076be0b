import { type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CreditCard, LayoutGrid, UserRound, UsersRound, type LucideIcon } from 'lucide-react';
import { isEntryAllowed } from '@portal/contracts/authority';
import { MENU, type TMenuEntry } from '@portal/contracts/menu';
import {
  avatarSet,
  childSelected,
  selectAuthority,
  selectChildren,
  selectCurrentYear,
  selectParent,
  selectSelectedChild,
} from '../../features/auth/slice.ts';
import { ChangePhotoButton } from '../../features/children/components/change-photo-button.tsx';
import { ActionList } from '../../features/dashboard/components/action-list.tsx';
import { ChildrenWidget } from '../../features/dashboard/components/children-widget.tsx';
import { QuickLinks, type TModuleLook } from '../../features/dashboard/components/quick-links.tsx';
import { SelectedChildSummary } from '../../features/dashboard/components/selected-child-summary.tsx';
import { DashboardPage } from '../../features/dashboard/pages/dashboard-page.tsx';
import { FeesWidget } from '../../features/fees/components/fees-widget.tsx';
import { widgetTitleId, type TDashboardWidget } from '../../features/dashboard/widget.ts';
import { MenuIcon } from '../../features/menu/components/menu-icon.tsx';
import { iconTileClasses } from '../../features/menu/icon-colors.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { useEntryLabel } from '../use-entry-label.ts';

/** "Your children": choosing a card selects the child. */
function ChildrenCardsWidget() {
  const dispatch = useAppDispatch();
  const childList = useAppSelector(selectChildren);
  const selectedChild = useAppSelector(selectSelectedChild);
  return (
    <ChildrenWidget
      childList={childList}
      selectedEnrollNumber={selectedChild?.sims_student_enroll_number ?? null}
      onSelect={(enrollNumber) => dispatch(childSelected(enrollNumber))}
      labelledBy={widgetTitleId('children')}
    />
  );
}

/** "Selected child": the summary, with a new photo replacing the child's record at once. */
function SelectedChildWidget() {
  const dispatch = useAppDispatch();
  const child = useAppSelector(selectSelectedChild);
  const { t } = useTranslation('dashboard');
  if (!child) return <p className="text-sm text-slate-600 dark:text-slate-300">{t('children.none')}</p>;
  return (
    <SelectedChildSummary
      child={child}
      action={
        <ChangePhotoButton
          key={child.sims_student_enroll_number}
          child={child}
          onUploaded={(updated) => dispatch(avatarSet(updated))}
        />
      }
    />
  );
}

/** How a module looks in a link on Home: named and drawn as in the navigation. */
function useModuleLook(): (entry: TMenuEntry) => TModuleLook {
  const labelOf = useEntryLabel();
  return (entry) => ({
    label: labelOf(entry),
    icon: <MenuIcon entry={entry} className="size-5" />,
    tileClassName: iconTileClasses[entry.color],
  });
}

/** "Needs your action": each item's module as the navigation shows it. */
function ActionListEntry({ labelledBy }: { labelledBy: string }) {
  const lookOf = useModuleLook();
  return (
    <ActionList
      labelledBy={labelledBy}
      describe={(module) => {
        const entry = MENU.find((candidate) => candidate.key === module);
        return entry ? lookOf(entry) : undefined;
      }}
    />
  );
}

/** "Quick links": the modules the parent's role opens. */
function QuickLinksWidget() {
  const authority = useAppSelector(selectAuthority);
  return <QuickLinks authority={authority} describe={useModuleLook()} />;
}

/** "Fees": each child's overdue and due fees, with a way to pay. */
function FeesWidgetEntry() {
  const dispatch = useAppDispatch();
  const childList = useAppSelector(selectChildren);
  const authority = useAppSelector(selectAuthority);
  const feeEntry = MENU.find((entry) => FEE_MODULES.includes(entry.key) && isEntryAllowed(entry, authority));
  return (
    <FeesWidget
      childList={childList.map((child) => ({
        enrollNumber: child.sims_student_enroll_number,
        name: child.sims_student_full_name,
      }))}
      payPath={feeEntry?.path ?? ''}
      onChooseChild={(enrollNumber) => dispatch(childSelected(enrollNumber))}
    />
  );
}

/** The fee payment modules (a school grants one or the other). */
const FEE_MODULES: readonly string[] = ['feePayment', 'feePaymentAbqis'];

interface TWidgetEntry {
  id: string;
  /** `namespace:key` of the title; the route loads the namespaces of every entry. */
  titleKey: string;
  icon: LucideIcon;
  Component: ComponentType;
  /** The menu entries one of which the parent must hold for the widget to show. */
  modules?: readonly string[];
}

/**
 * The dashboard's widgets by id, in the default order. A module adds its widget here (e.g.
 * "Fees due" from features/fees) and its title's namespace to `widgetNamespaces`; a saved
 * layout that does not know it shows it last.
 */
const widgetRegistry: readonly TWidgetEntry[] = [
  { id: 'children', titleKey: 'dashboard:children.title', icon: UsersRound, Component: ChildrenCardsWidget },
  {
    id: 'selected-child',
    titleKey: 'dashboard:summary.title',
    icon: UserRound,
    Component: SelectedChildWidget,
  },
  {
    id: 'quick-links',
    titleKey: 'dashboard:quickLinks.title',
    icon: LayoutGrid,
    Component: QuickLinksWidget,
  },
  {
    id: 'fees',
    titleKey: 'fees:widget.title',
    icon: CreditCard,
    Component: FeesWidgetEntry,
    modules: FEE_MODULES,
  },
];
const widgetNamespaces = ['dashboard', 'common', 'children', 'nav', 'fees'];

/** Whether the authority opens one of a widget's modules (a widget without modules always shows). */
function widgetAllowed(modules: readonly string[] | undefined, authority: readonly string[]): boolean {
  if (!modules) return true;
  return MENU.some((entry) => modules.includes(entry.key) && isEntryAllowed(entry, authority));
}

/** `/dashboard`, inside the signed-in shell (which refreshes the profile): the parent's widgets. */
export function Component() {
  const { t } = useTranslation(widgetNamespaces);
  const parent = useAppSelector(selectParent);
  const currentYear = useAppSelector(selectCurrentYear);
  // The slice has no selector for it yet; a session saved before the field existed lacks it.
  const savedLayout = useAppSelector((state) => state.session.dashboardLayout?.[0]?.layout_data ?? null);

  const authority = useAppSelector(selectAuthority);
  const widgets: TDashboardWidget[] = widgetRegistry
    .filter(({ modules }) => widgetAllowed(modules, authority))
    .map(({ id, titleKey, icon, Component: Widget }) => ({
      id,
      title: t(titleKey),
      icon,
      content: <Widget />,
    }));

  return (
    <DashboardPage
      parent={parent}
      currentYear={currentYear}
      widgets={widgets}
      savedLayout={savedLayout}
      actions={(labelledBy) => <ActionListEntry labelledBy={labelledBy} />}
    />
  );
}
