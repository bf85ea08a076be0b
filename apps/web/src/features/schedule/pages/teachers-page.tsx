import { useTranslation } from 'react-i18next';
import { Mail, Star, UsersRound } from 'lucide-react';
import type { TTeacher } from '@portal/contracts/families/schedule';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { textLink } from '../../../components/ui/button.tsx';
import { useGetTeachersQuery } from '../api.ts';
import { SchoolText, schoolText } from '../../../components/module/school-text.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';

type TTeachersPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/** `/teacher`: who teaches the child, class teacher first, and how to write to them. */
export function TeachersPage(props: TTeachersPageProps) {
  const { t } = useTranslation('schedule');
  return (
    <ChildModulePage {...props} noChildMessage={t('teachers.noChild')}>
      {(child) => <TeacherCards child={child} />}
    </ChildModulePage>
  );
}

/** Up to two initials of a name, its honorifics ("Ms.", "Dr.") left out. */
export function teacherInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '' && !word.endsWith('.'));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

const card =
  'flex gap-4 rounded-3xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';

function TeacherCards({ child }: { child: TPageChild }) {
  const { t } = useTranslation('schedule');
  const query = useGetTeachersQuery(child.enrollNumber);
  const answer = query.currentData;
  if (query.isError && !answer) {
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!answer) {
    return (
      <Skeleton className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <div key={index} className={card}>
            <Bone className="size-14 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2">
              <Bone className="h-5 w-2/3" />
              <Bone className="h-4 w-1/2" />
              <Bone className="h-6 w-3/4" />
            </div>
          </div>
        ))}
      </Skeleton>
    );
  }
  if (answer.teachers.length === 0) {
    return (
      <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
        <UsersRound aria-hidden="true" className="mx-auto size-8 text-slate-400" />
        <p className="mt-3 text-slate-700 dark:text-slate-200">
          {t('teachers.empty', { child: child.name })}
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {answer.teachers.map((teacher) => (
        <TeacherCard key={teacher.id} teacher={teacher} />
      ))}
    </ul>
  );
}

function TeacherCard({ teacher }: { teacher: TTeacher }) {
  const { t, i18n } = useTranslation('schedule');
  const name = schoolText(teacher.name, teacher.nameAr, i18n.language);
  return (
    <li className={card}>
      <span
        aria-hidden="true"
        className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-violet-100 text-lg font-bold text-violet-800 dark:bg-violet-900/60 dark:text-violet-100"
      >
        {teacherInitials(name.text)}
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <h2 className="font-semibold text-slate-900 dark:text-white">
            <SchoolText en={teacher.name} ar={teacher.nameAr} />
          </h2>
          {teacher.title || teacher.titleAr ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              <SchoolText en={teacher.title} ar={teacher.titleAr} />
            </p>
          ) : null}
        </div>
        {teacher.homeroom ? (
          <p className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-400/30">
            <Star aria-hidden="true" className="size-3.5" />
            {t('teachers.classTeacher')}
          </p>
        ) : null}
        {teacher.subjects.length > 0 ? (
          <div>
            <h3 className="sr-only">{t('teachers.subjects')}</h3>
            <ul className="flex flex-wrap gap-1.5">
              {teacher.subjects.map((subject) => (
                <li
                  key={subject.name}
                  className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                >
                  <SchoolText en={subject.name} ar={subject.nameAr} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {teacher.email ? (
          <a
            href={`mailto:${teacher.email}`}
            className={`${textLink} inline-flex max-w-full items-start gap-1.5 text-sm`}
          >
            <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="sr-only">{t('teachers.emailTo', { name: name.text })}</span>{' '}
            <EmailAddress email={teacher.email} />
          </a>
        ) : null}
      </div>
    </li>
  );
}

/** An e-mail address that wraps, when it must, before its `@` rather than inside a word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <bdi dir="ltr" className="min-w-0 wrap-break-word rtl:text-end">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </bdi>
  );
}
