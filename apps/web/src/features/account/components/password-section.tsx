import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useChangePasswordMutation } from '../api.ts';
import { SettingsSection } from './section.tsx';

/** Change the password: the current one proves it is the parent; every other device is signed out. */
export function PasswordSection() {
  const { t } = useTranslation('account');
  const [change, state] = useChangePasswordMutation();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [missing, setMissing] = useState(false);
  const failure = state.isError ? toApiFailure(state.error) : null;
  const wrongCurrent = failure?.messageId === 'L002';
  const ruleBroken = failure && /^P00\d$/.test(failure.messageId) ? failure : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMissing(!currentPassword || !newPassword);
    if (!currentPassword || !newPassword) return;
    const answer = await change({ currentPassword, newPassword });
    if ('data' in answer) {
      setCurrent('');
      setNew('');
    }
  };

  return (
    <SettingsSection icon={KeyRound} title={t('password.title')} intro={t('password.intro')}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="max-w-md space-y-4">
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrent(event.target.value)}
          error={
            wrongCurrent
              ? t('password.wrongCurrent')
              : missing && !currentPassword
                ? t('password.required')
                : undefined
          }
        />
        <TextField
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNew(event.target.value)}
          error={
            ruleBroken ? t(ruleBroken.key) : missing && !newPassword ? t('password.required') : undefined
          }
        />
        {failure && !wrongCurrent && !ruleBroken ? <FailureAlert failure={failure} /> : null}
        {state.isSuccess ? <StatusNotice tone="success">{t('password.changed')}</StatusNotice> : null}
        <Button type="submit" disabled={state.isLoading}>
          {t('password.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}
