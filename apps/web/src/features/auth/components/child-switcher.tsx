import { useTranslation } from 'react-i18next';
import type { TChild } from '@portal/contracts/auth';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';
import { MenuButton } from '../../../components/ui/menu-button.tsx';
import { gradeName, sectionName } from '../../../lib/local-names.ts';

/** The first letters of a child's first and last names. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

function ChildPhoto({ child }: { child: TChild }) {
  return (
    <ImageWithFallback
      src={child.sims_student_img_lowres || child.sims_student_img}
      alt=""
      className="size-8 shrink-0 rounded-full object-cover"
      fallbackClassName="size-8 shrink-0 rounded-full bg-purple-100 text-xs font-bold text-purple-800 dark:bg-purple-900 dark:text-purple-100"
      fallback={initialsOf(child.sims_student_full_name)}
    />
  );
}

interface TChildSwitcherProps {
  childList: readonly TChild[];
  selected: TChild | null;
  /** Called with the enrolment number of the chosen child. */
  onSelect: (enrollNumber: string) => void;
}

/**
 * The header's child switcher: shows the selected child; its menu lists every child, the
 * selected one checked, and choosing one makes it the selected child.
 */
export function ChildSwitcher({ childList, selected, onSelect }: TChildSwitcherProps) {
  const { t, i18n } = useTranslation('shell');
  if (!selected || childList.length === 0) return null;
  const name = selected.sims_student_full_name;
  return (
    <MenuButton
      label={t('child.label', { name })}
      menuLabel={t('child.menu')}
      className="max-w-64"
      items={childList.map((child) => ({
        id: child.sims_student_enroll_number,
        label: child.sims_student_full_name,
        description: [gradeName(child, i18n.language), sectionName(child, i18n.language)]
          .filter(Boolean)
          .join(' · '),
        icon: <ChildPhoto child={child} />,
        checked: child.sims_student_enroll_number === selected.sims_student_enroll_number,
        onSelect: () => onSelect(child.sims_student_enroll_number),
      }))}
    >
      <ChildPhoto child={selected} />
      <span dir="auto" className="hidden min-w-0 truncate md:inline">
        {name}
      </span>
    </MenuButton>
  );
}
