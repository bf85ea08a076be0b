import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';

/** An error message announced to assistive technology as soon as it appears. */
export function ErrorAlert({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 space-y-2">
        <p>{children}</p>
        {action}
      </div>
    </div>
  );
}

/**
 * A calm message (a code was sent, a sign-out confirmed), announced politely. `tone` is
 * `success` for something that is done, `info` for what to do next.
 */
export function StatusNotice({
  children,
  tone = 'info',
}: {
  children: ReactNode;
  tone?: 'info' | 'success';
}) {
  const Icon = tone === 'success' ? CircleCheck : Info;
  return (
    <div
      role="status"
      className={
        tone === 'success'
          ? 'flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100'
          : 'flex items-start gap-3 rounded-xl border border-purple-200 bg-purple-50 p-3 text-sm text-purple-900 dark:border-purple-900 dark:bg-purple-950/50 dark:text-purple-100'
      }
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
