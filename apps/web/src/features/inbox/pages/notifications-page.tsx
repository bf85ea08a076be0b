import { useTranslation } from 'react-i18next';
import { Inbox, SlidersHorizontal } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { TChildModulePageProps, TPageChild } from '../../../components/module/child-module-page.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { InboxPanel } from '../components/inbox-panel.tsx';
import { PreferencesPanel } from '../components/preferences-panel.tsx';

type TNotificationsPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'> & {
  /** The parent's children, when the shell gives them; else only the header's child is known. */
  family?: readonly TPageChild[];
};
type TView = 'inbox' | 'preferences';

const ID_BASE = 'notifications';

/**
 * `/notification`: the inbox (every notice, naming its child, with filters) and the email
 * preferences (`?view=preferences`, where the unsubscribe page sends the parent). The view is
 * kept in the address.
 */
export function NotificationsPage({ title, icon, child, family }: TNotificationsPageProps) {
  const { t } = useTranslation('inbox');
  const [search, setSearch] = useSearchParams();
  const view: TView = search.get('view') === 'preferences' ? 'preferences' : 'inbox';
  const select = (next: TView) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'inbox') params.delete('view');
        else params.set('view', next);
        return params;
      },
      { replace: true },
    );
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      <div className="max-w-md">
        <TabList<TView>
          label={t('page.sections')}
          idBase={ID_BASE}
          selected={view}
          onSelect={select}
          tabs={[
            { id: 'inbox', label: t('page.inbox'), icon: <Inbox aria-hidden="true" className="size-4" /> },
            {
              id: 'preferences',
              label: t('page.preferences'),
              icon: <SlidersHorizontal aria-hidden="true" className="size-4" />,
            },
          ]}
        />
      </div>
      <TabPanel idBase={ID_BASE} id="inbox" label={t('page.inboxLabel')} selected={view === 'inbox'}>
        {view === 'inbox' ? (
          <InboxPanel family={family && family.length > 0 ? family : child ? [child] : []} />
        ) : null}
      </TabPanel>
      <TabPanel
        idBase={ID_BASE}
        id="preferences"
        label={t('page.preferencesLabel')}
        selected={view === 'preferences'}
      >
        {view === 'preferences' ? <PreferencesPanel /> : null}
      </TabPanel>
    </div>
  );
}
