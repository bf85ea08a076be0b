import { type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutGrid, UsersRound, type LucideIcon } from 'lucide-react';
import type { TChild } from '@portal/contracts/auth';
import { isEntryAllowed } from '@portal/contracts/authority';
import { HOME_GLANCE_MODULES, type THomeGlancePart } from '@portal/contracts/home';
import { MENU, type TMenuEntry } from '@portal/contracts/menu';
import {
  avatarSet,
  selectAuthority,
  selectChildren,
  selectCurrentYear,
  selectParent,
} from '../../features/auth/slice.ts';
import { ChangePhotoButton } from '../../features/children/components/change-photo-button.tsx';
import { ActionList } from '../../features/dashboard/components/action-list.tsx';
import { ChildrenGlance } from '../../features/dashboard/components/children-glance.tsx';
import type { TGlanceModule } from '../../features/dashboard/components/glance-part.tsx';
import { QuickLinks, type TModuleLook } from '../../features/dashboard/components/quick-links.tsx';
import { DashboardPage } from '../../features/dashboard/pages/dashboard-page.tsx';
import type { TDashboardWidget } from '../../features/dashboard/widget.ts';
import { MenuIcon } from '../../features/menu/components/menu-icon.tsx';
import { iconTileClasses } from '../../features/menu/icon-colors.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { useEntryLabel } from '../use-entry-label.ts';

/** The menu entry with this key, when the authority opens it. */
function allowedEntry(key: string, authority: readonly string[]): TMenuEntry | undefined {
  const entry = MENU.find((candidate) => candidate.key === key);
  return entry && isEntryAllowed(entry, authority) ? entry : undefined;
}

/** The pages about one child, the first the parent may open being the child's link. */
const CHILD_PAGES = ['studentProfile', 'studentProfileAsian'];

/**
 * "Your children at a glance": a card per child, each part linking to its module as the
 * navigation names and draws it; a new photo replaces the child's record at once.
 */
function ChildrenGlanceWidget() {
  const dispatch = useAppDispatch();
  const childList = useAppSelector(selectChildren);
  const authority = useAppSelector(selectAuthority);
  const labelOf = useEntryLabel();
  const moduleOf = (part: THomeGlancePart): TGlanceModule | null => {
    const entry = allowedEntry(HOME_GLANCE_MODULES[part], authority);
    if (!entry) return null;
    return {
      path: entry.path,
      label: labelOf(entry),
      icon: <MenuIcon entry={entry} className="size-4" />,
      tileClassName: iconTileClasses[entry.color],
    };
  };
  const childPage = CHILD_PAGES.map((key) => allowedEntry(key, authority)).find(Boolean);
  return (
    <ChildrenGlance
      childList={childList}
      moduleOf={moduleOf}
      childPath={childPage?.path ?? null}
      actionOf={(child: TChild) => (
        <ChangePhotoButton
          key={child.sims_student_enroll_number}
          child={child}
          onUploaded={(updated) => dispatch(avatarSet(updated))}
        />
      )}
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
 * The dashboard's widgets by id, in the default order, below "Needs your action" (which covers
 * the fees to pay). A module adds its widget here and its title's namespace to
 * `widgetNamespaces`; a saved layout that does not know it shows it last, and one that names a
 * retired widget (`selected-child`, `fees`) just leaves it out.
 */
const widgetRegistry: readonly TWidgetEntry[] = [
  {
    id: 'children',
    titleKey: 'dashboard:children.title',
    icon: UsersRound,
    Component: ChildrenGlanceWidget,
  },
  {
    id: 'quick-links',
    titleKey: 'dashboard:quickLinks.title',
    icon: LayoutGrid,
    Component: QuickLinksWidget,
  },
];
const widgetNamespaces = ['dashboard', 'common', 'children', 'nav'];

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
