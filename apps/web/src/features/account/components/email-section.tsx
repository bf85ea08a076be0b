import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useChangeEmailMutation, useConfirmEmailMutation, useGetContactQuery } from '../api.ts';
import { SettingsSection } from './section.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The contact address (where codes and notices are mailed): a new one is confirmed by the code
 * mailed to it, so a mistyped address never takes the parent's mail.
 */
export function EmailSection() {
  const { t } = useTranslation('account');
  const contact = useGetContactQuery();
  const [send, sending] = useChangeEmailMutation();
  const [confirm, confirming] = useConfirmEmailMutation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const sendFailure = sending.isError ? toApiFailure(sending.error) : null;
  const confirmFailure = confirming.isError ? toApiFailure(confirming.error) : null;

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = email.trim();
    if (!EMAIL.test(wanted)) {
      setProblem(t('email.invalid'));
      return;
    }
    setProblem(undefined);
    confirming.reset();
    if ('data' in (await send({ email: wanted }))) {
      setSentTo(wanted);
      setCode('');
    }
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if ('data' in (await confirm({ code: code.trim() }))) {
      setSentTo(null);
      setEmail('');
    }
  };

  return (
    <SettingsSection icon={Mail} title={t('email.title')} intro={t('email.intro')}>
      {contact.data ? (
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-200">
          {t('email.current')}{' '}
          <bdi className="font-semibold text-slate-900 dark:text-white">{contact.data.email}</bdi>
        </p>
      ) : (
        <QueryState
          isLoading={contact.isLoading}
          error={contact.error}
          onRetry={() => void contact.refetch()}
        />
      )}
      {confirming.isSuccess ? <StatusNotice tone="success">{t('email.changed')}</StatusNotice> : null}
      {sentTo === null ? (
        <form noValidate onSubmit={(event) => void onSend(event)} className="mt-4 max-w-md space-y-4">
          <TextField
            label={t('email.new')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={problem}
          />
          {sendFailure ? <FailureAlert failure={sendFailure} /> : null}
          <Button type="submit" disabled={sending.isLoading}>
            {t('email.send')}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void onConfirm(event)} className="mt-4 max-w-md space-y-4">
          <StatusNotice>{t('email.sent', { email: sentTo })}</StatusNotice>
          <TextField
            label={t('email.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={confirmFailure ? t(confirmFailure.key) : undefined}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={confirming.isLoading || code.trim().length !== 6}>
              {t('email.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              {t('email.back')}
            </Button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
