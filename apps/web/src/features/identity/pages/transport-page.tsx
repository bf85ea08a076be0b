import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bus, MapPin, Phone, Route, Send, UserRound } from 'lucide-react';
import {
  MAX_TRANSPORT_DETAILS_LENGTH,
  TRANSPORT_CHANGE_REASONS,
  type TTransport,
  type TTransportChangeReason,
  type TTransportRoute,
  type TTransportStop,
} from '@portal/contracts/families/identity';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { schoolText, SchoolText } from '../../../components/module/school-text.tsx';
import { cardBox } from '../../../components/module/styles.ts';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button, focusRing, textLink } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LongTextField } from '../../../components/ui/long-text-field.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RequestStatusChip } from '../../../kits/requests/status-chip.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDateTime, formatTimeOfDay, useTimeZone } from '../../../lib/dates.ts';
import { useGetTransportQuery, useRequestTransportChangeMutation } from '../api.ts';

/** The states in which the school has not decided yet: no second change meanwhile. */
const UNDECIDED = ['draft', 'submitted', 'in_review'];

/**
 * `/transport`: the header's child's bus route, stop (with pick-up and drop times) and bus
 * crew, or that the child takes no bus; and the parent's requests to change it.
 */
export function TransportPage(props: Omit<TChildModulePageProps, 'children' | 'noChildMessage'>) {
  const { t } = useTranslation('identity');
  return (
    <ChildModulePage {...props} noChildMessage={t('transport.noChild')}>
      {(child) => <ChildTransport child={child} />}
    </ChildModulePage>
  );
}

function ChildTransport({ child }: { child: TPageChild }) {
  const { t } = useTranslation('identity');
  const query = useGetTransportQuery(child.enrollNumber);
  const answer = query.currentData;
  if (query.isError && !answer) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!answer) return <TransportSkeleton />;
  const pending = answer.changes.some((change) => UNDECIDED.includes(change.status));
  return (
    <div className="space-y-8">
      {answer.route && answer.stop ? (
        <RouteCard route={answer.route} stop={answer.stop} />
      ) : (
        <EmptyState icon={Bus} iconTone="muted">
          {t('transport.none', { child: child.name })}
        </EmptyState>
      )}
      <ChangeRequest child={child} answer={answer} pending={pending} />
      <ChangeHistory answer={answer} />
    </div>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <span className="text-slate-500 dark:text-slate-400">{icon}</span>
        {label}
      </dt>
      <dd className="mt-1 ps-7 font-medium text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

function PhoneLink({ phone, name }: { phone: string; name: string }) {
  const { t } = useTranslation('identity');
  if (!phone) return null;
  return (
    <a
      href={`tel:${phone.replace(/[^+\d]/g, '')}`}
      className={cx(textLink, 'inline-flex min-h-11 items-center gap-1')}
      aria-label={t('transport.call', { name, phone })}
    >
      <Phone aria-hidden="true" className="size-4" />
      <bdi dir="ltr">{phone}</bdi>
    </a>
  );
}

function RouteCard({ route, stop }: { route: TTransportRoute; stop: TTransportStop }) {
  const { t, i18n } = useTranslation('identity');
  const driver = schoolText(route.driverName, route.driverNameAr, i18n.language);
  const assistant = schoolText(route.assistantName, route.assistantNameAr, i18n.language);
  const time = (value: string | null) =>
    value ? <time dateTime={value}>{formatTimeOfDay(value, i18n.language)}</time> : t('transport.notSet');
  return (
    <article aria-labelledby="transport-route" className={cx(cardBox, 'space-y-5')}>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="transport-route" className="text-lg font-semibold text-slate-900 dark:text-white">
          <SchoolText en={route.name} ar={route.nameAr} />
        </h2>
        {route.busNumber ? (
          <span className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-950 dark:bg-amber-900/60 dark:text-amber-50">
            <Bus aria-hidden="true" className="size-4" />
            {t('transport.bus')} <bdi dir="ltr">{route.busNumber}</bdi>
          </span>
        ) : null}
      </header>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Fact icon={<MapPin aria-hidden="true" className="size-5" />} label={t('transport.stop')}>
          <SchoolText en={stop.name} ar={stop.nameAr} />
        </Fact>
        <Fact icon={<Route aria-hidden="true" className="size-5" />} label={t('transport.pickup')}>
          {time(stop.pickupAt)}
        </Fact>
        <Fact icon={<Route aria-hidden="true" className="size-5 -scale-y-100" />} label={t('transport.drop')}>
          {time(stop.dropAt)}
        </Fact>
      </dl>
      {route.driverName || route.assistantName ? (
        <dl className="grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2 dark:border-slate-800">
          {route.driverName ? (
            <Fact icon={<UserRound aria-hidden="true" className="size-5" />} label={t('transport.driver')}>
              <span lang={driver.lang} className="block">
                {driver.text}
              </span>
              <PhoneLink phone={route.driverPhone} name={driver.text} />
            </Fact>
          ) : null}
          {route.assistantName ? (
            <Fact icon={<UserRound aria-hidden="true" className="size-5" />} label={t('transport.assistant')}>
              <span lang={assistant.lang} className="block">
                {assistant.text}
              </span>
              <PhoneLink phone={route.assistantPhone} name={assistant.text} />
            </Fact>
          ) : null}
        </dl>
      ) : null}
    </article>
  );
}

const select = cx(
  'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white',
  focusRing,
);

function ChangeRequest({
  child,
  answer,
  pending,
}: {
  child: TPageChild;
  answer: TTransport;
  pending: boolean;
}) {
  const { t, i18n } = useTranslation('identity');
  const formId = useId();
  const reasonId = useId();
  const stopId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<TTransportChangeReason>('otherStop');
  const [stop, setStop] = useState('');
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [send, { isLoading, error, reset }] = useRequestTransportChangeMutation();
  const failure = error ? toApiFailure(error) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const text = details.trim();
    const found =
      stop === '' && text === ''
        ? t('transport.form.required')
        : text.length > MAX_TRANSPORT_DETAILS_LENGTH
          ? t('transport.form.tooLong')
          : null;
    setProblem(found);
    if (found) return;
    const result = await send({
      enrollNumber: child.enrollNumber,
      reason,
      ...(stop ? { requestedStopId: stop } : {}),
      ...(text ? { details: text } : {}),
    });
    if ('data' in result) setOpen(false);
  };

  return (
    <section aria-labelledby="transport-change" className="space-y-3">
      <h2 id="transport-change" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('transport.change.title')}
      </h2>
      {pending ? (
        <StatusNotice>{t('transport.change.pending')}</StatusNotice>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
          <p className="min-w-0 flex-1 basis-64">{t('transport.change.invite')}</p>
          <Button
            onClick={() => {
              setReason(answer.route ? 'otherStop' : 'startUsing');
              setStop('');
              setDetails('');
              setProblem(null);
              reset();
              setOpen(true);
            }}
          >
            <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('transport.change.open')}
          </Button>
        </div>
      )}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('transport.change.open')}
        icon={<Bus aria-hidden="true" className="size-5" />}
        actions={
          <>
            <Button type="submit" form={formId} aria-disabled={isLoading} aria-busy={isLoading}>
              {isLoading ? <Spinner /> : null}
              {isLoading ? t('transport.form.sending') : t('transport.form.send')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('transport.form.cancel')}
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <div className="space-y-1">
            <label htmlFor={reasonId} className="font-medium text-slate-800 dark:text-slate-100">
              {t('transport.form.reason')}
            </label>
            <select
              id={reasonId}
              value={reason}
              onChange={(event) => setReason(event.target.value as TTransportChangeReason)}
              className={select}
            >
              {TRANSPORT_CHANGE_REASONS.map((one) => (
                <option key={one} value={one}>
                  {t(`transport.reasons.${one}`)}
                </option>
              ))}
            </select>
          </div>
          {answer.stops.length > 0 ? (
            <div className="space-y-1">
              <label htmlFor={stopId} className="font-medium text-slate-800 dark:text-slate-100">
                {t('transport.form.stop')}
              </label>
              <select
                id={stopId}
                value={stop}
                onChange={(event) => {
                  setStop(event.target.value);
                  setProblem(null);
                }}
                className={select}
              >
                <option value="">{t('transport.form.noStop')}</option>
                {answer.stops.map((one) => {
                  const name = schoolText(one.name, one.nameAr, i18n.language);
                  const route = schoolText(one.routeName, one.routeNameAr, i18n.language);
                  return (
                    <option key={one.id} value={one.id}>
                      {`${route.text} · ${name.text}`}
                    </option>
                  );
                })}
              </select>
            </div>
          ) : null}
          <LongTextField
            label={t('transport.form.details')}
            hint={t('transport.form.hint')}
            value={details}
            onChange={(value) => {
              setDetails(value);
              setProblem(null);
            }}
            max={MAX_TRANSPORT_DETAILS_LENGTH}
            error={problem}
            rows={4}
          />
          {failure?.status === 409 ? (
            <FailureAlert failure={{ ...failure, key: 'identity:transport.change.conflict' }} />
          ) : failure ? (
            <FailureAlert failure={failure} />
          ) : null}
        </form>
      </Dialog>
    </section>
  );
}

function ChangeHistory({ answer }: { answer: TTransport }) {
  const { t, i18n } = useTranslation('identity');
  const timeZone = useTimeZone();
  if (answer.changes.length === 0) return null;
  return (
    <section aria-labelledby="transport-changes" className="space-y-3">
      <h2 id="transport-changes" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('transport.changes.title')}
      </h2>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {answer.changes.map((change) => (
          <li key={change.id} className="flex flex-wrap items-start gap-x-3 gap-y-2 px-4 py-3 text-sm">
            <div className="min-w-0 flex-1 basis-64 space-y-1">
              <p className="font-medium text-slate-900 dark:text-white">
                {t(`transport.reasons.${change.reason}`)}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {t('transport.changes.sentOn')}{' '}
                <time dateTime={change.createdAt}>
                  {formatDateTime(change.createdAt, i18n.language, timeZone)}
                </time>
              </p>
              {change.requestedStop ? (
                <p className="text-slate-700 dark:text-slate-200">
                  {t('transport.changes.stop')}{' '}
                  <SchoolText en={change.requestedStop.name} ar={change.requestedStop.nameAr} />
                </p>
              ) : null}
              {change.details ? (
                <p dir="auto" className="whitespace-pre-line text-slate-800 dark:text-slate-100">
                  {change.details}
                </p>
              ) : null}
            </div>
            <RequestStatusChip status={change.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TransportSkeleton() {
  return (
    <Skeleton className="space-y-8">
      <div className={cx(cardBox, 'space-y-5')}>
        <div className="flex justify-between gap-3">
          <Bone className="h-6 w-48" />
          <Bone className="h-7 w-24 rounded-full" />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <div key={index} className="space-y-2">
              <Bone className="h-4 w-20" />
              <Bone className="h-5 w-32" />
            </div>
          ))}
        </div>
        <Bone className="h-12 w-full" />
      </div>
      <Bone className="h-20 w-full rounded-2xl" />
    </Skeleton>
  );
}
