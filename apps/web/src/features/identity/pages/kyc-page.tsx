import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CalendarCheck,
  CalendarClock,
  CalendarX,
  CircleCheck,
  CircleDashed,
  CircleX,
  FileText,
  Hourglass,
  IdCard,
  Send,
  ShieldCheck,
  Upload,
  type LucideIcon,
} from 'lucide-react';
import {
  KYC_EXPIRING_DAYS,
  MAX_KYC_NUMBER_LENGTH,
  type TKycDocument,
  type TKycDocuments,
  type TKycOwnerDocuments,
  type TKycState,
  type TKycTypeState,
} from '@portal/contracts/families/kyc';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { cardBox } from '../../../components/module/styles.ts';
import { ErrorAlert, StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AttachmentField, formatSize } from '../../../kits/attachments/attachment-field.tsx';
import { RequestStatusChip } from '../../../kits/requests/status-chip.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { addDays, formatDay } from '../../../lib/dates.ts';
import { useGetKycDocumentsQuery, useUploadKycDocumentMutation } from '../kyc-api.ts';

/** How each state of a type shows: an icon and a colour, always beside its word. */
const STATE_LOOK: Record<TKycState, { icon: LucideIcon; chip: string }> = {
  missing: {
    icon: CircleDashed,
    chip: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
  },
  submitted: {
    icon: Hourglass,
    chip: 'bg-sky-50 text-sky-900 ring-sky-200 dark:bg-sky-950/50 dark:text-sky-100 dark:ring-sky-800',
  },
  valid: {
    icon: CircleCheck,
    chip: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-800',
  },
  expiring: {
    icon: CalendarClock,
    chip: 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-800',
  },
  expired: {
    icon: CalendarX,
    chip: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-800',
  },
  rejected: {
    icon: CircleX,
    chip: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-800',
  },
};

const chipBase =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

function StateChip({ state }: { state: TKycState }) {
  const { t } = useTranslation('kyc');
  const { icon: Icon, chip } = STATE_LOOK[state];
  return (
    <span data-state={state} className={cx(chipBase, chip)}>
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {t(`state.${state}`)}
    </span>
  );
}

const longDay = (day: string, lng: string) =>
  formatDay(day, lng, { day: 'numeric', month: 'long', year: 'numeric' });

/** A document's expiry: expired on a day, expires in N days (within the warning time), or valid until a day. */
function ExpiryBadge({ document }: { document: Pick<TKycDocument, 'daysLeft' | 'expiresOn'> }) {
  const { t, i18n } = useTranslation('kyc');
  const day = longDay(document.expiresOn, i18n.language);
  const { daysLeft } = document;
  const [Icon, tone, text] =
    daysLeft < 0
      ? [
          CalendarX,
          'text-red-800 bg-red-50 dark:text-red-200 dark:bg-red-950/50',
          t('expiry.expired', { day }),
        ]
      : daysLeft === 0
        ? [
            CalendarClock,
            'text-amber-900 bg-amber-50 dark:text-amber-100 dark:bg-amber-950/50',
            t('expiry.today'),
          ]
        : daysLeft <= KYC_EXPIRING_DAYS
          ? [
              CalendarClock,
              'text-amber-900 bg-amber-50 dark:text-amber-100 dark:bg-amber-950/50',
              t('expiry.inDays', { count: daysLeft }),
            ]
          : [
              CalendarCheck,
              'text-emerald-800 bg-emerald-50 dark:text-emerald-200 dark:bg-emerald-950/50',
              t('expiry.validUntil', { day }),
            ];
  return (
    <span
      data-expiry={daysLeft < 0 ? 'expired' : daysLeft <= KYC_EXPIRING_DAYS ? 'soon' : 'valid'}
      className={cx('inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium', tone)}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {text}
    </span>
  );
}

/**
 * `/kyc`: the identity documents the school keeps on file, for the parent and for each child: each
 * type asked with where it stands (status chip) and its expiry (badge), the documents sent with
 * their files and the school's decision, and a form to send one (type, number, expiry, file).
 */
export function KycPage({ title, icon }: { title: string; icon?: ReactNode }) {
  const { t } = useTranslation('kyc');
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      <p className="max-w-prose text-slate-700 dark:text-slate-300">{t('intro')}</p>
      <KycDocuments />
    </div>
  );
}

function KycDocuments() {
  const { t } = useTranslation('kyc');
  const query = useGetKycDocumentsQuery();
  const answer = query.currentData;
  if (query.isError && !answer) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!answer) return <KycSkeleton />;
  const owners = answer.owners.filter((owner) => owner.types.length > 0 || owner.documents.length > 0);
  if (owners.length === 0) {
    return (
      <EmptyState icon={ShieldCheck} iconTone="muted">
        {t('empty')}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-10">
      {owners.map((owner) => (
        <OwnerSection key={owner.enrollNumber ?? 'parent'} owner={owner} today={answer.today} />
      ))}
    </div>
  );
}

function KycSkeleton() {
  return (
    <Skeleton className="space-y-4">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} data-testid="kyc-skeleton" className={cx(cardBox, 'space-y-3')}>
          <div className="flex items-start justify-between gap-3">
            <Bone className="h-5 w-1/3" />
            <Bone className="h-6 w-24 rounded-full" />
          </div>
          <Bone className="h-7 w-48 rounded-lg" />
          <Bone className="h-11 w-36 rounded-xl" />
        </div>
      ))}
    </Skeleton>
  );
}

function OwnerSection({ owner, today }: { owner: TKycOwnerDocuments; today: TKycDocuments['today'] }) {
  const { t } = useTranslation('kyc');
  const headingId = useId();
  const [formType, setFormType] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const uploadable = owner.types.filter((type) => type.canUpload);
  const heading = owner.owner === 'parent' ? t('owner.you') : owner.name;
  const open = (typeId: string) => {
    setSent(false);
    setFormType(typeId);
  };
  return (
    <section aria-labelledby={headingId} className="space-y-4" data-owner={owner.enrollNumber ?? 'parent'}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
        >
          <IdCard aria-hidden="true" className="size-5 text-slate-500 dark:text-slate-400" />
          <bdi>{heading}</bdi>
        </h2>
        {uploadable.length > 0 && formType === null ? (
          <Button variant="secondary" onClick={() => open(uploadable[0]!.typeId)}>
            <Upload aria-hidden="true" className="size-4" />
            {t('form.open')}
          </Button>
        ) : null}
      </div>
      {sent ? <StatusNotice tone="success">{t('form.sent')}</StatusNotice> : null}
      {formType !== null ? (
        <UploadForm
          owner={owner}
          types={uploadable}
          typeId={formType}
          onTypeChange={setFormType}
          today={today}
          onClose={() => setFormType(null)}
          onSent={() => {
            setFormType(null);
            setSent(true);
          }}
        />
      ) : null}
      {owner.types.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t('noTypes')}</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {owner.types.map((type) => (
            <li key={type.typeId}>
              <TypeCard
                type={type}
                refusal={
                  owner.documents.find(
                    (document) => document.typeId === type.typeId && document.status === 'rejected',
                  )?.note ?? ''
                }
                onUpload={formType === null ? () => open(type.typeId) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      {owner.documents.length > 0 ? <DocumentHistory owner={owner} /> : null}
    </section>
  );
}

function TypeCard({
  type,
  refusal,
  onUpload,
}: {
  type: TKycTypeState;
  /** The school's note on the latest refusal of this type ('' when none). */
  refusal: string;
  onUpload: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation('kyc');
  const headingId = useId();
  const shown = type.current ?? type.pending;
  return (
    <article aria-labelledby={headingId} className={cx(cardBox, 'flex h-full flex-col gap-3')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
            <SchoolText en={type.name.en} ar={type.name.ar} />
          </h3>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {type.required ? t('required') : t('optional')}
          </p>
        </div>
        <StateChip state={type.state} />
      </div>
      {type.current ? <ExpiryBadge document={type.current} /> : null}
      {shown?.number ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('number')}{' '}
          <bdi dir="ltr" className="font-medium text-slate-900 dark:text-white">
            {shown.number}
          </bdi>
        </p>
      ) : null}
      {type.pending ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('pending', { day: longDay(type.pending.submittedAt.slice(0, 10), i18n.language) })}
        </p>
      ) : null}
      {type.state === 'rejected' ? (
        <p className="rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100">
          {t('refused')}
          {refusal ? (
            <>
              {' '}
              <span className="font-semibold">{t('schoolNote')}</span> <span dir="auto">{refusal}</span>
            </>
          ) : null}
        </p>
      ) : null}
      {type.state === 'missing' && type.required ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('missingHint')}</p>
      ) : null}
      {onUpload && type.canUpload ? (
        <div className="mt-auto pt-1">
          <Button variant="secondary" onClick={onUpload} aria-describedby={headingId}>
            <Upload aria-hidden="true" className="size-4" />
            {type.state === 'missing' ? t('upload') : t('uploadNew')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

function DocumentHistory({ owner }: { owner: TKycOwnerDocuments }) {
  const { t, i18n } = useTranslation('kyc');
  const lng = i18n.language;
  const names = new Map(owner.types.map((type) => [type.typeId, type.name]));
  // The list is drawn once opened: a family with many documents keeps a light page.
  const [open, setOpen] = useState(false);
  return (
    <details
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium text-purple-800 dark:text-purple-300">
        {t('history', { count: owner.documents.length })}
      </summary>
      {open ? (
        <ol className="mt-4 space-y-3">
          {owner.documents.map((document) => {
            const name = names.get(document.typeId);
            return (
              <li
                key={document.id}
                className="space-y-2 rounded-2xl border border-slate-200 p-3 dark:border-slate-700"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900 dark:text-white">
                    {name ? <SchoolText en={name.en} ar={name.ar} /> : <bdi>{document.typeId}</bdi>}
                  </span>
                  <RequestStatusChip status={document.status} />
                </div>
                <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700 dark:text-slate-300">
                  <span>{t('sentOn', { day: longDay(document.submittedAt.slice(0, 10), lng) })}</span>
                  <ExpiryBadge document={document} />
                </div>
                {document.note ? (
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    <span className="font-semibold">{t('schoolNote')}</span>{' '}
                    <span dir="auto">{document.note}</span>
                  </p>
                ) : null}
                <ul className="space-y-1">
                  {document.files.map((file) => (
                    <li
                      key={file.id}
                      className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100"
                    >
                      <FileText
                        aria-hidden="true"
                        className="size-4 shrink-0 text-slate-500 dark:text-slate-400"
                      />
                      <bdi className="min-w-0 truncate">{file.fileName}</bdi>
                      <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                        {formatSize(file.sizeBytes, lng)}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      ) : null}
    </details>
  );
}

type TProblems = { expiresOn?: string; files?: string };

function UploadForm({
  owner,
  types,
  typeId,
  onTypeChange,
  today,
  onClose,
  onSent,
}: {
  owner: TKycOwnerDocuments;
  types: readonly TKycTypeState[];
  typeId: string;
  onTypeChange: (typeId: string) => void;
  today: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t, i18n } = useTranslation('kyc');
  const headingId = useId();
  const selectId = useId();
  const [number, setNumber] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [attachmentIds, setAttachmentIds] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problems, setProblems] = useState<TProblems>({});
  const [send, state] = useUploadKycDocumentMutation();
  const failure = state.error ? toApiFailure(state.error) : null;
  const onFiles = useCallback((ids: string[]) => {
    setAttachmentIds(ids);
    if (ids.length > 0) setProblems((current) => ({ ...current, files: undefined }));
  }, []);
  const tomorrow = addDays(today, 1);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.isLoading || uploading) return;
    const found: TProblems = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) found.expiresOn = t('form.errors.expiryMissing');
    else if (expiresOn < tomorrow) found.expiresOn = t('form.errors.expiryPast');
    if (attachmentIds.length === 0) found.files = t('form.errors.files');
    setProblems(found);
    if (found.expiresOn || found.files) return;
    const answer = await send({
      typeId,
      enrollNumber: owner.enrollNumber,
      ...(number.trim() ? { number: number.trim() } : {}),
      expiresOn,
      attachmentIds,
    });
    if ('data' in answer) onSent();
  };
  const failureKey =
    failure?.messageId === 'R002'
      ? 'kyc:form.errors.R002'
      : failure?.messageId === 'R003'
        ? 'kyc:form.errors.R003'
        : null;
  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
      noValidate
      className={cx(cardBox, 'space-y-4 border-purple-200 dark:border-purple-900')}
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        {owner.owner === 'parent' ? t('form.titleYou') : t('form.titleChild', { name: owner.name })}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label
            htmlFor={selectId}
            className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('form.type')}
          </label>
          <select
            id={selectId}
            value={typeId}
            onChange={(event) => onTypeChange(event.target.value)}
            className="block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-sm outline-none focus:border-purple-600 focus:ring-2 focus:ring-purple-600/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:focus:border-purple-400 dark:focus:ring-purple-400/30"
          >
            {types.map((type) => (
              <option key={type.typeId} value={type.typeId}>
                {i18n.language === 'ar' && type.name.ar ? type.name.ar : type.name.en}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('form.number')}
          value={number}
          maxLength={MAX_KYC_NUMBER_LENGTH}
          onChange={(event) => setNumber(event.target.value)}
          dir="ltr"
          autoComplete="off"
        />
        <TextField
          label={t('form.expiresOn')}
          type="date"
          value={expiresOn}
          min={tomorrow}
          required
          onChange={(event) => setExpiresOn(event.target.value)}
          error={problems.expiresOn}
        />
      </div>
      <AttachmentField label={t('form.files')} onChange={onFiles} onUploadingChange={setUploading} />
      {problems.files ? <ErrorAlert>{problems.files}</ErrorAlert> : null}
      {failure ? <FailureAlert failure={failureKey ? { ...failure, key: failureKey } : failure} /> : null}
      <FormActions>
        <Button type="submit" aria-disabled={state.isLoading || uploading} aria-busy={state.isLoading}>
          {state.isLoading ? <Spinner /> : <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
          {state.isLoading ? t('form.sending') : t('form.send')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('form.cancel')}
        </Button>
      </FormActions>
    </form>
  );
}

function FormActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-3">{children}</div>;
}
