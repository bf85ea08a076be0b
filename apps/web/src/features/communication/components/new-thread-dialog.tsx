import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SquarePen } from 'lucide-react';
import {
  MAX_MESSAGE_LENGTH,
  MAX_SUBJECT_LENGTH,
  type TThreadAnswer,
} from '@portal/contracts/families/publications';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { schoolText } from '../../../components/module/school-text.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LongTextField, useTextProblem } from '../../../components/ui/long-text-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useGetThreadContactsQuery, useStartThreadMutation } from '../api.ts';
import { AttachToggle } from './attach-toggle.tsx';
import { sendFailureOf } from './failure.ts';

interface TNewThreadDialogProps {
  open: boolean;
  onClose: () => void;
  /** The parent's children, one of which the message is about. */
  childList: readonly TPageChild[];
  /** The child chosen at first (the header's). */
  defaultChild: string;
  /** The thread is started: the page opens it. */
  onStarted: (answer: TThreadAnswer) => void;
}

type TProblems = { child?: string; staff?: string; subject?: string; body?: string; files?: string };

const selectClass = (invalid: boolean) =>
  cx(
    'block min-h-12 w-full rounded-xl border bg-white px-3 text-base text-slate-900 shadow-sm dark:bg-slate-900 dark:text-slate-100',
    invalid ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600',
    focusRing,
  );

/**
 * "New message": the child it is about (required: a thread is always about one child), the
 * member of staff to write to (those who teach or care for that child), the subject, the text
 * and files. Sending starts the thread; the page then opens it. The page gives it a new `key`
 * each time it opens, so it opens empty.
 */
export function NewThreadDialog({
  open,
  onClose,
  childList,
  defaultChild,
  onStarted,
}: TNewThreadDialogProps) {
  const { t, i18n } = useTranslation('communication');
  const lng = i18n.language;
  const ids = { form: useId(), child: useId(), staff: useId() };
  const [enrollNumber, setEnrollNumber] = useState(defaultChild);
  const [staffId, setStaffId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [attachmentIds, setAttachmentIds] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problems, setProblems] = useState<TProblems>({});
  const problemOf = useTextProblem();
  const contacts = useGetThreadContactsQuery(enrollNumber, { skip: !open || enrollNumber === '' });
  const [start, { isLoading, error }] = useStartThreadMutation();
  const failure = sendFailureOf(error);
  const childName = childList.find((one) => one.enrollNumber === enrollNumber)?.name;

  const clear = (field: keyof TProblems) => setProblems((old) => ({ ...old, [field]: undefined }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const found: TProblems = {
      child: enrollNumber ? undefined : t('new.childRequired'),
      staff: staffId ? undefined : t('new.staffRequired'),
      subject: problemOf(subject, MAX_SUBJECT_LENGTH) ?? undefined,
      body: problemOf(body, MAX_MESSAGE_LENGTH) ?? undefined,
      files: uploading ? t('form.waitForFiles') : undefined,
    };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    const answer = await start({
      enrollNumber,
      staffId,
      subject: subject.trim(),
      body: body.trim(),
      attachmentIds,
    });
    if ('data' in answer && answer.data) onStarted(answer.data);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('new.title')}
      icon={<SquarePen aria-hidden="true" className="size-5" />}
      actions={
        <>
          <Button type="submit" form={ids.form} aria-disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? <Spinner /> : null}
            {isLoading ? t('form.sending') : t('new.send')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('new.cancel')}
          </Button>
        </>
      }
    >
      <form id={ids.form} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <div>
          <label
            htmlFor={ids.child}
            className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('new.child')}
          </label>
          <select
            id={ids.child}
            value={enrollNumber}
            required
            aria-invalid={problems.child ? true : undefined}
            aria-describedby={problems.child ? `${ids.child}-error` : `${ids.child}-hint`}
            onChange={(event) => {
              setEnrollNumber(event.target.value);
              setStaffId('');
              clear('child');
            }}
            className={selectClass(Boolean(problems.child))}
          >
            <option value="">{t('new.childPlaceholder')}</option>
            {childList.map((one) => (
              <option key={one.enrollNumber} value={one.enrollNumber}>
                {one.name}
              </option>
            ))}
          </select>
          {problems.child ? (
            <p id={`${ids.child}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
              {problems.child}
            </p>
          ) : (
            <p id={`${ids.child}-hint`} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
              {t('new.childHint')}
            </p>
          )}
        </div>

        <div>
          <label
            htmlFor={ids.staff}
            className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('new.staff')}
          </label>
          {enrollNumber === '' ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('new.staffAfterChild')}</p>
          ) : contacts.isError ? (
            <QueryState isLoading={false} error={contacts.error} onRetry={() => void contacts.refetch()} />
          ) : contacts.currentData && contacts.currentData.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('new.staffNone', { child: childName ?? '' })}
            </p>
          ) : (
            <select
              id={ids.staff}
              value={staffId}
              required
              disabled={!contacts.currentData}
              aria-busy={!contacts.currentData}
              aria-invalid={problems.staff ? true : undefined}
              aria-describedby={problems.staff ? `${ids.staff}-error` : undefined}
              onChange={(event) => {
                setStaffId(event.target.value);
                clear('staff');
              }}
              className={selectClass(Boolean(problems.staff))}
            >
              <option value="">
                {contacts.currentData ? t('new.staffPlaceholder') : t('new.staffLoading')}
              </option>
              {(contacts.currentData ?? []).map((contact) => {
                const name = schoolText(contact.name, contact.nameAr, lng);
                const title = schoolText(contact.title, contact.titleAr, lng);
                return (
                  <option key={contact.id} value={contact.id} lang={name.lang}>
                    {title.text ? t('new.staffOption', { name: name.text, title: title.text }) : name.text}
                  </option>
                );
              })}
            </select>
          )}
          {problems.staff ? (
            <p id={`${ids.staff}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
              {problems.staff}
            </p>
          ) : null}
        </div>

        <TextField
          label={t('new.subject')}
          dir="auto"
          value={subject}
          maxLength={MAX_SUBJECT_LENGTH + 50}
          onChange={(event) => {
            setSubject(event.target.value);
            clear('subject');
          }}
          error={problems.subject}
        />
        <LongTextField
          label={t('new.body')}
          value={body}
          onChange={(value) => {
            setBody(value);
            clear('body');
          }}
          max={MAX_MESSAGE_LENGTH}
          error={problems.body}
          rows={5}
        />
        <AttachToggle onChange={setAttachmentIds} onUploadingChange={setUploading} />
        {problems.files ? <p className="text-sm text-red-700 dark:text-red-300">{problems.files}</p> : null}
        {failure ? <FailureAlert failure={failure} /> : null}
      </form>
    </Dialog>
  );
}
