import { addDays } from '@portal/contracts/kits/dates';
import { csvText } from '../../modules/school-data/csv-text.ts';
import type { TDemoSchool } from './demo-schools.ts';

// The demo schools' report cards (docs/modules.md section 6): report_cards.csv of each bundle
// (docs/school-data.md), without PDFs, so the portal draws each card from the released marks.
// At `mogra`, Omar's term-1 card is published (and opened by his mother: seed.ts), Layla's is
// published and not opened yet, Yousef's is not published; Nour has one. Every child of `bwa`
// and `bcaa` (which grant report cards) has one, and Aisha of `bcad` one that her school does
// not grant (the tests prove the 403 A001 gate on it).

const TERM_ID = 'term-2026-1';

/** The id of the demo card of a child: the id the demo school's system gives it. */
export const demoReportCardId = (enrollNumber: string) => `rc-${enrollNumber}-t1`;

const REMARKS: Record<string, { en: string; ar: string }> = {
  MG1001: {
    en: 'Omar works steadily and helps his classmates. He should keep practising algebra at home.',
    ar: 'يعمل عمر بانتظام ويساعد زملاءه. عليه أن يواصل التدرب على الجبر في المنزل.',
  },
  MG1002: {
    en: 'Layla is curious and reads widely. Her written work is careful and well presented.',
    ar: 'ليلى فضولية وتقرأ كثيرًا. أعمالها المكتوبة متقنة وحسنة العرض.',
  },
  MG1003: {
    en: 'Yousef has settled in well and enjoys group work.',
    ar: 'تأقلم يوسف جيدًا ويستمتع بالعمل الجماعي.',
  },
};

const DEFAULT_REMARK = {
  en: 'A good term: keep up the effort and the reading at home.',
  ar: 'فصل جيد: واصل الاجتهاد والقراءة في المنزل.',
};

/** Which children of a demo school have a card, and how many days before the seed day it was published (null: a draft). */
function cardsOf(school: TDemoSchool): { enrollNumber: string; daysAgo: number | null }[] {
  const children = school.parents.flatMap((parent) => parent.children.map((child) => child.enrollNumber));
  switch (school.schoolId) {
    case 'mogra':
      return [
        { enrollNumber: 'MG1001', daysAgo: 6 },
        { enrollNumber: 'MG1002', daysAgo: 2 },
        { enrollNumber: 'MG1003', daysAgo: null },
        { enrollNumber: 'MG2001', daysAgo: 2 },
      ];
    case 'bcad':
      return [{ enrollNumber: 'BC3101', daysAgo: 3 }];
    case 'bwa':
    case 'bcaa':
      return children.map((enrollNumber) => ({ enrollNumber, daysAgo: 3 }));
    default:
      return [];
  }
}

/** File name -> CSV text of the report cards of a demo school's bundle (none for a school without). */
export function demoReportCardFiles(school: TDemoSchool, seedDay: string): Map<string, string> {
  const cards = cardsOf(school);
  if (cards.length === 0) return new Map();
  const rows = cards.map(({ enrollNumber, daysAgo }) => {
    const remark = REMARKS[enrollNumber] ?? DEFAULT_REMARK;
    return {
      sourcedId: demoReportCardId(enrollNumber),
      enrollNumber,
      termSourcedId: TERM_ID,
      title_en: 'Term 1 report card',
      title_ar: 'تقرير الفصل الأول',
      remark_en: remark.en,
      remark_ar: remark.ar,
      publishedAt: daysAgo === null ? '' : `${addDays(seedDay, -daysAgo)}T08:00:00+04:00`,
    };
  });
  const columns = [
    'sourcedId',
    'status',
    'dateLastModified',
    'enrollNumber',
    'termSourcedId',
    'title_en',
    'title_ar',
    'pdf_en',
    'pdf_ar',
    'remark_en',
    'remark_ar',
    'publishedAt',
  ];
  return new Map([['report_cards.csv', csvText(columns, rows)]]);
}
