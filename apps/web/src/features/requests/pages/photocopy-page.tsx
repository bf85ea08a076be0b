import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Copy, Send } from 'lucide-react';
import {
  MAX_PHOTOCOPY_COPIES,
  MAX_PHOTOCOPY_NOTE_LENGTH,
  PHOTOCOPY_DOCUMENTS,
  PHOTOCOPY_PRICE_MINOR,
  type TPhotocopyDocument,
  type TPhotocopyRequest,
} from '@portal/contracts/families/help-requests';
import { MENU } from '@portal/contracts/menu';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { LoadMore } from '../../../components/module/load-more.tsx';
import { NoChild } from '../../../components/module/no-child.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { cardBox } from '../../../components/module/styles.ts';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { LongTextField } from '../../../components/ui/long-text-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatMoney } from '../../../lib/money-format.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { CardGroup, RequestListSkeleton } from '../components/list-states.tsx';
import { RequestCard, cancelOf } from '../components/request-card.tsx';
import {
  useCancelHelpRequestMutation,
  useCreatePhotocopyRequestMutation,
  useGetPhotocopyRequestsInfiniteQuery,
} from '../help-requests-api.ts';
import { selectBox } from './helpdesk-page.tsx';
import type { TRequestsPageProps } from './leave-page.tsx';

/** Where a photocopy's fee line is paid: the fee payment page, as the menu names it. */
const FEE_PAGE = MENU.find((entry) => entry.key === 'feePayment')?.path ?? '/feepayment';

/** Photocopy prices are in the school's fee currency, dirhams at every school today. */
const PRICE_CURRENCY = 'AED';

/**
 * `/photocopyform` (docs/modules.md F5, kind `photocopy`): order copies of a child's document, with
 * the price shown before sending; the family's requests with where each stands and, once a
 * charged one is approved, that its fee line waits on the fee page.
 */
export function PhotocopyPage({ title, icon, child, family = [] }: TRequestsPageProps) {
  const { t } = useTranslation('photocopy');
  const children = family.length > 0 ? family : child ? [child] : [];
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      <p className="max-w-prose text-slate-700 dark:text-slate-300">{t('intro')}</p>
      {children.length === 0 ? (
        <NoChild message={t('noChild')} />
      ) : (
        <>
          <PhotocopyForm family={children} child={child} />
          <PhotocopyRequests />
        </>
      )}
    </div>
  );
}

function PhotocopyForm({ family, child }: { family: readonly TPageChild[]; child: TPageChild | null }) {
  const { t, i18n } = useTranslation('photocopy');
  const lng = i18n.language;
  const formId = useId();
  const [enrollNumber, setEnrollNumber] = useState(child?.enrollNumber ?? family[0]?.enrollNumber ?? '');
  const [document, setDocument] = useState<TPhotocopyDocument>('reportCard');
  const [copies, setCopies] = useState(1);
  const [note, setNote] = useState('');
  const [sent, setSent] = useState(false);
  const [create, { isLoading, error, reset }] = useCreatePhotocopyRequestMutation();
  const failure = error ? toApiFailure(error) : null;
  const price = PHOTOCOPY_PRICE_MINOR[document] * copies;
  const edited = () => {
    setSent(false);
    if (error) reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || !enrollNumber) return;
    const answer = await create({
      enrollNumber,
      document,
      copies,
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    if ('data' in answer && answer.data) {
      setSent(true);
      setNote('');
      setCopies(1);
    }
  };
  const label = 'mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200';
  return (
    <section aria-labelledby={`${formId}-title`} className={`${cardBox} space-y-4`}>
      <h2 id={`${formId}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('form.title')}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={`${formId}-child`} className={label}>
              {t('form.child')}
            </label>
            <select
              id={`${formId}-child`}
              value={enrollNumber}
              onChange={(event) => {
                setEnrollNumber(event.target.value);
                edited();
              }}
              className={selectBox}
            >
              {family.map((one) => (
                <option key={one.enrollNumber} value={one.enrollNumber}>
                  {one.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${formId}-document`} className={label}>
              {t('form.document')}
            </label>
            <select
              id={`${formId}-document`}
              value={document}
              onChange={(event) => {
                setDocument(event.target.value as TPhotocopyDocument);
                edited();
              }}
              className={selectBox}
            >
              {PHOTOCOPY_DOCUMENTS.map((one) => (
                <option key={one} value={one}>
                  {t(`documents.${one}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${formId}-copies`} className={label}>
              {t('form.copies')}
            </label>
            <select
              id={`${formId}-copies`}
              value={copies}
              onChange={(event) => {
                setCopies(Number(event.target.value));
                edited();
              }}
              className={selectBox}
            >
              {Array.from({ length: MAX_PHOTOCOPY_COPIES }, (_, index) => index + 1).map((count) => (
                <option key={count} value={count}>
                  {formatNumber(count, lng)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p aria-live="polite" className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {price > 0 ? t('form.price', { amount: formatMoney(price, PRICE_CURRENCY, lng) }) : t('form.free')}
        </p>
        <LongTextField
          label={t('form.note')}
          value={note}
          onChange={(value) => {
            setNote(value);
            edited();
          }}
          max={MAX_PHOTOCOPY_NOTE_LENGTH}
          rows={2}
        />
        {failure ? <FailureAlert failure={failure} /> : null}
        {sent ? <StatusNotice tone="success">{t('form.sent')}</StatusNotice> : null}
        <Button type="submit" aria-disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? <Spinner /> : <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
          {isLoading ? t('form.sending') : t('form.send')}
        </Button>
      </form>
    </section>
  );
}

function PhotocopyRequests() {
  const { t, i18n } = useTranslation('photocopy');
  const lng = i18n.language;
  const query = useGetPhotocopyRequestsInfiniteQuery();
  const cancelMutation = useCancelHelpRequestMutation();
  const pages = query.currentData?.pages;
  if (query.isError && !pages) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!pages) return <RequestListSkeleton testId="photocopy-skeleton" />;
  const items = pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <EmptyState icon={Copy} iconTone="muted">
        {t('empty')}
      </EmptyState>
    );
  const details = (item: TPhotocopyRequest) => (
    <div className="space-y-2 text-sm">
      <p className="font-medium text-slate-800 dark:text-slate-100">
        {t('copies', { count: item.copies, formatted: formatNumber(item.copies, lng) })}
        <span className="text-slate-600 dark:text-slate-400">
          {' · '}
          {item.priceMinor > 0 ? formatMoney(item.priceMinor, PRICE_CURRENCY, lng) : t('free')}
        </span>
      </p>
      {item.note ? (
        <p dir="auto" className="whitespace-pre-line text-slate-700 dark:text-slate-300">
          {item.note}
        </p>
      ) : null}
      {item.addedToFees ? (
        <p className="text-emerald-800 dark:text-emerald-200">
          {t('addedToFees')}{' '}
          <Link to={FEE_PAGE} className={cx('font-semibold underline underline-offset-2', focusRing)}>
            {t('payLink')}
          </Link>
        </p>
      ) : null}
    </div>
  );
  return (
    <div className="space-y-4">
      <CardGroup id="photocopy-requests" title={t('list')}>
        {items.map((item) => (
          <li key={item.id}>
            <RequestCard
              item={item}
              summary=""
              title={t(`documents.${item.document}`)}
              details={details(item)}
              cancel={cancelOf(cancelMutation, item.id)}
            />
          </li>
        ))}
      </CardGroup>
      <LoadMore query={query} />
    </div>
  );
}
