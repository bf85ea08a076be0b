import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../client.ts';
import { requestEvents, requests } from '../schema/index.ts';
import { headerOf } from '../../kits/bundle-file.ts';
import { moveRequest, type TActor } from '../../kits/request-workflow.ts';
import { applyApprovedProfileChange } from '../../modules/profile/profile-hooks.ts';
import { parentDetailsFile, studentDetailsFile } from '../../modules/profile/profile-import.ts';
import { proposeChange, type TProfileSubject } from '../../modules/profile/profile-store.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo's parent and child records (docs/modules.md section 6 and F6), through the import like a
// school's (docs/school-data.md, parent_details.csv and student_details.csv), and the family's
// proposed changes, made as a parent and the school make them: Sara's new address, approved
// weeks ago (applied and in the school's change feed), her new mobile number waiting, a blood
// group the school refused for Omar until the clinic sees a report, and Layla's emergency number
// waiting. mogra grants both child pages: the standard one and the South Asian field set, whose
// background section the demo fills too. Nour's record holds nothing yet (the empty states).

const PARENT = 'MG-P001';
const DAY_MS = 86_400_000;
/** Each change of a request a few hours after the last. */
const STEP_MS = 5 * 3_600_000;

const OLD_ADDRESS = 'Apartment 1204, Marina Heights Tower';
const NEW_ADDRESS = 'Villa 14, Street 7, Al Barsha 2';

const PARENT_DETAILS: Record<string, Record<string, Record<string, string>>> = {
  mogra: {
    'MG-P001': {
      mobilePhone: '+971 50 123 4567',
      otherPhone: '+971 4 388 2210',
      correspondenceLanguage: 'ar',
      addressLine: OLD_ADDRESS,
      city: 'Dubai',
      country: 'United Arab Emirates',
      occupation: 'Architect',
      employer: 'Dubai Municipality',
    },
    'MG-P002': { mobilePhone: '+971 52 333 1020', city: 'Sharjah' },
  },
};

const family = {
  nationality: 'Emirati',
  religion: 'Islam',
  homeAddress: NEW_ADDRESS,
  city: 'Dubai',
  emergencyContactName: 'Khalid Al Mansouri',
  emergencyContactRelation: 'Father',
  emergencyContactPhone: '+971 50 998 1122',
  motherTongue: 'Arabic',
  placeOfBirth: 'Dubai',
  fatherOccupation: 'Civil engineer',
  motherOccupation: 'Architect',
};

const STUDENT_DETAILS: Record<string, Record<string, Record<string, string>>> = {
  mogra: {
    MG1001: {
      ...family,
      bloodGroup: 'O+',
      nameNativeScript: 'عمر خالد المنصوري',
      nationalId: '784-2011-4821937-2',
    },
    MG1002: {
      ...family,
      bloodGroup: 'A+',
      nameNativeScript: 'ليلى خالد المنصوري',
      nationalId: '784-2014-7712045-6',
    },
    MG1003: { ...family, nameNativeScript: 'يوسف خالد المنصوري', nationalId: '784-2018-3390218-4' },
  },
};

/** A bundle's parent_details.csv and student_details.csv for a demo school (none for the others). */
export function demoProfileFiles(school: TDemoSchool): Map<string, string> {
  const files = new Map<string, string>();
  const parentRows = PARENT_DETAILS[school.schoolId];
  const studentRows = STUDENT_DETAILS[school.schoolId];
  if (parentRows)
    files.set(
      'parent_details.csv',
      csvText(
        headerOf(parentDetailsFile),
        Object.entries(parentRows).map(([parentSourcedId, values]) => ({
          parentSourcedId,
          status: 'active',
          ...values,
        })),
      ),
    );
  if (studentRows)
    files.set(
      'student_details.csv',
      csvText(
        headerOf(studentDetailsFile),
        Object.entries(studentRows).map(([enrollNumber, values]) => ({
          enrollNumber,
          sourcedId: enrollNumber,
          status: 'active',
          ...values,
        })),
      ),
    );
  return files;
}

type TDemoChange = {
  subject: TProfileSubject;
  set: 'parent' | 'standard' | 'asian';
  changes: Record<string, string>;
  note: string;
  decision?: { to: 'approved' | 'rejected'; note: string };
  madeDaysAgo: number;
};

const CHANGES: TDemoChange[] = [
  {
    subject: { entity: 'parent', schoolId: 'mogra', parentId: PARENT },
    set: 'parent',
    changes: { addressLine: NEW_ADDRESS },
    note: 'We moved house in October.',
    decision: { to: 'approved', note: 'Updated in the school’s records. Thank you.' },
    madeDaysAgo: 20,
  },
  {
    subject: { entity: 'student', schoolId: 'mogra', enrollNumber: 'MG1001' },
    set: 'standard',
    changes: { bloodGroup: 'B+' },
    note: 'His new sports club card says B+.',
    decision: { to: 'rejected', note: 'Please send the laboratory report to the school clinic first.' },
    madeDaysAgo: 9,
  },
  {
    subject: { entity: 'parent', schoolId: 'mogra', parentId: PARENT },
    set: 'parent',
    changes: { mobilePhone: '+971 55 765 4321' },
    note: 'My old number is no longer in use.',
    madeDaysAgo: 2,
  },
  {
    subject: { entity: 'student', schoolId: 'mogra', enrollNumber: 'MG1002' },
    set: 'asian',
    changes: { emergencyContactPhone: '+971 50 998 3344' },
    note: 'Her father has a new number.',
    madeDaysAgo: 1,
  },
];

/** The mogra family's profile changes, in the states the demo shows (mogra only). */
export async function seedDemoProfileActivity(db: TDatabase, school: TDemoSchool): Promise<void> {
  const now = Date.now();
  const schoolActor: TActor = { kind: 'key', id: 'demo' };
  for (const demo of CHANGES.filter((one) => one.subject.schoolId === school.schoolId)) {
    const { change } = await proposeChange(db, demo.subject, demo.set, PARENT, {
      changes: demo.changes,
      note: demo.note,
    });
    const key = { schoolId: school.schoolId, requestId: change.id };
    const { decision } = demo;
    if (decision)
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as TDatabase;
        const moved = await moveRequest(tx, key, decision.to, schoolActor, { note: decision.note });
        if (decision.to === 'approved') await applyApprovedProfileChange(tx, moved);
      });
    const made = now - demo.madeDaysAgo * DAY_MS;
    await db.execute(sql`
      update ${requestEvents}
      set at = to_timestamp(${made / 1000}::double precision + (${requestEvents.seq} - 1) * ${STEP_MS / 1000}::double precision)
      where ${requestEvents.schoolId} = ${key.schoolId} and ${requestEvents.requestId} = ${key.requestId}`);
    await db
      .update(requests)
      .set({ createdAt: new Date(made), updatedAt: new Date(made + (decision ? STEP_MS : 0)) })
      .where(and(eq(requests.schoolId, key.schoolId), eq(requests.requestId, key.requestId)));
  }
}
