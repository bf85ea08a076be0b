import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

interface TResendCodeButtonProps {
  /** Whole seconds before another code may be asked for; 0 when it may be now. */
  remaining: number;
  busy: boolean;
  onResend: () => void;
}

/** Asks for another code; disabled, with the seconds left shown, during the cool-down. */
export function ResendCodeButton({ remaining, busy, onResend }: TResendCodeButtonProps) {
  const { t } = useTranslation('auth');
  return (
    <Button
      variant="ghost"
      disabled={remaining > 0 || busy}
      onClick={onResend}
      className="disabled:opacity-70"
    >
      <RotateCw aria-hidden="true" className="size-4" />
      {remaining > 0 ? t('code.resendIn', { seconds: remaining }) : t('code.resend')}
    </Button>
  );
}
