import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fingerprint, KeyRound, Plus, Trash2 } from 'lucide-react';
import type { TPasskey } from '@portal/contracts/passkeys';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { chip, chipTone } from '../../../components/module/styles.ts';
import { ErrorAlert, StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatFullDateTime, useTimeZone } from '../../../lib/dates.ts';
import { browserHasWebAuthn } from '../../../lib/passkeys.ts';
import { useGetPasskeysQuery, useRemovePasskeyMutation } from '../passkeys-api.ts';
import { useAddPasskey, type TAddPasskeyOutcome } from '../use-add-passkey.ts';
import { SettingsSection } from './section.tsx';

/** A passkey's name: the browser and system it was added on, or "Passkey". */
function usePasskeyName() {
  const { t } = useTranslation('account');
  return (passkey: TPasskey) => passkey.name || t('passkeys.unnamed');
}

function PasskeyRow({ passkey, onRemove }: { passkey: TPasskey; onRemove: () => void }) {
  const { t, i18n } = useTranslation('account');
  const timeZone = useTimeZone();
  const nameOf = usePasskeyName();
  const when = (iso: string) => formatFullDateTime(iso, i18n.language, timeZone);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
            <bdi>{nameOf(passkey)}</bdi>
            {passkey.synced ? (
              <span className={cx(chip, chipTone.neutral)}>{t('passkeys.synced')}</span>
            ) : null}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('passkeys.added', { date: when(passkey.createdAt) })}
            {' · '}
            {passkey.lastUsedAt
              ? t('passkeys.lastUsed', { date: when(passkey.lastUsedAt) })
              : t('passkeys.neverUsed')}
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        onClick={onRemove}
        aria-label={t('passkeys.removeLabel', { name: nameOf(passkey) })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('passkeys.remove')}
      </Button>
    </li>
  );
}

/** What the last attempt to add a passkey came to, in the parent's words. */
function AddOutcome({ outcome }: { outcome: TAddPasskeyOutcome }) {
  const { t } = useTranslation('account');
  if (outcome.kind === 'added')
    return <StatusNotice tone="success">{t('passkeys.addedNotice')}</StatusNotice>;
  if (outcome.kind === 'refused') return <FailureAlert failure={outcome.failure} />;
  if (outcome.problem === 'replaced') return null;
  if (outcome.problem === 'cancelled') return <StatusNotice>{t('passkeys.cancelled')}</StatusNotice>;
  return <ErrorAlert>{t(`passkeys.${outcome.problem}`)}</ErrorAlert>;
}

/**
 * The parent's passkeys (docs/security.md, Passkeys): each with when it was added and last
 * used, a way to add one (the browser's own dialog) and to remove one after a confirmation.
 */
export function PasskeysSection() {
  const { t, i18n } = useTranslation('account');
  const timeZone = useTimeZone();
  const nameOf = usePasskeyName();
  const list = useGetPasskeysQuery(undefined, { refetchOnMountOrArgChange: true });
  const { add, busy, outcome } = useAddPasskey();
  const [remove, removal] = useRemovePasskeyMutation();
  const [confirming, setConfirming] = useState<TPasskey | null>(null);
  const supported = browserHasWebAuthn();

  const removeConfirmed = async () => {
    if (!confirming) return;
    const credentialId = confirming.id;
    setConfirming(null);
    await remove(credentialId);
  };

  return (
    <SettingsSection icon={Fingerprint} title={t('passkeys.title')} intro={t('passkeys.intro')}>
      {list.data ? (
        list.data.items.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('passkeys.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {list.data.items.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => setConfirming(passkey)} />
            ))}
          </ul>
        )
      ) : list.isError ? (
        <QueryState isLoading={false} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Skeleton className="space-y-3">
          <Bone className="h-10 w-full" />
        </Skeleton>
      )}
      <div className="mt-4 space-y-3">
        {removal.isSuccess ? <StatusNotice tone="success">{t('passkeys.removed')}</StatusNotice> : null}
        {removal.isError ? <FailureAlert failure={toApiFailure(removal.error)} /> : null}
        {outcome ? <AddOutcome outcome={outcome} /> : null}
        {supported ? (
          <Button onClick={() => void add()} disabled={busy} aria-busy={busy}>
            <Plus aria-hidden="true" className="size-5" />
            {busy ? t('passkeys.adding') : t('passkeys.add')}
          </Button>
        ) : (
          <StatusNotice>{t('passkeys.unsupported')}</StatusNotice>
        )}
      </div>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('passkeys.confirmTitle')}
        icon={<Trash2 aria-hidden="true" className="size-5" />}
        actions={
          <>
            <Button onClick={() => void removeConfirmed()}>{t('passkeys.confirm')}</Button>
            <Button variant="secondary" data-autofocus onClick={() => setConfirming(null)}>
              {t('passkeys.keep')}
            </Button>
          </>
        }
      >
        {confirming ? (
          <p>
            {t('passkeys.confirmBody', {
              name: nameOf(confirming),
              date: formatFullDateTime(confirming.createdAt, i18n.language, timeZone),
            })}
          </p>
        ) : null}
      </Dialog>
    </SettingsSection>
  );
}
