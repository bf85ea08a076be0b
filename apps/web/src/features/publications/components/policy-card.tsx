import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import type { TPolicy } from '@portal/contracts/families/publications';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { SchoolText, schoolText } from '../../../components/module/school-text.tsx';
import { cardBox, chip, chipTone } from '../../../components/module/styles.ts';
import { cx } from '../../../lib/class-names.ts';
import { isWaiting } from '../api.ts';
import { publicationFileUrl } from '../files.ts';
import { ExpandableText } from './expandable-text.tsx';
import { PolicyAck } from './publication-ack.tsx';
import { useDayText } from './use-day-text.ts';

/**
 * A school policy in its current version: when it takes effect, what it says in short, its
 * PDF and, when the school asks for it, each child's acknowledgement of this version.
 */
export function PolicyCard({ policy }: { policy: TPolicy }) {
  const { t, i18n } = useTranslation('circulars');
  const { day, dayOf, isoDayOf } = useDayText();
  const titleId = useId();
  const waiting = isWaiting(policy);
  const title = schoolText(policy.title, policy.titleAr, i18n.language).text;
  return (
    <article
      aria-labelledby={titleId}
      data-waiting={waiting}
      className={cx(cardBox, 'space-y-3', waiting && 'border-s-4 border-s-amber-400')}
    >
      <header className="space-y-2">
        <h2 id={titleId} className="text-base font-semibold text-slate-900 dark:text-white">
          <SchoolText en={policy.title} ar={policy.titleAr} />
        </h2>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600 dark:text-slate-300">
          <span className={cx(chip, chipTone.neutral)}>
            {t('policies.version', { version: policy.version })}
          </span>
          {policy.effectiveOn ? (
            <span>{t('policies.effective', { date: day(policy.effectiveOn) })}</span>
          ) : null}
          <span>
            {t('policies.published')}{' '}
            <time dateTime={isoDayOf(policy.publishedAt)}>{dayOf(policy.publishedAt)}</time>
          </span>
        </div>
      </header>
      {waiting ? (
        <p className={cx('flex items-start gap-2 rounded-xl px-3 py-2 text-sm font-medium', chipTone.due)}>
          <RefreshCw aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {policy.earlierVersionAcknowledged ? t('policies.newVersion') : t('policies.pleaseAcknowledge')}
        </p>
      ) : null}
      <ExpandableText en={policy.summary} ar={policy.summaryAr} />
      {policy.file ? (
        <DownloadButton
          variant="button"
          url={publicationFileUrl(policy.file.path)}
          fallbackName={policy.file.fileName}
          label={t('policies.read')}
          hiddenLabel={`${title}:`}
        />
      ) : null}
      {policy.requiresAck ? <PolicyAck policy={policy} /> : null}
    </article>
  );
}
