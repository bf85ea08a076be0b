import { createHash } from 'node:crypto';
import { addDays } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../client.ts';
import { and, eq } from 'drizzle-orm';
import { attachmentBlobs, attachments, notifications } from '../schema/index.ts';
import { moveRequest, type TActor } from '../../kits/request-workflow.ts';
import { sendDocument } from '../../modules/requests/uploads.ts';
import { askForDocument, documentUploadKindHooks } from '../../modules/requests/upload-store.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The documents the school asked of the demo family (docs/modules.md section 6), made the way the
// school and the parent make them: the asks through the staff API's own function, the answers
// through the attachment kit and the request workflow. Layla's passport copy is still wanted,
// Omar's vaccination record is under review and Yousef's photo was accepted. Every other family is
// asked for one form.

const PARENT = 'MG-P001';
const OWNER = { schoolId: 'mogra', parentId: PARENT };

/** A small, valid one-page PDF standing for a scanned document. */
function demoPdf(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${label}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** A parent's unused attachment, as the attachment kit keeps it. */
async function demoAttachment(db: TDatabase, fileName: string): Promise<string> {
  const bytes = demoPdf(fileName);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db
    .insert(attachmentBlobs)
    .values({ schoolId: OWNER.schoolId, sha256, sizeBytes: bytes.length, bytes })
    .onConflictDoNothing();
  const [row] = await db
    .insert(attachments)
    .values({ ...OWNER, fileName, contentType: 'application/pdf', sizeBytes: bytes.length, sha256 })
    .returning({ id: attachments.attachmentId });
  return row!.id;
}

/** The demo family's document requests (mogra only). */
export async function seedDemoUploadActivity(
  db: TDatabase,
  school: TDemoSchool,
  seedDay: string,
): Promise<void> {
  const key = 'demo-staff-api';
  // Every other family is asked for its emergency contact form, still wanted.
  for (const parent of school.parents) {
    if (parent.parentId === PARENT || parent.children.length === 0) continue;
    await askForDocument(
      db,
      school.schoolId,
      {
        enrollNumbers: parent.children.map((child) => child.enrollNumber),
        title_en: 'Emergency contact form',
        title_ar: 'نموذج جهات الاتصال في الطوارئ',
        details_en: 'The signed form with two people the school may call in an emergency.',
        details_ar: 'النموذج موقعًا، مع شخصين يمكن للمدرسة الاتصال بهما في حالات الطوارئ.',
        dueOn: addDays(seedDay, 20),
      },
      key,
    );
  }
  await seededNoticesMailed(db, school.schoolId);
  if (school.schoolId !== 'mogra') return;
  const school_: TActor = { kind: 'key', id: key };
  const [passport] = await askForDocument(
    db,
    OWNER.schoolId,
    {
      enrollNumbers: ['MG1002'],
      title_en: 'Passport copy',
      title_ar: 'نسخة من جواز السفر',
      details_en: 'A clear copy of the photo page of Layla’s current passport, for the re-registration.',
      details_ar: 'نسخة واضحة من صفحة الصورة في جواز سفر ليلى الحالي، لإعادة التسجيل.',
      dueOn: addDays(seedDay, 10),
    },
    key,
  );
  const [vaccination] = await askForDocument(
    db,
    OWNER.schoolId,
    {
      enrollNumbers: ['MG1001'],
      title_en: 'Vaccination record',
      title_ar: 'سجل التطعيمات',
      details_en: 'The full vaccination card, both sides, for the school nurse.',
      details_ar: 'بطاقة التطعيمات كاملة من الجهتين، لممرضة المدرسة.',
      dueOn: addDays(seedDay, 5),
    },
    key,
  );
  const [photo] = await askForDocument(
    db,
    OWNER.schoolId,
    {
      enrollNumbers: ['MG1003'],
      title_en: 'Passport-size photo',
      title_ar: 'صورة شخصية بمقاس جواز السفر',
      details_en: 'A recent photo on a white background, for the student card.',
      details_ar: 'صورة حديثة بخلفية بيضاء، لبطاقة الطالب.',
      dueOn: addDays(seedDay, -7),
    },
    key,
  );
  if (!passport || !vaccination || !photo) return;
  const sent = await sendDocument(db, OWNER, vaccination, [
    await demoAttachment(db, 'omar-vaccination-card.pdf'),
  ]);
  await moveRequest(db, { schoolId: OWNER.schoolId, requestId: sent.requestId }, 'in_review', school_, {
    note: 'The school nurse is checking the record.',
  });
  const accepted = await sendDocument(db, OWNER, photo, [await demoAttachment(db, 'yousef-photo.pdf')]);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDatabase;
    const row = await moveRequest(
      tx,
      { schoolId: OWNER.schoolId, requestId: accepted.requestId },
      'approved',
      school_,
      {
        note: 'Thank you, the photo is on the student card.',
      },
    );
    await documentUploadKindHooks.onApproved?.(tx, row, school_);
  });
  await seededNoticesMailed(db, school.schoolId);
}

/** The demo's asks are told as they would have been, and count as mailed already (only what happens from now on is mailed). */
async function seededNoticesMailed(db: TDatabase, schoolId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ mailState: 'sent', mailedAt: notifications.createdAt })
    .where(and(eq(notifications.schoolId, schoolId), eq(notifications.kind, 'documents.uploadRequested')));
}
