import { useEffect, useRef, useState } from 'react';
import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { cx } from '../../../lib/class-names.ts';
import { setSchoolId } from '../../../lib/school-id.ts';
import { schoolChoices, useGetSchoolDirectoryQuery } from '../api.ts';
import { SchoolCard, SchoolList } from './school-list.tsx';

const CHANGE_ID = 'school-picker-change';

/**
 * The school picker of the test environment (plain localhost or an IP): each school of the
 * server's directory, plus the demo school, by logo and name. The choice is kept in
 * localStorage (`client-id`); once made, the picker shows it with a way to change it.
 */
export function SchoolPicker({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation('school');
  const { data, isLoading } = useGetSchoolDirectoryQuery();
  const choices = schoolChoices(data);
  const chosen = schoolId !== '';
  const [listOpen, setListOpen] = useState(false);
  // After the list opens or closes, the focus goes where the parent continues.
  const [moveFocus, setMoveFocus] = useState<'list' | 'change' | null>(null);
  const listFocus = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  useEffect(() => {
    if (moveFocus === 'list') listFocus.current?.focus();
    if (moveFocus === 'change') document.getElementById(CHANGE_ID)?.focus();
  }, [moveFocus]);

  const choice = choices.find((each) => each.id === schoolId) ?? {
    id: schoolId,
    nameEn: '',
    nameAr: '',
    logo: '',
  };
  return (
    <div
      role="group"
      aria-labelledby="school-picker-label"
      aria-describedby="school-picker-hint"
      className={cx(
        'rounded-2xl p-4',
        chosen
          ? 'bg-slate-50 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700'
          : 'bg-purple-50 ring-2 ring-purple-600 dark:bg-purple-950/40 dark:ring-purple-400',
      )}
    >
      <p
        id="school-picker-label"
        className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-100"
      >
        <Building2 aria-hidden="true" className="size-4" />
        {t('picker.label')}
      </p>
      <p id="school-picker-hint" className="-mt-1 mb-3 text-xs text-slate-600 dark:text-slate-300">
        {chosen ? t('picker.hint') : t('picker.required')}
      </p>
      {chosen && !listOpen ? (
        <div className="flex flex-wrap items-center gap-2">
          {/* On a narrow screen the button goes under the name rather than squeezing it. */}
          <div className="flex min-w-48 flex-1">
            <SchoolCard choice={choice} />
          </div>
          <Button
            id={CHANGE_ID}
            variant="secondary"
            onClick={() => {
              setListOpen(true);
              setMoveFocus('list');
            }}
          >
            {t('picker.change')}
          </Button>
        </div>
      ) : isLoading ? (
        <Loading fullScreen={false} />
      ) : (
        <SchoolList
          choices={choices}
          label={t('picker.listLabel')}
          current={schoolId}
          focusRef={listFocus}
          onChoose={(id) => {
            setSchoolId(id);
            setListOpen(false);
            setMoveFocus('change');
          }}
        />
      )}
    </div>
  );
}
