import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Mail, Search, X } from 'lucide-react';
import { MAX_SEARCH_LENGTH } from '@portal/contracts/families/publications';
import type { TChildModulePageProps } from '../../../components/module/child-module-page.tsx';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { PagedListBody } from '../../../components/module/paged-list-body.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useGetEmailArchiveInfiniteQuery } from '../api.ts';
import { EmailList, EmailListSkeleton } from '../components/email-list.tsx';
import { EmailReader } from '../components/email-reader.tsx';
import { NothingOpen, paneCard, SplitView } from '../components/split-view.tsx';
import { useFocusBack, useOpenItem } from '../components/use-open-item.ts';

type TEmailArchivePageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/** How long the search waits after the last key before it asks. */
const SEARCH_DELAY_MS = 400;

/**
 * `/email`: every mail the portal sent the parent (notices and daily digests), newest first,
 * searchable; the one opened (`?mail=<id>`) reads beside the list on a wide screen, in its
 * place on a phone.
 */
export function EmailArchivePage({ title, icon }: TEmailArchivePageProps) {
  const { t } = useTranslation('communication');
  const item = useOpenItem('mail');
  const [focusId, setFocusId] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');

  useEffect(() => {
    const timer = window.setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  return (
    <div className="space-y-4">
      <PageHeader title={title} icon={icon} />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('email.intro')}</p>
      <SplitView
        detailOpen={item.id !== null}
        list={
          <Emails
            typed={typed}
            onType={setTyped}
            q={q}
            onSearch={() => setQ(typed.trim())}
            openId={item.id}
            hrefOf={item.hrefOf}
            onOpen={setFocusId}
          />
        }
        detail={
          item.id ? (
            <EmailReader
              key={item.id}
              id={item.id}
              focusHeading={focusId === item.id}
              onBack={() => {
                setFocusId(null);
                item.close();
              }}
            />
          ) : (
            <NothingOpen
              icon={<Mail aria-hidden="true" className="size-8 text-slate-400" />}
              text={t('email.choose')}
            />
          )
        }
      />
    </div>
  );
}

interface TEmailsProps {
  typed: string;
  onType: (value: string) => void;
  /** The search asked for. */
  q: string;
  /** Searches what is typed now, without waiting. */
  onSearch: () => void;
  openId: string | null;
  hrefOf: (id: string) => string;
  onOpen: (id: string) => void;
}

/** The list pane: the search box and the mails found, paged, with their loading, empty and failed states. */
function Emails({ typed, onType, q, onSearch, openId, hrefOf, onOpen }: TEmailsProps) {
  const { t } = useTranslation('communication');
  const searchId = useId();
  const list = useFocusBack<HTMLDivElement>(openId, 'mail');
  const query = useGetEmailArchiveInfiniteQuery({ q });
  const pages = query.currentData?.pages;
  const emails = pages?.flatMap((page) => page.items) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };

  return (
    <section aria-label={t('email.list')} className={paneCard}>
      <form role="search" onSubmit={submit} className="border-b border-slate-200 p-3 dark:border-slate-800">
        <label htmlFor={searchId} className="sr-only">
          {t('email.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-slate-500 dark:text-slate-400"
          />
          <input
            id={searchId}
            type="search"
            value={typed}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t('email.search')}
            onChange={(event) => onType(event.target.value)}
            className={cx(
              'block min-h-11 w-full rounded-xl border border-slate-300 bg-white ps-9 pe-11 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 [&::-webkit-search-cancel-button]:hidden',
              focusRing,
            )}
          />
          {typed ? (
            <button
              type="button"
              onClick={() => {
                onType('');
                document.getElementById(searchId)?.focus();
              }}
              aria-label={t('email.clear')}
              title={t('email.clear')}
              className={cx(
                'absolute inset-y-0 end-0 my-auto inline-flex size-11 items-center justify-center rounded-xl text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                focusRing,
              )}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
      </form>
      <div ref={list} className="min-h-0 flex-1 overflow-y-auto">
        <PagedListBody
          query={query}
          loaded={pages !== undefined}
          skeleton={<EmailListSkeleton />}
          empty={
            emails.length === 0
              ? { icon: Mail, text: q ? t('email.noMatch', { q }) : t('email.empty') }
              : undefined
          }
        >
          <EmailList
            label={q ? t('email.found', { q }) : t('email.list')}
            emails={emails}
            openId={openId}
            hrefOf={(email) => hrefOf(email.id)}
            replace={openId !== null}
            onOpen={(email) => onOpen(email.id)}
          />
        </PagedListBody>
      </div>
    </section>
  );
}
