import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Building2, MessageSquarePlus, UserRound } from 'lucide-react';
import { MAX_CARE_COMMENT_LENGTH, type TCareRecord } from '@portal/contracts/families/care';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LongTextField, useTextProblem } from '../../../components/ui/long-text-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { formatDateTime, useTimeZone } from '../../../lib/dates.ts';
import { useCommentOnRecordMutation, type TCommentModule } from '../api.ts';

interface TRecordCommentsProps {
  record: TCareRecord;
  module: TCommentModule;
  enrollNumber: string;
}

type TComment = TCareRecord['comments'][number];

/**
 * Comments oldest first, by when they were written: a school comment imported later can carry
 * a higher `seq` than an earlier parent's one. `seq` orders those written at the same instant.
 */
function inTimeOrder(comments: readonly TComment[]): TComment[] {
  return [...comments].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.seq - b.seq);
}

/** The comments on a goal or plan, oldest first, and the parent's own (an open one takes more). */
export function RecordComments({ record, module, enrollNumber }: TRecordCommentsProps) {
  const { t, i18n } = useTranslation('care');
  const timeZone = useTimeZone();
  return (
    <div className="space-y-3">
      {record.comments.length > 0 ? (
        <section className="space-y-2">
          <h4 className="text-sm font-semibold text-slate-900 dark:text-white">{t('comments.title')}</h4>
          <ol className="space-y-2">
            {inTimeOrder(record.comments).map((comment) => {
              const Icon = comment.author === 'parent' ? UserRound : Building2;
              return (
                <li
                  key={comment.seq}
                  data-author={comment.author}
                  className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
                >
                  <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-400">
                    <Icon aria-hidden="true" className="size-3.5 shrink-0" />
                    <bdi className="font-semibold text-slate-800 dark:text-slate-100">
                      {comment.authorName}
                    </bdi>
                    <span className="sr-only">{t(`comments.author.${comment.author}`)}</span>
                    <time dateTime={comment.at} dir="ltr">
                      {formatDateTime(comment.at, i18n.language, timeZone)}
                    </time>
                  </p>
                  <p dir="auto" className="mt-1 whitespace-pre-line text-slate-800 dark:text-slate-100">
                    {comment.body}
                  </p>
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
      {record.status === 'closed' ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('comments.closed')}</p>
      ) : (
        <CommentForm record={record} module={module} enrollNumber={enrollNumber} />
      )}
    </div>
  );
}

/** "Add a comment": opens a textarea with a counter, checks the length before sending. */
function CommentForm({ record, module, enrollNumber }: TRecordCommentsProps) {
  const { t } = useTranslation('care');
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState('');
  const problemOf = useTextProblem();
  const [comment, { isLoading, error, reset }] = useCommentOnRecordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const found = problemOf(body, MAX_CARE_COMMENT_LENGTH);
    setProblem(found);
    if (found) return;
    const answer = await comment({ module, id: record.id, enrollNumber, body: body.trim() });
    if ('data' in answer) {
      setBody('');
      setOpen(false);
      setSent(t('comments.sent'));
    }
  };

  return (
    <div>
      <p role="status" className="sr-only">
        {isLoading ? t('form.sending') : sent}
      </p>
      {open ? (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
          <LongTextField
            label={t('comments.label')}
            value={body}
            onChange={(value) => {
              setBody(value);
              if (problem) setProblem(null);
            }}
            max={MAX_CARE_COMMENT_LENGTH}
            error={problem}
            rows={3}
          />
          {error ? <FailureAlert failure={toApiFailure(error)} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" aria-disabled={isLoading} aria-busy={isLoading}>
              {isLoading ? <Spinner /> : null}
              {t('comments.send')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setOpen(false);
                setProblem(null);
                reset();
              }}
            >
              {t('form.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(true);
            setSent('');
          }}
        >
          <MessageSquarePlus aria-hidden="true" className="size-4" />
          {t('comments.add')}
        </Button>
      )}
    </div>
  );
}
