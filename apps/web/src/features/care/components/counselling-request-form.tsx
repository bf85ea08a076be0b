import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarPlus } from 'lucide-react';
import { MAX_CARE_COMMENT_LENGTH, MAX_COUNSELLING_TOPIC_LENGTH } from '@portal/contracts/families/care';
import { LongTextField, useTextProblem } from '../../../components/ui/long-text-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useRequestCounsellingMutation } from '../api.ts';
import { FormDialog } from './form-dialog.tsx';
import { PreferredDays } from './preferred-days.tsx';

/** "Ask for a meeting": the topic, what the counsellor should know, and up to five days that suit. */
export function CounsellingRequestForm({ enrollNumber }: { enrollNumber: string }) {
  const { t } = useTranslation('care');
  const [topic, setTopic] = useState('');
  const [details, setDetails] = useState('');
  const [days, setDays] = useState<string[]>([]);
  const [problems, setProblems] = useState<{ topic: string | null; details: string | null }>({
    topic: null,
    details: null,
  });
  const problemOf = useTextProblem();
  const [request, { isLoading, error, reset }] = useRequestCounsellingMutation();

  return (
    <FormDialog
      openLabel={t('counselling.ask')}
      icon={CalendarPlus}
      title={t('counselling.form.title')}
      submitLabel={t('counselling.form.send')}
      sentMessage={t('counselling.form.sent')}
      sending={isLoading}
      failure={error ? toApiFailure(error) : null}
      onOpen={() => {
        setTopic('');
        setDetails('');
        setDays([]);
        setProblems({ topic: null, details: null });
        reset();
      }}
      onSubmit={async () => {
        const found = {
          topic: problemOf(topic, MAX_COUNSELLING_TOPIC_LENGTH),
          details: problemOf(details, MAX_CARE_COMMENT_LENGTH, false),
        };
        setProblems(found);
        if (found.topic || found.details) return false;
        const answer = await request({
          enrollNumber,
          topic: topic.trim(),
          details: details.trim(),
          preferredDays: days,
        });
        return 'data' in answer;
      }}
    >
      <p>{t('counselling.form.intro')}</p>
      <TextField
        label={t('counselling.form.topic')}
        dir="auto"
        value={topic}
        onChange={(event) => {
          setTopic(event.target.value);
          setProblems((old) => ({ ...old, topic: null }));
        }}
        error={problems.topic ?? undefined}
      />
      <LongTextField
        label={t('counselling.form.details')}
        value={details}
        onChange={(value) => {
          setDetails(value);
          setProblems((old) => ({ ...old, details: null }));
        }}
        max={MAX_CARE_COMMENT_LENGTH}
        error={problems.details}
        rows={3}
      />
      <PreferredDays days={days} onChange={setDays} />
    </FormDialog>
  );
}
