import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { QueryState } from '../../../components/module/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import { formatFullDateTime, useTimeZone } from '../../../lib/dates.ts';
import { useGetArchivedEmailQuery } from '../api.ts';
import { directionOfMail, EmailChips } from './email-chips.tsx';
import { paneCard } from './split-view.tsx';

interface TEmailReaderProps {
  id: string;
  onBack: () => void;
  /** The parent opened it just now: its heading takes the focus. */
  focusHeading: boolean;
}

/**
 * One archived mail as it was sent: its subject, when and to which address, and its text with
 * its line breaks, in the mail's own language and direction.
 */
export function EmailReader({ id, onBack, focusHeading }: TEmailReaderProps) {
  const { t, i18n } = useTranslation('communication');
  const timeZone = useTimeZone();
  const query = useGetArchivedEmailQuery(id);
  const email = query.currentData;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (email && focusHeading) heading.current?.focus({ preventScroll: true });
  }, [email, focusHeading]);

  const back = (
    <Button variant="ghost" onClick={onBack} className="-ms-2 self-start lg:hidden">
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t('email.back')}
    </Button>
  );

  if (!email) {
    return (
      <section aria-label={t('email.loading')} className={cx(paneCard, 'p-4')}>
        {back}
        {query.isError ? (
          <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Skeleton className="space-y-4 pt-2">
            <Bone className="h-6 w-2/3" />
            <Bone className="h-4 w-56" />
            <div className="space-y-2 pt-4">
              <Bone className="h-4 w-full" />
              <Bone className="h-4 w-full" />
              <Bone className="h-4 w-3/4" />
            </div>
          </Skeleton>
        )}
      </section>
    );
  }

  const dir = directionOfMail(email.language);
  return (
    <section aria-labelledby={`mail-${email.id}`} className={paneCard}>
      <header className="space-y-2 border-b border-slate-200 p-4 dark:border-slate-800">
        {back}
        <h2
          ref={heading}
          id={`mail-${email.id}`}
          tabIndex={-1}
          lang={email.language}
          dir={dir}
          className="text-start text-lg font-semibold text-slate-900 outline-none dark:text-white"
        >
          {email.subject}
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">{t('email.sent')}</dt>
          <dd className="text-slate-900 dark:text-slate-100">
            <time dateTime={email.sentAt}>{formatFullDateTime(email.sentAt, i18n.language, timeZone)}</time>
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">{t('email.to')}</dt>
          <dd className="truncate text-slate-900 dark:text-slate-100">
            <bdi dir="ltr">{email.to}</bdi>
          </dd>
        </dl>
        <EmailChips email={email} />
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        <div
          lang={email.language}
          dir={dir}
          data-testid="mail-text"
          className="text-start text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800 dark:text-slate-100"
        >
          {email.text}
        </div>
      </div>
    </section>
  );
}
