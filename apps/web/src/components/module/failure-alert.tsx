import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../ui/alert.tsx';
import type { TApiFailure } from '../../lib/api-error.ts';

/** A failed call in the parent's words: the text of its message id, and when to try again. */
export function FailureAlert({ failure, action }: { failure: TApiFailure; action?: ReactNode }) {
  const { t } = useTranslation(['module', 'messages', 'common']);
  const text = t(failure.key, { defaultValue: t('messages:L000') });
  const wait =
    failure.retryAfterSeconds !== null && failure.retryAfterSeconds > 0
      ? t('module:retryAfter', { seconds: failure.retryAfterSeconds })
      : '';
  return <ErrorAlert action={action}>{wait ? `${text} ${wait}` : text}</ErrorAlert>;
}
