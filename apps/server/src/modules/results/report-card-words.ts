import type { TLanguage } from '@portal/contracts/constants';
import { documentWords } from '../../kits/documents/words.ts';

/** Every word printed on a report card the portal draws, in English and Arabic. `{name}` marks a value. */
const EN = {
  title: 'Report card',
  student: 'Student',
  enrolmentNo: 'Enrolment no. {enrollNumber}',
  grade: 'Grade',
  term: 'Term',
  dates: 'Dates',
  termDates: '{from} to {to}',
  yearReport: 'Academic year',
  issuedOn: 'Issued on',
  results: 'Results by subject',
  subject: 'Subject',
  assessments: 'Assessments',
  marks: 'Marks',
  percent: 'Percentage',
  gradeColumn: 'Grade',
  overall: 'Overall',
  noResults: 'No results have been released for this term.',
  activities: 'Activities and skills',
  activity: 'Activity',
  attendance: 'Attendance',
  present: 'Days present',
  absent: 'Absences',
  late: 'Days late',
  excused: 'Excused absences',
  attendanceRate: 'Attendance rate',
  remark: "Class teacher's remark",
  legend: 'Grading scale',
  scores: 'Scores',
  meaning: 'Meaning',
  footer: 'Issued electronically by {school} through the parent portal.',
  page: 'Page {page} of {pages}',
};

type TWords = typeof EN;

const AR: TWords = {
  title: 'التقرير المدرسي',
  student: 'الطالب',
  enrolmentNo: 'رقم القيد {enrollNumber}',
  grade: 'الصف',
  term: 'الفصل الدراسي',
  dates: 'المدة',
  termDates: 'من {from} إلى {to}',
  yearReport: 'العام الدراسي',
  issuedOn: 'تاريخ الإصدار',
  results: 'النتائج حسب المادة',
  subject: 'المادة',
  assessments: 'التقييمات',
  marks: 'الدرجات',
  percent: 'النسبة المئوية',
  gradeColumn: 'التقدير',
  overall: 'المجموع العام',
  noResults: 'لم تُعلن أي نتائج لهذا الفصل بعد.',
  activities: 'الأنشطة والمهارات',
  activity: 'النشاط',
  attendance: 'الحضور',
  present: 'أيام الحضور',
  absent: 'أيام الغياب',
  late: 'أيام التأخر',
  excused: 'الغياب بعذر',
  attendanceRate: 'نسبة الحضور',
  remark: 'ملاحظة معلم الصف',
  legend: 'سلم التقديرات',
  scores: 'الدرجات',
  meaning: 'الوصف',
  footer: 'صادر إلكترونيًا عن {school} عبر بوابة أولياء الأمور.',
  page: 'صفحة {page} من {pages}',
};

const WORDS: Record<TLanguage, TWords> = { en: EN, ar: AR };

export type TReportCardWordKey = keyof TWords;

/** The words of a report card's language, with `{name}` values filled in. */
export function reportCardWordsFor(lng: TLanguage) {
  return documentWords<TReportCardWordKey>(WORDS, lng);
}
