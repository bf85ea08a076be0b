import type { SerializedError } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/loading.tsx';
import type { TApiError } from '../../lib/api.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { FailureAlert } from './failure-alert.tsx';

interface TQueryStateProps {
  isLoading: boolean;
  error: TApiError | SerializedError | undefined;
  onRetry: () => void;
}

/** While an answer loads, the loading line; when it failed, why, and a way to try again. */
export function QueryState({ isLoading, error, onRetry }: TQueryStateProps) {
  const { t } = useTranslation('module');
  if (error) {
    return (
      <FailureAlert
        failure={toApiFailure(error)}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {t('tryAgain')}
          </Button>
        }
      />
    );
  }
  if (isLoading) return <Loading fullScreen={false} />;
  return null;
}
