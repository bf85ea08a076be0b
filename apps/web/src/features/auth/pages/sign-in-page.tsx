import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { SignInForm } from '../components/sign-in-form.tsx';

interface TSignInPageProps {
  /** Whether a school is known; without one the form is disabled. */
  schoolChosen: boolean;
  /** The school picker, on the test environment only. */
  schoolPicker?: ReactNode;
}

/** The sign-in card of the public entry view. */
export function SignInPage({ schoolChosen, schoolPicker }: TSignInPageProps) {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('title'), t('common:appName'));
  return (
    <section
      aria-labelledby="sign-in-title"
      className="w-full max-w-md rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-200/60 sm:p-8 dark:border-slate-800 dark:bg-slate-900 dark:shadow-none"
    >
      <h1 id="sign-in-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {t('heading')}
      </h1>
      <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-300">{t('subheading')}</p>
      {schoolPicker ? <div className="mt-6">{schoolPicker}</div> : null}
      {!schoolChosen && !schoolPicker ? (
        <p className="mt-4 text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('chooseSchoolFirst')}
        </p>
      ) : null}
      <div className="mt-6">
        <SignInForm enabled={schoolChosen} />
      </div>
    </section>
  );
}
