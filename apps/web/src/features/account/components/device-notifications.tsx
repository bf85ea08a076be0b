import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellOff, BellRing } from 'lucide-react';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { cardBox, chip, chipTone } from '../../../components/module/styles.ts';
import { ErrorAlert, StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toApiFailure, type TApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import {
  deviceState,
  pushRegistration,
  subscribeDevice,
  subscriptionBody,
  type TDevicePushState,
} from '../../../lib/push-device.ts';
import { useLazyGetPushKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation } from '../push-api.ts';

/** What went wrong: the portal refused, the browser could not subscribe, or the parent did not allow it. */
type TProblem = { kind: 'api'; failure: TApiFailure } | { kind: 'device' } | { kind: 'notAllowed' };

/**
 * "Notifications on this device" (docs/notifications.md, "Notifications on a device"): turns
 * Web Push on for this browser (the browser asks the parent, then subscribes with the
 * portal's key) or off, and says where it stands. What arrives is what the preferences below
 * set to "at once", held in quiet hours but for safety.
 */
export function DeviceNotificationsSection() {
  const { t } = useTranslation('push');
  const headingId = useId();
  const [state, setState] = useState<TDevicePushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<TProblem | null>(null);
  const registration = useRef<ServiceWorkerRegistration | null>(null);
  const [getKey] = useLazyGetPushKeyQuery();
  const [subscribe] = useSubscribePushMutation();
  const [unsubscribe] = useUnsubscribePushMutation();

  useEffect(() => {
    let live = true;
    void (async () => {
      const found = await pushRegistration();
      const device = await deviceState(found).catch(() => ({
        state: 'unsupported' as const,
        subscription: null,
      }));
      if (!live) return;
      registration.current = found;
      setState(device.state);
      // The portal may have let this browser go (a newer one took its place): it is kept again.
      if (device.state === 'on' && device.subscription) void subscribe(subscriptionBody(device.subscription));
    })();
    return () => {
      live = false;
    };
  }, [subscribe]);

  const turnOn = async () => {
    const found = registration.current;
    if (!found || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return setState('blocked');
      if (permission !== 'granted') return setProblem({ kind: 'notAllowed' });
      const key = await getKey(undefined, true);
      if (!key.data) return setProblem({ kind: 'api', failure: toApiFailure(key.error) });
      const subscription = await subscribeDevice(found, key.data.publicKey).catch(() => null);
      if (!subscription) return setProblem({ kind: 'device' });
      const saved = await subscribe(subscriptionBody(subscription));
      if (saved.error) {
        // Not kept by the portal: this browser is not left subscribed for nothing.
        await subscription.unsubscribe().catch(() => false);
        return setProblem({ kind: 'api', failure: toApiFailure(saved.error) });
      }
      setState('on');
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    const found = registration.current;
    if (!found || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const subscription = await found.pushManager.getSubscription();
      if (subscription) {
        // Should the portal not hear of it now, its next push finds the subscription gone and forgets it.
        await unsubscribe({ endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState('off');
    } catch {
      setProblem({ kind: 'device' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className={cardBox}>
      <h3
        id={headingId}
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
      >
        <BellRing aria-hidden="true" className="size-5 text-purple-700 dark:text-purple-300" />
        {t('title')}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('intro')}</p>
      <div className="mt-4 space-y-3">
        {state === 'checking' ? (
          <Skeleton>
            <Bone className="h-11 w-64 max-w-full" />
          </Skeleton>
        ) : state === 'unsupported' ? (
          <StatusNotice>{t('unsupported')}</StatusNotice>
        ) : state === 'blocked' ? (
          <StatusNotice>{t('blocked')}</StatusNotice>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <span className={cx(chip, state === 'on' ? chipTone.child : chipTone.neutral)}>
              {t(state === 'on' ? 'stateOn' : 'stateOff')}
            </span>
            {state === 'on' ? (
              <Button variant="secondary" disabled={busy} onClick={() => void turnOff()}>
                {busy ? (
                  <Spinner className="border-slate-300 border-t-slate-700 dark:border-slate-600 dark:border-t-slate-200" />
                ) : (
                  <BellOff aria-hidden="true" className="size-5" />
                )}
                {t('turnOff')}
              </Button>
            ) : (
              <Button disabled={busy} onClick={() => void turnOn()}>
                {busy ? <Spinner /> : <BellRing aria-hidden="true" className="size-5" />}
                {t('turnOn')}
              </Button>
            )}
          </div>
        )}
        {problem?.kind === 'api' ? <FailureAlert failure={problem.failure} /> : null}
        {problem?.kind === 'device' ? <ErrorAlert>{t('deviceFailed')}</ErrorAlert> : null}
        {problem?.kind === 'notAllowed' ? <StatusNotice>{t('notAllowed')}</StatusNotice> : null}
      </div>
    </section>
  );
}
