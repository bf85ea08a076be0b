import { useTranslation } from 'react-i18next';
import { History, MonitorSmartphone } from 'lucide-react';
import type { TSignIn } from '@portal/contracts/account';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { chip, chipTone } from '../../../components/module/styles.ts';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatFullDateTime, useTimeZone } from '../../../lib/dates.ts';
import { useGetSignInsQuery, useSignOutOthersMutation } from '../api.ts';
import { SettingsSection } from './section.tsx';

function SignInRow({ signIn }: { signIn: TSignIn }) {
  const { t, i18n } = useTranslation('account');
  const timeZone = useTimeZone();
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">
          {formatFullDateTime(signIn.at, i18n.language, timeZone)}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t(`history.methods.${signIn.method}`)}
          {' · '}
          <bdi>{signIn.browser || t('history.unknownBrowser')}</bdi>
          {signIn.ip ? (
            <>
              {' · '}
              <bdi dir="ltr">{signIn.ip}</bdi>
            </>
          ) : null}
        </p>
      </div>
      {signIn.current ? (
        <span className={cx(chip, chipTone.child)}>{t('history.thisDevice')}</span>
      ) : signIn.active ? (
        <span className={cx(chip, chipTone.due)}>{t('history.active')}</span>
      ) : (
        <span className={cx(chip, chipTone.neutral)}>{t('history.ended')}</span>
      )}
    </li>
  );
}

/** Where and how the account was signed in, newest first, and a way to sign out everywhere else. */
export function SignInHistorySection() {
  const { t } = useTranslation('account');
  const history = useGetSignInsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [signOutOthers, state] = useSignOutOthersMutation();
  const others = history.data?.items.filter((item) => item.active && !item.current).length ?? 0;
  return (
    <SettingsSection icon={History} title={t('history.title')} intro={t('history.intro')}>
      {history.data ? (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {history.data.items.map((signIn) => (
            <SignInRow key={signIn.id} signIn={signIn} />
          ))}
        </ul>
      ) : history.isError ? (
        <QueryState isLoading={false} error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <Skeleton className="space-y-3">
          {[0, 1, 2].map((index) => (
            <Bone key={index} className="h-10 w-full" />
          ))}
        </Skeleton>
      )}
      <div className="mt-4 space-y-3">
        {state.isSuccess ? <StatusNotice tone="success">{t('history.signedOutOthers')}</StatusNotice> : null}
        {state.isError ? <FailureAlert failure={toApiFailure(state.error)} /> : null}
        <Button
          variant="secondary"
          disabled={state.isLoading || others === 0}
          onClick={() => void signOutOthers()}
        >
          <MonitorSmartphone aria-hidden="true" className="size-5" />
          {others === 0 ? t('history.noOthers') : t('history.signOutOthers', { count: others })}
        </Button>
      </div>
    </SettingsSection>
  );
}
