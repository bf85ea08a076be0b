import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ArrowRight, CircleCheck, MailX } from 'lucide-react';
import type { SerializedError } from '@reduxjs/toolkit';
import { paths, REDIRECT_PARAM } from '../../../config/paths.ts';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button, primaryLink, textLink } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { TApiError } from '../../../lib/api.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PREFERENCES_PATH } from '../api.ts';
import {
  useGetUnsubscribeQuery,
  useUnsubscribeMutation,
  type TUnsubscribeState,
} from '../unsubscribe-api.ts';

/** Where every preference is: the preferences page, after signing in when not signed in. */
const manageHref = (signedIn: boolean) =>
  signedIn ? PREFERENCES_PATH : `${paths.signIn}?${REDIRECT_PARAM}=${encodeURIComponent(PREFERENCES_PATH)}`;

/** A refusal of the token itself (unknown, expired, malformed), as opposed to a failure to answer. */
function isRefused(error: TApiError | SerializedError | undefined): boolean {
  const { status } = toApiFailure(error);
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}

/**
 * The body of the unsubscribe page's card (app/routes/unsubscribe.tsx). Stopping a kind of mail
 * from the link in it, without signing in: says which mail (the
 * categories) to which address the link stops, and stops it with one button; then confirms and
 * offers every preference after signing in. Opening the page changes nothing.
 */
export function UnsubscribePage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation(['inbox', 'common']);
  useDocumentTitle(t('unsubscribe.title'), t('common:appName'));
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  // The server checks the token; an empty one is refused here.
  const wellFormed = token.trim() !== '';
  const query = useGetUnsubscribeQuery(token, { skip: !wellFormed });
  const [unsubscribe, result] = useUnsubscribeMutation();
  const manage = (
    <Link to={manageHref(signedIn)} className={textLink}>
      {signedIn ? t('unsubscribe.manageSignedIn') : t('unsubscribe.manage')}
    </Link>
  );

  let body;
  if (
    !wellFormed ||
    (query.isError && isRefused(query.error)) ||
    (result.isError && isRefused(result.error))
  ) {
    body = (
      <div className="space-y-4">
        <ErrorAlert>{t('unsubscribe.invalid')}</ErrorAlert>
        <p>{manage}</p>
      </div>
    );
  } else if (result.data) {
    body = <Done state={result.data} signedIn={signedIn} />;
  } else if (query.currentData) {
    const state = query.currentData;
    const stopped = state.stoppable.every((one) => one.mode === 'off');
    body =
      state.stoppable.length === 0 ? (
        <div className="space-y-4">
          <p>{t('unsubscribe.safety')}</p>
          <p>{manage}</p>
        </div>
      ) : stopped ? (
        <div className="space-y-4">
          <p>
            <Trans
              t={t}
              i18nKey="unsubscribe.already"
              values={{ email: state.email }}
              components={addressOf}
            />
          </p>
          <Categories state={state} />
          <p>{manage}</p>
        </div>
      ) : (
        <div className="space-y-4">
          <p>
            <Trans t={t} i18nKey="unsubscribe.what" values={{ email: state.email }} components={addressOf} />
          </p>
          <Categories state={state} />
          <p className="text-slate-600 dark:text-slate-400">{t('unsubscribe.inbox')}</p>
          {result.isError ? <FailureAlert failure={toApiFailure(result.error)} /> : null}
          <Button
            className="w-full"
            aria-disabled={result.isLoading}
            aria-busy={result.isLoading}
            onClick={() => {
              if (!result.isLoading) void unsubscribe(token);
            }}
          >
            {result.isLoading ? <Spinner /> : <MailX aria-hidden="true" className="size-4" />}
            {result.isLoading ? t('unsubscribe.busy') : t('unsubscribe.button')}
          </Button>
          <p className="text-center">{manage}</p>
        </div>
      );
  } else if (query.isError) {
    body = (
      <FailureAlert
        failure={toApiFailure(query.error)}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('unsubscribe.retry')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Skeleton className="space-y-3">
        <span className="sr-only">{t('unsubscribe.loading')}</span>
        <Bone className="h-4 w-full" />
        <Bone className="h-4 w-2/3" />
        <Bone className="h-11 w-full rounded-xl" />
      </Skeleton>
    );
  }

  return <div className="mt-5 text-sm text-slate-800 dark:text-slate-200">{body}</div>;
}

/** The address in a sentence: read left to right whatever the page's direction. */
const addressOf = { addr: <bdi dir="ltr" className="font-semibold" /> };

/** The kinds of mail the link names, by their plain names. */
function Categories({ state }: { state: TUnsubscribeState }) {
  const { t } = useTranslation('inbox');
  return (
    <ul className="list-disc space-y-1 ps-5">
      {state.stoppable.map(({ category }) => (
        <li key={category}>
          <span className="font-semibold">{t(`categories.${category}`)}</span>
          <span className="text-slate-600 dark:text-slate-400"> – {t(`categoryHints.${category}`)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The mail is stopped: says so, and leads on to every preference. */
function Done({ state, signedIn }: { state: TUnsubscribeState; signedIn: boolean }) {
  const { t } = useTranslation('inbox');
  return (
    <div className="space-y-5 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-emerald-600 dark:text-emerald-400" />
      <p role="status" className="text-base font-semibold text-slate-900 dark:text-white">
        <Trans t={t} i18nKey="unsubscribe.done" values={{ email: state.email }} components={addressOf} />
      </p>
      <Link to={manageHref(signedIn)} className={`${primaryLink} w-full`}>
        {signedIn ? t('unsubscribe.manageSignedIn') : t('unsubscribe.manage')}
        <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </Link>
    </div>
  );
}
