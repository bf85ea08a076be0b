import type { TThreadContact } from '@portal/contracts/families/publications';
import { SchoolText } from '../../../components/module/school-text.tsx';

/** A staff member's name and what they are to the child, in the page's language. */
export function StaffName({ staff, className }: { staff: TThreadContact; className?: string }) {
  return (
    <span className={className}>
      <span className="font-semibold text-slate-900 dark:text-white">
        <SchoolText en={staff.name} ar={staff.nameAr} />
      </span>
      {staff.title ? (
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          <SchoolText en={staff.title} ar={staff.titleAr} />
        </span>
      ) : null}
    </span>
  );
}
