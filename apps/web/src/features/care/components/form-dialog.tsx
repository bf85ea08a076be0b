import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { TApiFailure } from '../../../lib/api-error.ts';

interface TFormDialogProps {
  /** The button that opens the dialog ("Suggest an update"). */
  openLabel: string;
  icon: LucideIcon;
  title: string;
  submitLabel: string;
  /** Said once the request is sent and the dialog closed. */
  sentMessage: string;
  sending: boolean;
  /** Why the server refused the last try; shown in the dialog. */
  failure: TApiFailure | null;
  /** Checks and sends the form; true when it was sent (the dialog then closes). */
  onSubmit: () => Promise<boolean>;
  /** Makes the form new again each time the dialog opens. */
  onOpen: () => void;
  /** The form's fields. */
  children: ReactNode;
}

/** A request the parent makes from a care page: a button, and the form in a modal dialog. */
export function FormDialog({
  openLabel,
  icon: Icon,
  title,
  submitLabel,
  sentMessage,
  sending,
  failure,
  onSubmit,
  onOpen,
  children,
}: TFormDialogProps) {
  const { t } = useTranslation('care');
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (await onSubmit()) {
      setOpen(false);
      setSent(sentMessage);
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          onOpen();
          setSent('');
          setOpen(true);
        }}
      >
        <Icon aria-hidden="true" className="size-4" />
        {openLabel}
      </Button>
      <p role="status" className="sr-only">
        {sent}
      </p>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        icon={<Icon aria-hidden="true" className="size-5" />}
        actions={
          <>
            <Button type="submit" form={formId} aria-disabled={sending} aria-busy={sending}>
              {sending ? <Spinner /> : null}
              {sending ? t('form.sending') : submitLabel}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('form.cancel')}
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {children}
          {failure ? <FailureAlert failure={failure} /> : null}
        </form>
      </Dialog>
    </>
  );
}
