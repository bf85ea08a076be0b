import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bell, Settings } from 'lucide-react';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { AppearanceSection } from '../components/appearance-section.tsx';
import { DeviceNotificationsSection } from '../components/device-notifications.tsx';
import { EmailSection } from '../components/email-section.tsx';
import { PasskeysSection } from '../components/passkeys-section.tsx';
import { PasswordSection } from '../components/password-section.tsx';
import { SignInHistorySection } from '../components/sign-in-history.tsx';

/**
 * `/settings`: the parent's account: password, passkeys, contact address, language and theme, the
 * notifications on this device and the notification preferences (given by the route, from the
 * inbox), and the sign-in history.
 */
export function SettingsPage({ notifications }: { notifications: ReactNode }) {
  const { t } = useTranslation('account');
  const notificationsId = useId();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t('title')}
        icon={
          <span className="grid size-12 place-items-center rounded-2xl bg-purple-100 text-purple-700 dark:bg-purple-900/50 dark:text-purple-200">
            <Settings aria-hidden="true" className="size-6" />
          </span>
        }
      />
      <PasswordSection />
      <PasskeysSection />
      <EmailSection />
      <AppearanceSection />
      {/* The preferences come in their own cards. */}
      <section aria-labelledby={notificationsId} className="space-y-3">
        <h2
          id={notificationsId}
          className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
        >
          <Bell aria-hidden="true" className="size-5 text-purple-700 dark:text-purple-300" />
          {t('notifications.title')}
        </h2>
        <DeviceNotificationsSection />
        {notifications}
      </section>
      <SignInHistorySection />
    </div>
  );
}
