import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LifeBuoy, MessageSquarePlus, Send } from 'lucide-react';
import {
  HELPDESK_DEPARTMENTS,
  MAX_HELPDESK_BODY_LENGTH,
  MAX_HELPDESK_SUBJECT_LENGTH,
  type THelpdeskDepartment,
  type THelpdeskTicket,
} from '@portal/contracts/families/help-requests';
import { MAX_REQUEST_NOTE_LENGTH } from '@portal/contracts/kits/requests';
import { EmptyState } from '../../../components/module/empty-state.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { LoadMore } from '../../../components/module/load-more.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { cardBox } from '../../../components/module/styles.ts';
import { StatusNotice } from '../../../components/ui/alert.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { LongTextField } from '../../../components/ui/long-text-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { CardGroup, RequestListSkeleton } from '../components/list-states.tsx';
import { RequestCard, cancelOf } from '../components/request-card.tsx';
import {
  useAddHelpdeskNoteMutation,
  useCancelHelpRequestMutation,
  useCreateHelpdeskTicketMutation,
  useGetHelpdeskTicketsInfiniteQuery,
} from '../help-requests-api.ts';
import type { TRequestsPageProps } from './leave-page.tsx';

export const selectBox = cx(
  'min-h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white',
  focusRing,
);

/**
 * `/happytohelp` (docs/modules.md F5, kind `helpdesk`): write to one of the school's desks, and the
 * family's tickets with where each stands, the school's answer and the history; the parent adds
 * a note while a ticket is open and cancels one the school has not taken up. Approved reads
 * "Resolved" here.
 */
export function HelpdeskPage({ title, icon, child, family = [] }: TRequestsPageProps) {
  const { t } = useTranslation('helpdesk');
  const children = family.length > 0 ? family : child ? [child] : [];
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      <p className="max-w-prose text-slate-700 dark:text-slate-300">{t('intro')}</p>
      <TicketForm family={children} />
      <Tickets />
    </div>
  );
}

type TProblems = Partial<Record<'subject' | 'body', string>>;

function TicketForm({ family }: { family: readonly { enrollNumber: string; name: string }[] }) {
  const { t, i18n } = useTranslation('helpdesk');
  const formId = useId();
  const [department, setDepartment] = useState<THelpdeskDepartment>('academics');
  const [enrollNumber, setEnrollNumber] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [problems, setProblems] = useState<TProblems>({});
  const [sent, setSent] = useState(false);
  const [create, { isLoading, error, reset }] = useCreateHelpdeskTicketMutation();
  const failure = error ? toApiFailure(error) : null;
  const edited = () => {
    setSent(false);
    if (error) reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const found: TProblems = {};
    if (subject.trim() === '') found.subject = t('form.problems.subject');
    else if (subject.trim().length > MAX_HELPDESK_SUBJECT_LENGTH)
      found.subject = t('form.problems.tooLong', {
        max: formatNumber(MAX_HELPDESK_SUBJECT_LENGTH, i18n.language),
      });
    if (body.trim() === '') found.body = t('form.problems.body');
    else if (body.trim().length > MAX_HELPDESK_BODY_LENGTH)
      found.body = t('form.problems.tooLong', { max: formatNumber(MAX_HELPDESK_BODY_LENGTH, i18n.language) });
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    const answer = await create({
      department,
      subject: subject.trim(),
      body: body.trim(),
      ...(enrollNumber ? { enrollNumber } : {}),
    });
    if ('data' in answer && answer.data) {
      setSent(true);
      setSubject('');
      setBody('');
    }
  };
  return (
    <section aria-labelledby={`${formId}-title`} className={`${cardBox} space-y-4`}>
      <h2 id={`${formId}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('form.title')}
      </h2>
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label
              htmlFor={`${formId}-department`}
              className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              {t('form.department')}
            </label>
            <select
              id={`${formId}-department`}
              value={department}
              onChange={(event) => {
                setDepartment(event.target.value as THelpdeskDepartment);
                edited();
              }}
              className={selectBox}
            >
              {HELPDESK_DEPARTMENTS.map((one) => (
                <option key={one} value={one}>
                  {t(`departments.${one}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label
              htmlFor={`${formId}-child`}
              className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
            >
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
              <option value="">{t('form.noChild')}</option>
              {family.map((one) => (
                <option key={one.enrollNumber} value={one.enrollNumber}>
                  {one.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TextField
          label={t('form.subject')}
          value={subject}
          maxLength={MAX_HELPDESK_SUBJECT_LENGTH}
          error={problems.subject}
          onChange={(event) => {
            setSubject(event.target.value);
            setProblems((current) => ({ ...current, subject: undefined }));
            edited();
          }}
        />
        <LongTextField
          label={t('form.body')}
          hint={t('form.bodyHint')}
          value={body}
          onChange={(value) => {
            setBody(value);
            setProblems((current) => ({ ...current, body: undefined }));
            edited();
          }}
          max={MAX_HELPDESK_BODY_LENGTH}
          error={problems.body ?? null}
          rows={4}
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

function Tickets() {
  const { t } = useTranslation('helpdesk');
  const query = useGetHelpdeskTicketsInfiniteQuery();
  const cancelMutation = useCancelHelpRequestMutation();
  const pages = query.currentData?.pages;
  if (query.isError && !pages) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!pages) return <RequestListSkeleton testId="helpdesk-skeleton" />;
  const items = pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <EmptyState icon={LifeBuoy} iconTone="muted">
        {t('empty')}
      </EmptyState>
    );
  return (
    <div className="space-y-4">
      <CardGroup id="helpdesk-tickets" title={t('list')}>
        {items.map((item) => (
          <li key={item.id}>
            <RequestCard
              item={item}
              summary=""
              title={t('cardTitle', { department: t(`departments.${item.department}`) })}
              statusLabel={item.status === 'approved' ? t('resolved') : undefined}
              details={<TicketDetails item={item} />}
              cancel={cancelOf(cancelMutation, item.id)}
            />
          </li>
        ))}
      </CardGroup>
      <LoadMore query={query} />
    </div>
  );
}

/** What the parent wrote, the school's latest answer, and a note while the ticket is open. */
function TicketDetails({ item }: { item: THelpdeskTicket }) {
  const { t } = useTranslation('helpdesk');
  const reply = [...item.history]
    .reverse()
    .find((line) => line.actor === 'school' && line.note.trim() !== '');
  const open = item.status === 'submitted' || item.status === 'in_review';
  return (
    <div className="space-y-3">
      <p dir="auto" className="text-sm font-semibold text-slate-900 dark:text-white">
        {item.subject}
      </p>
      <p dir="auto" className="line-clamp-6 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">
        {item.body}
      </p>
      {reply ? (
        <div className="rounded-2xl bg-emerald-50 p-3 text-sm text-emerald-950 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-950/40 dark:text-emerald-100 dark:ring-emerald-800">
          <p className="font-semibold">{t('reply')}</p>
          <p dir="auto" className="mt-1 whitespace-pre-line">
            {reply.note}
          </p>
        </div>
      ) : null}
      {open ? <NoteForm id={item.id} /> : null}
    </div>
  );
}

function NoteForm({ id }: { id: string }) {
  const { t } = useTranslation('helpdesk');
  const [opened, setOpened] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [add, { isLoading, error, reset }] = useAddHelpdeskNoteMutation();
  const failure = error ? toApiFailure(error) : null;
  if (!opened)
    return (
      <Button variant="secondary" onClick={() => setOpened(true)}>
        <MessageSquarePlus aria-hidden="true" className="size-4" />
        {t('note.add')}
      </Button>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    if (note.trim() === '') {
      setProblem(t('note.empty'));
      return;
    }
    const answer = await add({ id, body: note.trim() });
    if ('data' in answer && answer.data) {
      setNote('');
      setOpened(false);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <LongTextField
        label={t('note.label')}
        value={note}
        onChange={(value) => {
          setNote(value);
          setProblem(null);
          if (error) reset();
        }}
        max={MAX_REQUEST_NOTE_LENGTH}
        error={problem}
        rows={2}
      />
      {failure ? <FailureAlert failure={failure} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" aria-disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? <Spinner /> : <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
          {t('note.send')}
        </Button>
        <Button variant="secondary" onClick={() => setOpened(false)}>
          {t('note.close')}
        </Button>
      </div>
    </form>
  );
}
