import { REQUEST_KIND_MODULES, type TRequestKind } from '@portal/contracts/families/requests';
import { MENU } from '@portal/contracts/menu';
import type { TDatabase } from '../../db/client.ts';
import { childFirstNames, notify, type TNotice } from '../../kits/notify.ts';
import type { TRequestRow } from '../../kits/request-workflow.ts';

// `requests.statusChanged` (docs/modules.md F5 events; docs/notifications.md): when the school
// decides a request, the parents of the children it names are told, in the transaction of the
// decision, naming the children. A request about no child is told to the parent who made it.

/** What each kind is called in a notice. */
const KIND_NAMES: Record<TRequestKind, { en: string; ar: string }> = {
  leave: { en: 'leave request', ar: 'طلب الإجازة' },
  exitSlip: { en: 'exit slip request', ar: 'طلب تصريح الخروج' },
  photocopy: { en: 'photocopy request', ar: 'طلب التصوير' },
  helpdesk: { en: 'help request', ar: 'طلب المساعدة' },
  documentUpload: { en: 'document upload', ar: 'رفع المستند' },
  ambassador: { en: 'ambassador application', ar: 'طلب الترشح سفيرًا' },
  medicalUpdate: { en: 'medical record update', ar: 'طلب تحديث السجل الطبي' },
  counsellingRequest: { en: 'counselling request', ar: 'طلب الإرشاد' },
  parentProfileChange: { en: 'profile change', ar: 'طلب تعديل الملف الشخصي' },
  studentProfileChange: { en: 'student profile change', ar: 'طلب تعديل ملف الطالب' },
  kycDocument: { en: 'identity document', ar: 'وثيقة الهوية' },
  transportChange: { en: 'transport change', ar: 'طلب تغيير النقل' },
};

/** What a request of this kind is called (a notice, Home's list), in both languages. */
export const kindName = (kind: string): { en: string; ar: string } =>
  (KIND_NAMES as Partial<Record<string, { en: string; ar: string }>>)[kind] ?? { en: 'request', ar: 'الطلب' };

/** The page a notice about a request of this kind opens: the kind's own, else the hub. */
export function pathOfKind(kind: string): string {
  const moduleKey: string | undefined = REQUEST_KIND_MODULES[kind as TRequestKind];
  return MENU.find((entry) => entry.key === moduleKey)?.path ?? '/view-requisition';
}

const joinNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Tells the family that the school approved or rejected the request. Answers how many notices were written. */
export async function noticeDecision(
  tx: TDatabase,
  request: TRequestRow,
  /** The request's version after the decision: the same decision is told once. */
  version: number,
  note: string,
): Promise<number> {
  const decision = request.status === 'approved' ? 'approved' : 'rejected';
  const names = await childFirstNames(tx, request.schoolId, request.enrollNumbers);
  const children = request.enrollNumbers.map((enrollNumber) => names.get(enrollNumber) ?? enrollNumber);
  const what = kindName(request.kind);
  const forEn = children.length > 0 ? ` for ${joinNames(children)}` : '';
  const forAr = children.length > 0 ? ` لـ${children.join(' و')}` : '';
  const title =
    decision === 'approved'
      ? { en: `Your ${what.en}${forEn} was approved`, ar: `تمت الموافقة على ${what.ar}${forAr}` }
      : { en: `Your ${what.en}${forEn} was not approved`, ar: `لم تتم الموافقة على ${what.ar}${forAr}` };
  const reason = note.trim();
  const body = {
    en: `${title.en}.${reason ? ` The school wrote: ${reason}` : ''}`,
    ar: `${title.ar}.${reason ? ` كتبت المدرسة: ${reason}` : ''}`,
  };
  const base = {
    schoolId: request.schoolId,
    category: 'requests' as const,
    kind: 'requests.statusChanged',
    dedupeKey: `requests.statusChanged:${request.requestId}:${version}`,
    title,
    body,
    path: pathOfKind(request.kind),
  };
  if (request.enrollNumbers.length === 0)
    return notify(tx, { ...base, enrollNumber: null }, [request.parentId]);
  // One notice per child with one key: each parent gets it once, naming every child.
  const notices: TNotice[] = request.enrollNumbers.map((enrollNumber) => ({ ...base, enrollNumber }));
  return notify(tx, notices);
}
