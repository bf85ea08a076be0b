import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, CircleDashed, CircleX, Clock } from 'lucide-react';
import type { TFeeStatus, TInvoicePaymentStatus, TPaymentLink, TPaymentStatus } from '@portal/contracts/fees';
import { cx } from '../../../lib/class-names.ts';

type TTone = 'good' | 'warn' | 'bad' | 'neutral';

const tones: Record<TTone, string> = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-400/30',
  warn: 'bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-400/30',
  bad: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950/60 dark:text-red-200 dark:ring-red-400/30',
  neutral:
    'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/30',
};

/** A state in words and an icon, never by colour alone. */
function Badge({ tone, icon, children }: { tone: TTone; icon: ReactNode; children: ReactNode }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[tone],
      )}
    >
      {icon}
      {children}
    </span>
  );
}

const iconClass = 'size-3.5 shrink-0';

/** Paid, due or overdue. */
export function FeeStatusBadge({ status }: { status: TFeeStatus }) {
  const { t } = useTranslation('fees');
  if (status === 'paid') {
    return (
      <Badge tone="good" icon={<CircleCheck aria-hidden="true" className={iconClass} />}>
        {t('status.paid')}
      </Badge>
    );
  }
  if (status === 'overdue') {
    return (
      <Badge tone="bad" icon={<CircleAlert aria-hidden="true" className={iconClass} />}>
        {t('status.overdue')}
      </Badge>
    );
  }
  return (
    <Badge tone="warn" icon={<Clock aria-hidden="true" className={iconClass} />}>
      {t('status.due')}
    </Badge>
  );
}

/** How much of an invoice is paid: paid, partly paid or unpaid. */
export function InvoiceStatusBadge({ status }: { status: TInvoicePaymentStatus }) {
  const { t } = useTranslation('fees');
  const look: Record<TInvoicePaymentStatus, { tone: TTone; icon: ReactNode }> = {
    paid: { tone: 'good', icon: <CircleCheck aria-hidden="true" className={iconClass} /> },
    'partly-paid': { tone: 'warn', icon: <CircleDashed aria-hidden="true" className={iconClass} /> },
    unpaid: { tone: 'neutral', icon: <Clock aria-hidden="true" className={iconClass} /> },
  };
  return (
    <Badge tone={look[status].tone} icon={look[status].icon}>
      {t(`invoiceStatus.${status}`)}
    </Badge>
  );
}

/** Where a payment stands. */
export function PaymentStatusBadge({ status }: { status: TPaymentStatus }) {
  const { t } = useTranslation('fees');
  const look: Record<TPaymentStatus, { tone: TTone; icon: ReactNode }> = {
    succeeded: { tone: 'good', icon: <CircleCheck aria-hidden="true" className={iconClass} /> },
    pending: { tone: 'warn', icon: <Clock aria-hidden="true" className={iconClass} /> },
    declined: { tone: 'bad', icon: <CircleX aria-hidden="true" className={iconClass} /> },
    abandoned: { tone: 'neutral', icon: <CircleDashed aria-hidden="true" className={iconClass} /> },
  };
  return (
    <Badge tone={look[status].tone} icon={look[status].icon}>
      {t(`paymentStatus.${status}`)}
    </Badge>
  );
}

/** Open, paid or expired. */
export function LinkStatusBadge({ status }: { status: TPaymentLink['status'] }) {
  const { t } = useTranslation('fees');
  if (status === 'paid') {
    return (
      <Badge tone="good" icon={<CircleCheck aria-hidden="true" className={iconClass} />}>
        {t('links.status.paid')}
      </Badge>
    );
  }
  if (status === 'expired') {
    return (
      <Badge tone="neutral" icon={<CircleDashed aria-hidden="true" className={iconClass} />}>
        {t('links.status.expired')}
      </Badge>
    );
  }
  return (
    <Badge tone="warn" icon={<Clock aria-hidden="true" className={iconClass} />}>
      {t('links.status.open')}
    </Badge>
  );
}
