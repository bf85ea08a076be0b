import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import type { TStudentIdCard } from '@portal/contracts/families/identity';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { schoolText } from '../../../components/module/school-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { useGetStudentIdQuery } from '../api.ts';
import { QrCode } from '../../../components/ui/qr-code.tsx';

/** The card's element: the only thing printed (see PRINT_STYLE). */
const CARD_ID = 'student-id-card';

/**
 * Printing this page prints the card alone, at its size, on a white page: the rest of the
 * portal (menu, header, buttons) is hidden.
 */
const PRINT_STYLE = `@media print {
  body * { visibility: hidden !important; }
  #${CARD_ID}, #${CARD_ID} * { visibility: visible !important; }
  #${CARD_ID} { position: absolute; inset-block-start: 0; inset-inline-start: 0; box-shadow: none !important; break-inside: avoid; }
  @page { margin: 12mm; }
}`;

/**
 * `/student-Id`: the header's child's school ID card, as the school's records give it, with a
 * QR code the school's staff scan to check it; printable on its own.
 */
export function StudentIdPage(props: Omit<TChildModulePageProps, 'children' | 'noChildMessage'>) {
  const { t } = useTranslation('identity');
  return (
    <ChildModulePage
      {...props}
      noChildMessage={t('studentId.noChild')}
      intro={<p className="max-w-prose text-slate-600 dark:text-slate-300">{t('studentId.intro')}</p>}
    >
      {(child) => <ChildCard child={child} />}
    </ChildModulePage>
  );
}

function ChildCard({ child }: { child: TPageChild }) {
  const { t } = useTranslation('identity');
  const query = useGetStudentIdQuery(child.enrollNumber);
  const answer = query.currentData;
  if (query.isError && !answer) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!answer) return <CardSkeleton />;
  return (
    <div className="space-y-4">
      <style>{PRINT_STYLE}</style>
      <IdCard card={answer.card} code={answer.code} />
      <Button variant="secondary" onClick={() => window.print()}>
        <Printer aria-hidden="true" className="size-4" />
        {t('studentId.print')}
      </Button>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function IdCard({ card, code }: { card: TStudentIdCard; code: string }) {
  const { t, i18n } = useTranslation('identity');
  const school = schoolText(card.schoolName, card.schoolNameAr, i18n.language);
  const name = schoolText(card.childName, card.childNameAr, i18n.language);
  const grade = schoolText(card.grade, card.gradeAr, i18n.language);
  const section = schoolText(card.section, card.sectionAr, i18n.language);
  return (
    <article
      id={CARD_ID}
      aria-label={t('studentId.cardLabel', { name: name.text })}
      className="w-full max-w-md overflow-hidden rounded-3xl border border-slate-300 bg-white text-slate-900 shadow-md print:w-[86mm] print:max-w-none print:rounded-xl"
    >
      <header className="flex items-center gap-3 bg-sky-800 px-5 py-3 text-white print:bg-sky-800">
        {card.logoUrl ? (
          <img src={card.logoUrl} alt="" className="size-10 shrink-0 rounded-full bg-white p-1" />
        ) : null}
        <div className="min-w-0">
          <p lang={school.lang} className="truncate font-semibold">
            {school.text}
          </p>
          <p className="text-xs text-sky-100">{t('studentId.cardTitle')}</p>
        </div>
      </header>
      <div className="flex flex-wrap gap-5 p-5">
        {card.photoUrl ? (
          <img
            src={card.photoUrl}
            alt={t('studentId.photo', { name: name.text })}
            className="size-24 shrink-0 rounded-2xl border border-slate-200 object-cover"
          />
        ) : (
          <div
            role="img"
            aria-label={t('studentId.photo', { name: name.text })}
            className="flex size-24 shrink-0 items-center justify-center rounded-2xl bg-sky-100 text-3xl font-bold text-sky-900"
          >
            <bdi dir="ltr">{card.initials}</bdi>
          </div>
        )}
        <div className="min-w-0 flex-1 basis-40 space-y-3">
          <h2 lang={name.lang} className="text-xl font-bold text-slate-900">
            {name.text}
          </h2>
          <dl className="grid grid-cols-2 gap-3">
            <Field label={t('studentId.grade')}>
              <span lang={grade.lang}>{grade.text}</span>
              {section.text ? (
                <>
                  {' · '}
                  <span lang={section.lang}>{section.text}</span>
                </>
              ) : null}
            </Field>
            <Field label={t('studentId.enrollNumber')}>
              <bdi dir="ltr" className="font-mono">
                {card.enrollNumber}
              </bdi>
            </Field>
            <Field label={t('studentId.year')}>
              <bdi dir="ltr">{card.academicYear}</bdi>
            </Field>
            <Field label={t('studentId.validUntil')}>
              {card.validUntil ? (
                <time dateTime={card.validUntil}>
                  {formatDay(card.validUntil, i18n.language, {
                    day: 'numeric',
                    month: 'short',
                    year: 'numeric',
                    numberingSystem: 'latn',
                  })}
                </time>
              ) : (
                '—'
              )}
            </Field>
          </dl>
        </div>
      </div>
      <div className="flex items-center gap-4 border-t border-dashed border-slate-300 px-5 py-4">
        <QrCode value={code} label={t('studentId.qr')} className="size-32 shrink-0" />
        <p className="text-sm text-slate-700">{t('studentId.qrHint')}</p>
      </div>
    </article>
  );
}

function CardSkeleton() {
  return (
    <Skeleton className="w-full max-w-md">
      <div className="overflow-hidden rounded-3xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <Bone className="h-16 w-full rounded-none" />
        <div className="flex gap-5 p-5">
          <Bone className="size-24 shrink-0 rounded-2xl" />
          <div className="flex-1 space-y-3">
            <Bone className="h-6 w-3/4" />
            <Bone className="h-4 w-1/2" />
            <Bone className="h-4 w-2/3" />
          </div>
        </div>
        <div className="flex items-center gap-4 p-5">
          <Bone className="size-32 shrink-0" />
          <Bone className="h-4 flex-1" />
        </div>
      </div>
    </Skeleton>
  );
}
