import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardPen } from 'lucide-react';
import { MAX_CARE_COMMENT_LENGTH } from '@portal/contracts/families/care';
import { focusRing } from '../../../components/ui/button.tsx';
import { LongTextField, useTextProblem } from '../../../components/ui/long-text-field.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { useProposeMedicalUpdateMutation, type TMedicalUpdateRequest } from '../api.ts';
import { FormDialog } from './form-dialog.tsx';

type TSection = TMedicalUpdateRequest['section'];
const SECTIONS: readonly TSection[] = [
  'allergies',
  'conditions',
  'medications',
  'dietary',
  'bloodGroup',
  'other',
];

/** "Suggest an update": tells the nurse what is new or wrong on the profile; the nurse reviews it. */
export function MedicalUpdateForm({ enrollNumber }: { enrollNumber: string }) {
  const { t } = useTranslation('care');
  const sectionId = useId();
  const [section, setSection] = useState<TSection>('allergies');
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemOf = useTextProblem();
  const [propose, { isLoading, error, reset }] = useProposeMedicalUpdateMutation();

  return (
    <FormDialog
      openLabel={t('medical.suggest')}
      icon={ClipboardPen}
      title={t('medical.form.title')}
      submitLabel={t('medical.form.send')}
      sentMessage={t('medical.form.sent')}
      sending={isLoading}
      failure={error ? toApiFailure(error) : null}
      onOpen={() => {
        setSection('allergies');
        setDetails('');
        setProblem(null);
        reset();
      }}
      onSubmit={async () => {
        const found = problemOf(details, MAX_CARE_COMMENT_LENGTH);
        setProblem(found);
        if (found) return false;
        const answer = await propose({ enrollNumber, section, details: details.trim() });
        return 'data' in answer;
      }}
    >
      <p>{t('medical.form.intro')}</p>
      <div>
        <label
          htmlFor={sectionId}
          className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {t('medical.form.section')}
        </label>
        <select
          id={sectionId}
          value={section}
          onChange={(event) => setSection(event.target.value as TSection)}
          className={cx(
            'block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
            focusRing,
          )}
        >
          {SECTIONS.map((one) => (
            <option key={one} value={one}>
              {t(`medical.sections.${one}`)}
            </option>
          ))}
        </select>
      </div>
      <LongTextField
        label={t('medical.form.details')}
        value={details}
        onChange={(value) => {
          setDetails(value);
          if (problem) setProblem(null);
        }}
        max={MAX_CARE_COMMENT_LENGTH}
        error={problem}
      />
    </FormDialog>
  );
}
