import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDown, KeyRound, MailCheck } from 'lucide-react';
import { paths } from '../../../config/paths.ts';
import { textLink } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { SessionNotice } from '../components/session-notice.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { DEFAULT_IDLE_SECONDS, type TSessionNotice } from '../slice.ts';

// The code tab and the providers' buttons load when they are needed, not with the page.
const OtpSignInForm = lazy(() =>
  import('../components/otp-sign-in-form.tsx').then((module) => ({ default: module.OtpSignInForm })),
);
const SignedInHandoff = lazy(() =>
  import('../components/signed-in-handoff.tsx').then((module) => ({ default: module.SignedInHandoff })),
);
const SocialSignIn = lazy(() =>
  import('../components/social-sign-in.tsx').then((module) => ({ default: module.SocialSignIn })),
);
const PasskeySignIn = lazy(() =>
  import('../components/passkey-sign-in.tsx').then((module) => ({ default: module.PasskeySignIn })),
);

type TMethod = 'password' | 'code';

interface TSignInPageProps {
  /** Whether a school is known; without one the form is disabled. */
  schoolChosen: boolean;
  /** The school picker, on the test environment only. */
  schoolPicker?: ReactNode;
  /** The school's Google client id and Facebook app id; '' for a provider not set up. */
  providers: { googleClientId: string; facebookAppId: string };
  /** Whether passkeys can sign in here: a browser with WebAuthn, at the school's own address. */
  passkeys?: boolean;
  /** How the last session ended, to say so. */
  notice?: TSessionNotice | null;
  /** The idle time-out of the session that ended, in seconds. */
  idleSeconds?: number;
  /** Set once signed in (Google or Facebook) while the page waits to move on: where to. */
  handoffTo?: string | null;
  /** The query string the links to registration and the forgotten password carry on. */
  search?: string;
  /** How to reach the school, offered as help once a school is chosen. */
  schoolContact?: ReactNode;
}

const TABS_ID = 'sign-in-method';

/** The sign-in card of the public entry view: a password or a one-time code, or a provider. */
export function SignInPage({
  schoolChosen,
  schoolPicker,
  providers,
  passkeys = false,
  notice = null,
  idleSeconds = DEFAULT_IDLE_SECONDS,
  handoffTo = null,
  search = '',
  schoolContact,
}: TSignInPageProps) {
  const { t } = useTranslation(['auth', 'common', 'messages']);
  useDocumentTitle(t('title'), t('common:appName'));
  const [method, setMethod] = useState<TMethod>('password');
  const [codeUsername, setCodeUsername] = useState('');
  const [codeTabOpened, setCodeTabOpened] = useState(false);
  const hasProviders = providers.googleClientId !== '' || providers.facebookAppId !== '';
  const hasOtherWays = hasProviders || passkeys;

  const select = (next: TMethod) => {
    setMethod(next);
    if (next === 'code') setCodeTabOpened(true);
  };

  if (handoffTo) {
    return (
      <AuthCard titleId="sign-in-title" heading={t('heading')}>
        <div className="mt-6">
          <Suspense fallback={<Loading fullScreen={false} />}>
            <SignedInHandoff to={handoffTo} />
          </Suspense>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard titleId="sign-in-title" heading={t('heading')} intro={t('subheading')}>
      {notice ? (
        <div className="mt-4">
          <SessionNotice notice={notice} idleSeconds={idleSeconds} />
        </div>
      ) : null}
      {schoolPicker ? <div className="mt-6">{schoolPicker}</div> : null}
      {!schoolChosen && !schoolPicker ? (
        <p className="mt-4 text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('chooseSchoolFirst')}
        </p>
      ) : null}
      <div className="mt-6 space-y-5">
        <TabList<TMethod>
          label={t('tabs.label')}
          idBase={TABS_ID}
          selected={method}
          onSelect={select}
          tabs={[
            {
              id: 'password',
              label: t('tabs.password'),
              icon: <KeyRound aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />,
            },
            {
              id: 'code',
              label: t('tabs.code'),
              icon: <MailCheck aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />,
            },
          ]}
        />
        <TabPanel
          idBase={TABS_ID}
          id="password"
          label={t('tabs.passwordPanel')}
          selected={method === 'password'}
        >
          <SignInForm
            enabled={schoolChosen}
            onUseCode={(username) => {
              setCodeUsername(username);
              select('code');
            }}
          />
          <p className="mt-4 text-center text-sm">
            <Link to={`${paths.forgotPassword}${search}`} className={textLink}>
              {t('forgotPassword')}
            </Link>
          </p>
        </TabPanel>
        <TabPanel idBase={TABS_ID} id="code" label={t('tabs.codePanel')} selected={method === 'code'}>
          {codeTabOpened ? (
            <Suspense fallback={<Loading fullScreen={false} />}>
              <OtpSignInForm key={codeUsername} enabled={schoolChosen} initialUsername={codeUsername} />
            </Suspense>
          ) : null}
        </TabPanel>
      </div>
      {hasOtherWays ? (
        <div className="mt-6">
          <div className="mb-4 flex items-center gap-3 text-xs font-medium uppercase text-slate-500 dark:text-slate-400">
            <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            {t('social.or')}
            <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          </div>
          <div className="space-y-3">
            {passkeys ? (
              // As tall as its button while it loads: nothing below moves.
              <Suspense fallback={<div className="min-h-11" />}>
                <PasskeySignIn enabled={schoolChosen} />
              </Suspense>
            ) : null}
            {hasProviders ? (
              <Suspense fallback={<Loading fullScreen={false} />}>
                <SocialSignIn
                  googleClientId={providers.googleClientId}
                  facebookAppId={providers.facebookAppId}
                  enabled={schoolChosen}
                />
              </Suspense>
            ) : null}
          </div>
        </div>
      ) : null}
      <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
        {t('noAccount')}{' '}
        <Link to={`${paths.register}${search}`} className={textLink}>
          {t('createAccount')}
        </Link>
      </p>
      {schoolContact ? (
        <details className="group mt-3 text-center text-sm">
          <summary className={`inline-flex min-h-11 cursor-pointer items-center gap-1 ${textLink}`}>
            {t('help.summary')}
            <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <div className="mt-2 space-y-3 rounded-2xl bg-slate-50 p-4 text-start ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700">
            <p className="text-slate-700 dark:text-slate-200">{t('help.body')}</p>
            {schoolContact}
          </div>
        </details>
      ) : null}
    </AuthCard>
  );
}
