import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import type { TApiFailure } from '../../../lib/api-error.ts';

/**
 * A failed auth call as the parent reads it: the message of its id, and when the server said
 * how long to wait (`Retry-After`), when to try again. `action` offers a way forward.
 */
export function AuthError({ failure, action }: { failure: TApiFailure; action?: ReactNode }) {
  const { t } = useTranslation(['auth', 'messages', 'common']);
  const text = t(failure.key, { defaultValue: t('messages:L000') });
  const wait =
    failure.retryAfterSeconds !== null && failure.retryAfterSeconds > 0
      ? t('auth:retryAfter', { seconds: failure.retryAfterSeconds })
      : '';
  return <ErrorAlert action={action}>{wait ? `${text} ${wait}` : text}</ErrorAlert>;
}
