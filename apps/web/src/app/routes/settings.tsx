import { SettingsPage } from '../../features/account/pages/settings-page.tsx';
import { PreferencesPanel } from '../../features/inbox/components/preferences-panel.tsx';

/** `/settings`: the account settings, with the notification preferences of the inbox. */
export function Component() {
  return <SettingsPage notifications={<PreferencesPanel />} />;
}
