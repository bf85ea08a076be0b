import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { MAX_MESSAGE_LENGTH } from '@portal/contracts/families/publications';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LongTextField, useTextProblem } from '../../../components/ui/long-text-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSendMessageMutation } from '../api.ts';
import { AttachToggle } from './attach-toggle.tsx';
import { sendFailureOf } from './failure.ts';

/** The parent's reply at the foot of an open thread: the text, files, and Send. */
export function ReplyBox({ threadId }: { threadId: string }) {
  const { t } = useTranslation('communication');
  const formId = useId();
  const [body, setBody] = useState('');
  const [attachmentIds, setAttachmentIds] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  // A new key empties the attachment field once a message has gone.
  const [filesKey, setFilesKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState('');
  const problemOf = useTextProblem();
  const [send, { isLoading, error, reset }] = useSendMessageMutation();
  const failure = sendFailureOf(error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setSent('');
    const found = uploading ? t('form.waitForFiles') : problemOf(body, MAX_MESSAGE_LENGTH);
    setProblem(found);
    if (found) return;
    const answer = await send({ id: threadId, body: body.trim(), attachmentIds });
    if (!('data' in answer)) return;
    setBody('');
    setAttachmentIds([]);
    setFilesKey((key) => key + 1);
    setSent(t('reply.sent'));
  };

  return (
    <form
      id={formId}
      noValidate
      aria-label={t('reply.form')}
      onSubmit={(event) => void submit(event)}
      className="space-y-3 border-t border-slate-200 p-4 dark:border-slate-800"
    >
      <LongTextField
        label={t('reply.label')}
        value={body}
        onChange={(value) => {
          setBody(value);
          setProblem(null);
          if (error) reset();
        }}
        max={MAX_MESSAGE_LENGTH}
        error={problem}
        rows={3}
      />
      {failure ? <FailureAlert failure={failure} /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <AttachToggle key={filesKey} onChange={setAttachmentIds} onUploadingChange={setUploading} />
        </div>
        <Button type="submit" aria-disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? <Spinner /> : <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
          {isLoading ? t('form.sending') : t('reply.send')}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {sent}
      </p>
    </form>
  );
}
