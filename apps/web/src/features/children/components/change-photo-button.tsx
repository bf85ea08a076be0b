import { Suspense, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera } from 'lucide-react';
import type { TChild } from '@portal/contracts/auth';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useTimeZone } from '../../../lib/dates.ts';
import { useOffline } from '../../../lib/offline/connection.ts';
import { useUploadChildPhotoMutation } from '../api.ts';
import { PHOTO_ACCEPT, photoFailure, photoProblem, type TPhotoProblem } from '../photo-check.ts';

/** Why a photo was refused, by message id; the message texts load only then. */
function PhotoError({ problem }: { problem: TPhotoProblem }) {
  const { t } = useTranslation(['messages', 'common']);
  return <ErrorAlert>{t(problem.key, { ...problem.values, defaultValue: t('messages:L000') })}</ErrorAlert>;
}

interface TChangePhotoButtonProps {
  child: TChild;
  /** The server's updated record of the child, once the photo is stored. */
  onUploaded: (child: TChild) => void;
}

/**
 * "Change photo": picks an image (JPEG, PNG, WebP or GIF, at most 10 MB: checked here before
 * anything is sent), uploads it, and hands the updated child on. Busy while uploading;
 * disabled offline.
 */
export function ChangePhotoButton({ child, onUploaded }: TChangePhotoButtonProps) {
  const { t, i18n } = useTranslation('children');
  const timeZone = useTimeZone();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [upload, { isLoading }] = useUploadChildPhotoMutation();
  const offline = useOffline();
  const [problem, setProblem] = useState<TPhotoProblem | null>(null);
  const [done, setDone] = useState(false);
  const name = child.sims_student_full_name;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // The same file can be chosen again after a failure.
    event.currentTarget.value = '';
    if (!file) return;
    setDone(false);
    const refused = photoProblem(file);
    if (refused) {
      setProblem({ key: `messages:${refused}` });
      return;
    }
    setProblem(null);
    const result = await upload({ enrollNumber: child.sims_student_enroll_number, photo: file });
    if ('error' in result) {
      setProblem(photoFailure(toApiFailure(result.error), i18n.language, timeZone));
      return;
    }
    setDone(true);
    onUploaded(result.data);
  };

  // Its parts are items of the caller's wrapping row: the button beside the child's name, the
  // confirmation and the refusal on lines of their own below.
  const label = isLoading ? t('photo.uploadingFor', { name }) : t('photo.changeFor', { name });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        onChange={(event) => void onChange(event)}
        tabIndex={-1}
        aria-hidden="true"
        className="hidden"
      />
      <button
        type="button"
        disabled={isLoading || offline}
        aria-label={label}
        title={label}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
        className={cx(
          'inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-wait disabled:text-slate-400 dark:text-slate-300 dark:disabled:text-slate-500 dark:hover:bg-slate-800 dark:hover:text-white',
          focusRing,
        )}
      >
        {isLoading ? (
          <Spinner className="border-slate-300 border-t-purple-600 dark:border-slate-600 dark:border-t-purple-400" />
        ) : (
          <Camera aria-hidden="true" className="size-5" />
        )}
      </button>
      <span id={hintId} hidden>
        {t('photo.rules')}
      </span>
      <p
        role="status"
        className="basis-full text-sm font-medium text-emerald-700 empty:sr-only dark:text-emerald-300"
      >
        {done ? t('photo.updated', { name }) : ''}
      </p>
      {problem ? (
        <div className="mt-2 basis-full">
          <Suspense fallback={null}>
            <PhotoError problem={problem} />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
