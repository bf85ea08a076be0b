import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { addDays } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../client.ts';
import { attachmentBlobs, attachments, notifications } from '../schema/index.ts';
import { headerOf } from '../../kits/bundle-file.ts';
import { moveRequest, type TActor } from '../../kits/request-workflow.ts';
import { kycTypesFile } from '../../modules/profile/kyc-import.ts';
import { sendKycReminders } from '../../modules/profile/kyc-reminders.ts';
import { uploadKycDocument } from '../../modules/profile/kyc-store.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo's identity documents (docs/modules.md section 6): the types come in through the
// import (kyc_types.csv, docs/school-data.md) and the documents the way a family sends them
// (the attachment kit, then an upload through the request workflow, which the school decides).
// mogra, parent@mogra.demo: the parent's Emirates ID, approved, expiring in 25 days (its 30-day
// reminder told five days ago); Omar's passport, approved, valid for years; Layla's passport,
// sent and waiting for the school. family.haddad@mogra.demo has none (the empty state). bcad has
// types but does not grant the module (the 403 `A001` gate meets real rows).

type TText = { en: string; ar: string };
type TDemoType = { id: string; name: TText; owner: 'parent' | 'student'; required: boolean };

const MOGRA_TYPES: TDemoType[] = [
  {
    id: 'kyc-eid-parent',
    name: { en: 'Emirates ID', ar: 'الهوية الإماراتية' },
    owner: 'parent',
    required: true,
  },
  { id: 'kyc-passport-parent', name: { en: 'Passport', ar: 'جواز السفر' }, owner: 'parent', required: false },
  { id: 'kyc-passport-child', name: { en: 'Passport', ar: 'جواز السفر' }, owner: 'student', required: true },
  {
    id: 'kyc-eid-child',
    name: { en: 'Emirates ID', ar: 'الهوية الإماراتية' },
    owner: 'student',
    required: true,
  },
  {
    id: 'kyc-visa-child',
    name: { en: 'Residence visa', ar: 'تأشيرة الإقامة' },
    owner: 'student',
    required: false,
  },
];

const BCAD_TYPES: TDemoType[] = [
  { id: 'kyc-passport-child', name: { en: 'Passport', ar: 'جواز السفر' }, owner: 'student', required: true },
];

/** A bundle's kyc_types.csv for a demo school (none for the others). */
export function demoKycFiles(school: TDemoSchool): Map<string, string> {
  const types = { mogra: MOGRA_TYPES, bcad: BCAD_TYPES }[school.schoolId];
  const files = new Map<string, string>();
  if (!types) return files;
  files.set(
    'kyc_types.csv',
    csvText(
      headerOf(kycTypesFile),
      types.map((type, position) => ({
        sourcedId: type.id,
        status: 'active',
        name_en: type.name.en,
        name_ar: type.name.ar,
        owner: type.owner,
        required: type.required ? 'true' : 'false',
        position,
      })),
    ),
  );
  return files;
}

const OWNER = { schoolId: 'mogra', parentId: 'MG-P001' };
const DAY_MS = 86_400_000;

/** A parent's unused attachment standing for a scanned document, as the attachment kit keeps it. */
async function demoScan(db: TDatabase, fileName: string): Promise<string> {
  const bytes = Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${fileName}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
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

/** The demo family's documents (mogra only). */
export async function seedDemoKycActivity(
  db: TDatabase,
  school: TDemoSchool,
  today: string,
  now: Date,
): Promise<void> {
  if (school.schoolId !== 'mogra') return;
  const staff: TActor = { kind: 'key', id: 'demo-staff-api' };
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const approve = async (requestId: string, note: string) =>
    moveRequest(db, { schoolId: OWNER.schoolId, requestId }, 'approved', staff, { note });
  const emiratesId = await uploadKycDocument(
    db,
    OWNER,
    {
      typeId: 'kyc-eid-parent',
      enrollNumber: null,
      number: '784-1985-1234567-1',
      expiresOn: addDays(today, 25),
      attachmentIds: [await demoScan(db, 'emirates-id-front-back.pdf')],
    },
    addDays(today, -340),
    daysAgo(340),
  );
  await approve(emiratesId.requestId, 'Checked against the original.');
  const passport = await uploadKycDocument(
    db,
    OWNER,
    {
      typeId: 'kyc-passport-child',
      enrollNumber: 'MG1001',
      number: 'N1234567',
      expiresOn: addDays(today, 4 * 365 + 120),
      attachmentIds: [await demoScan(db, 'omar-passport.pdf')],
    },
    addDays(today, -200),
    daysAgo(200),
  );
  await approve(passport.requestId, '');
  await uploadKycDocument(
    db,
    OWNER,
    {
      typeId: 'kyc-passport-child',
      enrollNumber: 'MG1002',
      number: 'N7654321',
      expiresOn: addDays(today, 5 * 365),
      attachmentIds: [await demoScan(db, 'layla-passport.pdf')],
    },
    addDays(today, -2),
    daysAgo(2),
  );
  // The Emirates ID's reminder of 30 days before was told five days ago, and read.
  await sendKycReminders(db, daysAgo(5), OWNER.schoolId);
  await db
    .update(notifications)
    .set({ mailState: 'sent', mailedAt: notifications.createdAt, readAt: notifications.createdAt })
    .where(
      and(
        eq(notifications.schoolId, OWNER.schoolId),
        inArray(notifications.kind, ['documents.expiring', 'documents.expired']),
      ),
    );
}
