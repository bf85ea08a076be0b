import { useTranslation } from 'react-i18next';
import { MessageId } from '@portal/contracts/messages';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { formatNumber } from '../../../lib/numbers.ts';
import type { TSessionNotice } from '../slice.ts';

/** A length of time in words, in the given language: "30 minutes", or seconds when not whole minutes. */
export function formatIdleTime(seconds: number, lng: string): string {
  const minutes = seconds % 60 === 0;
  return formatNumber(minutes ? seconds / 60 : seconds, lng, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'long',
  });
}

interface TSessionNoticeProps {
  notice: TSessionNotice;
  /** The idle time-out of the session that ended, in seconds. */
  idleSeconds: number;
}

/**
 * How the last session ended, said once on the sign-in page: a confirmed sign-out, or a
 * session that ended by itself (after the idle time-out, or refused by the server).
 */
export function SessionNotice({ notice, idleSeconds }: TSessionNoticeProps) {
  const { t, i18n } = useTranslation(['auth', 'messages']);
  if (notice === 'idle') {
    return (
      <StatusNotice>
        {t('auth:notice.idle', { duration: formatIdleTime(idleSeconds, i18n.language) })}
      </StatusNotice>
    );
  }
  const confirmed = notice === MessageId.signedOut || notice === MessageId.signedOutEverywhere;
  return <StatusNotice tone={confirmed ? 'success' : 'info'}>{t(`messages:${notice}`)}</StatusNotice>;
}
