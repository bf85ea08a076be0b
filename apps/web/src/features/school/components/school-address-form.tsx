import { useState, type FormEvent } from 'react';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { schoolIdFromAddress, schoolUrl } from '../../../lib/school-id.ts';
import { useLazyGetSchoolDetailsQuery } from '../api.ts';
import { goToSchool } from '../go-to-school.ts';

const EXAMPLE_ID = 'yourschool';

/**
 * Where the portal does not list its schools (production): the parent types their school's
 * address or id, and goes there once the portal knows that school.
 */
export function SchoolAddressForm() {
  const { t } = useTranslation('school');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [checkSchool, { isFetching }] = useLazyGetSchoolDetailsQuery();
  const example = schoolUrl(EXAMPLE_ID, '', window.location).replace(/^[a-z]+:\/\//, '');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const id = schoolIdFromAddress(value);
    if (id === '') {
      setError(t('unknown.addressInvalid', { example }));
      return;
    }
    const result = await checkSchool(id, true);
    const status = result.error && 'status' in result.error ? result.error.status : null;
    if (status === 404) {
      setError(t('unknown.addressUnknown', { address: value.trim() }));
      return;
    }
    setError(undefined);
    goToSchool(id);
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-busy={isFetching}>
      <TextField
        label={t('unknown.addressLabel')}
        type="text"
        inputMode="url"
        autoComplete="url"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-describedby="school-address-hint"
        error={error}
      />
      <p id="school-address-hint" className="-mt-2 text-xs text-slate-600 dark:text-slate-300">
        {t('unknown.addressHint')} <bdi dir="ltr">{example}</bdi>
      </p>
      <Button type="submit" disabled={isFetching} className="w-full text-base">
        {isFetching ? <Spinner /> : <ArrowRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />}
        {t('unknown.go')}
      </Button>
    </form>
  );
}
