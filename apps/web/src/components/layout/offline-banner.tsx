import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { WifiOff } from 'lucide-react';
import { formatFullDateTime, todayIn, useTimeZone } from '../../lib/dates.ts';
import { numberLocaleOf } from '../../lib/numbers.ts';
import { useConnection } from '../../lib/offline/connection.ts';

/**
 * Says the portal is offline and read-only, and from when the data on show is (the oldest kept
 * answer shown: docs/decisions/025-passkeys-pwa-push.md). Nothing while online; its words load
 * only when it has something to say.
 */
export function OfflineBanner() {
  const { offline, keptSince } = useConnection();
  if (!offline) return null;
  return (
    <Suspense fallback={null}>
      <OfflineNotice keptSince={keptSince} />
    </Suspense>
  );
}

/** When the data on show was saved, in the school's time zone: the time alone on the same day. */
function savedAtText(
  savedAt: number,
  lng: string,
  timeZone: string,
  now: Date = new Date(),
): {
  today: boolean;
  text: string;
} {
  const saved = new Date(savedAt);
  if (todayIn(timeZone, saved) !== todayIn(timeZone, now)) {
    return { today: false, text: formatFullDateTime(saved.toISOString(), lng, timeZone) };
  }
  const time = new Intl.DateTimeFormat(numberLocaleOf(lng), {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).format(saved);
  return { today: true, text: time };
}

function OfflineNotice({ keptSince }: { keptSince: number | null }) {
  const { t, i18n } = useTranslation('pwa');
  const timeZone = useTimeZone();
  let message = t('offline.noneKept');
  if (keptSince !== null) {
    const saved = savedAtText(keptSince, i18n.language, timeZone);
    message = t(saved.today ? 'offline.keptToday' : 'offline.keptEarlier', { time: saved.text });
  }
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{message}</p>
    </div>
  );
}
