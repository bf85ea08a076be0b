import { and, eq } from 'drizzle-orm';
import { addDays } from '@portal/contracts/kits/dates';
import type { TDatabase } from '../client.ts';
import { feeItems } from '../schema/index.ts';
import { headerOf } from '../../kits/bundle-file.ts';
import { formatDocumentNumber, takeDocumentNumbers } from '../../modules/fees/document-numbers.ts';
import { csvText } from '../../modules/school-data/csv-text.ts';
import { tripsFile } from '../../modules/trips/import.ts';
import { decideConsent } from '../../modules/trips/trips.ts';
import { at } from './fee-plan.ts';
import { insertPayments, seedPayment } from './payments.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo's school trips (docs/modules.md section 6), in each demo school's bundle as trips.csv
// (docs/school-data.md) and through the import like a school's. At mogra: grade 6B's zoo visit,
// which costs money and waits for Layla's consent; grade 9's desert camp, to which the family
// consented for Omar and paid through the fees; grade 2's free farm visit for Yousef; grade 4's
// free science centre visit for Nour (family.haddad@mogra.demo). bcad (which does not grant
// trips) has one, so the tests prove the 403 A001 gate.

type TText = readonly [en: string, ar: string];

type TDemoTrip = {
  id: string;
  title: TText;
  description: TText;
  place: TText;
  /** Days after the seed day it leaves, and the times out and back (the school's zone, +04:00). */
  departsIn: number;
  times: readonly [out: string, back: string];
  cost: string;
  consentIn: number;
  grades?: string[];
  sections?: string[];
};

const ZOO: TDemoTrip = {
  id: 'trip-mg-zoo',
  title: ['Grade 6B visit to Al Ain Zoo', 'زيارة الصف السادس (ب) إلى حديقة حيوانات العين'],
  description: [
    'A science day on habitats and conservation. Pupils wear their PE kit and bring a hat, water and a packed lunch.',
    'يوم علمي عن البيئات الطبيعية والمحافظة عليها. يرتدي الطلاب ملابس الرياضة ويحضرون قبعة وماء ووجبة غداء.',
  ],
  place: ['Al Ain Zoo', 'حديقة حيوانات العين'],
  departsIn: 9,
  times: ['07:45', '14:30'],
  cost: '85.00',
  consentIn: 5,
  sections: ['6-B'],
};

const DESERT: TDemoTrip = {
  id: 'trip-mg-desert',
  title: ['Grade 9 desert camp', 'مخيم الصف التاسع في الصحراء'],
  description: [
    'A night under the stars with astronomy, team games and a traditional dinner. Pupils return the next morning.',
    'ليلة تحت النجوم مع علم الفلك والألعاب الجماعية وعشاء تقليدي. يعود الطلاب صباح اليوم التالي.',
  ],
  place: ['Al Qudra desert camp', 'مخيم صحراء القدرة'],
  departsIn: 12,
  times: ['15:00', '10:00'],
  cost: '150.00',
  consentIn: 6,
  grades: ['9'],
};

const FARM: TDemoTrip = {
  id: 'trip-mg-farm',
  title: ['Grade 2 farm visit', 'زيارة الصف الثاني إلى المزرعة'],
  description: [
    'Pupils meet the animals and plant seeds to bring home. The visit is free.',
    'يتعرّف الطلاب على الحيوانات ويزرعون بذوراً يأخذونها إلى المنزل. الزيارة مجانية.',
  ],
  place: ['Emirates Heritage Farm', 'مزرعة الإمارات التراثية'],
  departsIn: 15,
  times: ['08:30', '12:30'],
  cost: '0',
  consentIn: 10,
  grades: ['2'],
};

const SCIENCE_CENTRE: TDemoTrip = {
  id: 'trip-mg-science',
  title: ['Grade 4 visit to the science centre', 'زيارة الصف الرابع إلى مركز العلوم'],
  description: [
    'Hands-on experiments on light and sound. The visit is free.',
    'تجارب عملية عن الضوء والصوت. الزيارة مجانية.',
  ],
  place: ['Sharjah Science Museum', 'متحف الشارقة للعلوم'],
  departsIn: 18,
  times: ['08:00', '13:00'],
  cost: '0',
  consentIn: 12,
  grades: ['4'],
};

const BCAD_TRIP: TDemoTrip = { ...ZOO, id: 'trip-bc-zoo', sections: [], grades: ['7'] };

function tripsOf(school: TDemoSchool): TDemoTrip[] {
  if (school.schoolId === 'mogra') return [ZOO, DESERT, FARM, SCIENCE_CENTRE];
  if (school.schoolId === 'bcad') return [BCAD_TRIP];
  return [];
}

/** trips.csv of a demo school's bundle (none for schools without trips). */
export function demoTripFiles(school: TDemoSchool, seedDay: string): Map<string, string> {
  const list = tripsOf(school);
  const files = new Map<string, string>();
  if (list.length === 0) return files;
  files.set(
    'trips.csv',
    csvText(
      headerOf(tripsFile),
      list.map((trip) => {
        const day = addDays(seedDay, trip.departsIn);
        const overnight = trip.times[1] < trip.times[0];
        return {
          sourcedId: trip.id,
          status: 'active',
          title_en: trip.title[0],
          title_ar: trip.title[1],
          description_en: trip.description[0],
          description_ar: trip.description[1],
          place_en: trip.place[0],
          place_ar: trip.place[1],
          departsAt: `${day}T${trip.times[0]}:00+04:00`,
          returnsAt: `${overnight ? addDays(day, 1) : day}T${trip.times[1]}:00+04:00`,
          cost: trip.cost,
          consentBy: addDays(seedDay, trip.consentIn),
          grades: (trip.grades ?? []).join(';'),
          sections: (trip.sections ?? []).join(';'),
          publishedAt: `${addDays(seedDay, -3)}T07:30:00+04:00`,
        };
      }),
    ),
  );
  return files;
}

/**
 * After the import: the family consented to the desert camp for Omar (the fee line it adds)
 * and paid it two days ago, a succeeded payment like the fee pages make.
 */
export async function seedDemoTripActivity(
  db: TDatabase,
  school: TDemoSchool,
  seedDay: string,
): Promise<void> {
  if (school.schoolId !== 'mogra') return;
  const parent = school.parents[0];
  const omar = parent?.children.find((child) => child.gradeCode.replace(/^0+/, '') === '9');
  if (!parent || !omar) return;
  const session = { schoolId: school.schoolId, parentId: parent.parentId };
  const { feeItemId } = await decideConsent(db, session, DESERT.id, {
    enrollNumber: omar.enrollNumber,
    decision: 'give',
  });
  if (!feeItemId) return;
  const [line] = await db
    .select({ totalMinor: feeItems.totalMinor, academicYear: feeItems.academicYear, term: feeItems.term })
    .from(feeItems)
    .where(and(eq(feeItems.schoolId, school.schoolId), eq(feeItems.id, feeItemId)));
  if (!line) return;
  const payment = seedPayment(
    {
      schoolId: school.schoolId,
      parentId: parent.parentId,
      kind: 'fees',
      amountMinor: line.totalMinor,
      createdAt: at(addDays(seedDay, -2), 9, 10),
    },
    [
      {
        feeItemId,
        enrollNumber: omar.enrollNumber,
        nameEn: `${DESERT.title[0]} (${line.academicYear}, term ${line.term})`,
        nameAr: `${DESERT.title[1]} (${line.academicYear}، الفصل ${line.term})`,
        amountMinor: line.totalMinor,
      },
    ],
  );
  const [docNo] = await takeDocumentNumbers(db, school.schoolId, 'payment', 1);
  const [receiptNo] = await takeDocumentNumbers(db, school.schoolId, 'receipt', 1);
  payment.row.docNo = docNo ?? 0;
  payment.row.receiptNo = formatDocumentNumber('receipt', receiptNo ?? 0);
  await insertPayments(db, [payment]);
  await db
    .update(feeItems)
    .set({ paidMinor: line.totalMinor })
    .where(and(eq(feeItems.schoolId, school.schoolId), eq(feeItems.id, feeItemId)));
}
