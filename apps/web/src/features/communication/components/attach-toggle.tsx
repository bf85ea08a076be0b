import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paperclip } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { AttachmentField } from '../../../kits/attachments/attachment-field.tsx';

interface TAttachToggleProps {
  onChange: (attachmentIds: string[]) => void;
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * Files to send with a message: a button that opens the attachment field, so the box stays
 * small until the parent wants to attach something.
 */
export function AttachToggle({ onChange, onUploadingChange }: TAttachToggleProps) {
  const { t } = useTranslation('communication');
  const [shown, setShown] = useState(false);
  if (!shown) {
    return (
      <Button variant="ghost" onClick={() => setShown(true)}>
        <Paperclip aria-hidden="true" className="size-4" />
        {t('form.attach')}
      </Button>
    );
  }
  return (
    <AttachmentField label={t('form.files')} onChange={onChange} onUploadingChange={onUploadingChange} />
  );
}
