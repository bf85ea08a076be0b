import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EXAM_MATERIAL_KINDS,
  type TExamMaterial,
  type TExamMaterials,
} from '@portal/contracts/families/publications';
import { DownloadButton } from '../../../components/module/download-button.tsx';
import { SchoolText, schoolText } from '../../../components/module/school-text.tsx';
import { chip, chipTone } from '../../../components/module/styles.ts';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import { examMaterialFileUrl, fileSize } from '../files.ts';
import { useDayText } from './use-day-text.ts';

export type TGrouping = 'kind' | 'subject';

type TTerm = TExamMaterials['terms'][number];

interface TGroup {
  key: string;
  title: string;
  lang?: string;
  items: TExamMaterial[];
}

/** The material by kind (syllabus, revision, past papers, in that order) or by subject (A to Z). */
function useGroups(items: readonly TExamMaterial[], grouping: TGrouping): TGroup[] {
  const { t, i18n } = useTranslation('circulars');
  if (grouping === 'kind') {
    return EXAM_MATERIAL_KINDS.map((kind) => ({
      key: kind,
      title: t(`exam.kinds.${kind}`),
      items: items.filter((item) => item.kind === kind),
    })).filter((group) => group.items.length > 0);
  }
  const groups = new Map<string, TGroup>();
  for (const item of items) {
    const { text, lang } = schoolText(item.subject, item.subjectAr, i18n.language);
    const group = groups.get(text) ?? { key: text, title: text, lang, items: [] };
    group.items.push(item);
    groups.set(text, group);
  }
  return [...groups.values()].sort((a, b) => a.title.localeCompare(b.title, i18n.language));
}

const listBox =
  'divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900';

/** A child's exam material in groups, each file downloaded with the session for that child. */
export function ExamMaterialList({
  items,
  grouping,
  terms,
  showTerm,
  enrollNumber,
}: {
  items: readonly TExamMaterial[];
  grouping: TGrouping;
  terms: readonly TTerm[];
  /** Every term is shown: each item names its own. */
  showTerm: boolean;
  enrollNumber: string;
}) {
  const groups = useGroups(items, grouping);
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <Group key={group.key} group={group}>
          {group.items.map((item) => (
            <MaterialRow
              key={item.id}
              item={item}
              grouping={grouping}
              term={showTerm ? terms.find((term) => term.id === item.termId) : undefined}
              enrollNumber={enrollNumber}
            />
          ))}
        </Group>
      ))}
    </div>
  );
}

function Group({ group, children }: { group: TGroup; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} lang={group.lang} className="text-lg font-semibold text-slate-900 dark:text-white">
        {group.title}
      </h2>
      <ul className={listBox}>{children}</ul>
    </section>
  );
}

function MaterialRow({
  item,
  grouping,
  term,
  enrollNumber,
}: {
  item: TExamMaterial;
  grouping: TGrouping;
  term: TTerm | undefined;
  enrollNumber: string;
}) {
  const { t, i18n } = useTranslation('circulars');
  const { dayOf, isoDayOf } = useDayText();
  const title = schoolText(item.title, item.titleAr, i18n.language).text;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
      <div className="min-w-0 flex-1 basis-64 space-y-1.5">
        <h3 className="font-semibold text-slate-900 dark:text-white">
          <SchoolText en={item.title} ar={item.titleAr} />
        </h3>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <span className={cx(chip, chipTone.neutral)}>
            {grouping === 'kind' ? (
              <SchoolText en={item.subject} ar={item.subjectAr} />
            ) : (
              t(`exam.kind.${item.kind}`)
            )}
          </span>
          {term ? (
            <span className={cx(chip, chipTone.child)}>
              <SchoolText en={term.name} ar={term.nameAr} />
            </span>
          ) : null}
          <time dateTime={isoDayOf(item.publishedAt)}>{dayOf(item.publishedAt)}</time>
          <span className="tabular-nums">
            {t('files.pdf', { size: fileSize(item.file.sizeBytes, i18n.language) })}
          </span>
        </div>
      </div>
      <DownloadButton
        variant="button"
        url={examMaterialFileUrl(item.file.path, enrollNumber)}
        fallbackName={item.file.fileName}
        label={t('exam.download')}
        hiddenLabel={`${title}:`}
      />
    </li>
  );
}

/** The material on its way: a group heading and a few rows, as they will be. */
export function ExamMaterialSkeleton() {
  return (
    <Skeleton className="space-y-3">
      <Bone className="h-6 w-40" />
      <div className={listBox}>
        {[0, 1, 2].map((row) => (
          <div key={row} data-testid="exam-skeleton-row" className="flex flex-wrap items-center gap-4 p-4">
            <div className="min-w-0 flex-1 basis-64 space-y-2">
              <Bone className="h-5 w-2/3" />
              <Bone className="h-4 w-1/2" />
            </div>
            <Bone className="h-11 w-32 rounded-xl" />
          </div>
        ))}
      </div>
    </Skeleton>
  );
}
