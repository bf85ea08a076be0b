import { useTranslation } from 'react-i18next';
import { UserRound } from 'lucide-react';

/** A page about one child when the parent has no child on record; `message` says what would show. */
export function NoChild({ message }: { message?: string }) {
  const { t } = useTranslation('module');
  return (
    <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
      <UserRound aria-hidden="true" className="mx-auto size-8 text-slate-400" />
      <p className="mt-3 text-slate-700 dark:text-slate-200">{message ?? t('noChild')}</p>
    </div>
  );
}
