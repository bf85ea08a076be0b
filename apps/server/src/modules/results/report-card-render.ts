import type { TLanguage } from '@portal/contracts/constants';
import {
  COLORS,
  drawHeader,
  drawNote,
  drawParties,
  drawTable,
  drawTotals,
} from '../../kits/documents/blocks.ts';
import { formatDay, numberFormat, numberLocaleOf } from '../../kits/documents/format.ts';
import { openDocument } from '../../kits/documents/pdf-document.ts';
import { withBuffers } from '../../kits/documents/render-thread.ts';
import { drawHeading, drawPanelText } from '../../kits/documents/sections.ts';
import type { TDocumentBrand } from '../../kits/documents/types.ts';
import { reportCardWordsFor } from './report-card-words.ts';

// The report card the portal draws when the school supplied no PDF (docs/modules.md F2): the
// school's head, the child, the term's released results by subject with their grades, the
// activities graded without marks, the term's attendance, the class teacher's remark and the
// legend of every scale used. Pure: it runs on a render thread from plain data.

/** A pair of school texts: English, and Arabic ('' when the school gave none). */
export type TPair = { en: string; ar: string };

export type TReportCardSubject = {
  name: TPair;
  /** Released, scored results counted. */
  count: number;
  score: number;
  max: number;
  /** score / max, 0..1; null without a maximum. */
  percent: number | null;
  /** The band of the subject's scale its percentage falls in; null without a scale. */
  grade: string | null;
};

export type TReportCardData = {
  school: TDocumentBrand;
  card: { id: string; title: TPair; publishedAt: string; remark: TPair };
  child: { enrollNumber: string; name: string; grade: TPair };
  /** null: a report on the whole year. */
  term: { title: TPair; startsOn: string; endsOn: string } | null;
  subjects: TReportCardSubject[];
  total: { score: number; max: number; percent: number | null };
  /** Work graded without marks (a grade given as text). */
  activities: { title: TPair; subject: TPair; grade: string }[];
  /** Days of the term by mark; null when the school recorded none. */
  attendance: { present: number; absent: number; late: number; excused: number } | null;
  legend: { title: TPair; bands: { scores: string; grade: string; descriptor: TPair }[] }[];
};

export const REPORT_CARD_RENDER_KIND = 'reportCard';
export type TReportCardRenderTask = {
  kind: typeof REPORT_CARD_RENDER_KIND;
  data: TReportCardData;
  lng: TLanguage;
};

/** The text of a pair in a language: the Arabic one when the page is Arabic and the school gave it. */
export const textIn = (lng: TLanguage, pair: TPair) => (lng === 'ar' && pair.ar ? pair.ar : pair.en);

const numberIn = (lng: TLanguage, value: number) =>
  numberFormat(numberLocaleOf(lng), { maximumFractionDigits: 2 }).format(value);
const percentIn = (lng: TLanguage, value: number | null) =>
  value === null
    ? '–'
    : numberFormat(numberLocaleOf(lng), { style: 'percent', maximumFractionDigits: 1 }).format(value);

/**
 * A date, a grade (`A*`) or a range of scores, isolated left to right: in an Arabic line its
 * digits would otherwise count as Arabic numbers, its hyphens turn around, and a grade's star
 * move to the other side of its letter.
 */
const isolated = (text: string) => `\u2066${text}\u2069`;

/** The day of an instant in the school's time zone, `DD-MM-YYYY`. */
function dayOf(instant: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return formatDay(day.format(new Date(instant)));
}

/** A report card in English or Arabic. */
export async function renderReportCard(data: TReportCardData, lng: TLanguage): Promise<Buffer> {
  const words = reportCardWordsFor(lng);
  const schoolName = textIn(lng, { en: data.school.nameEn, ar: data.school.nameAr });
  const title = textIn(lng, data.card.title) || words('title');
  const period = data.term ? textIn(lng, data.term.title) : words('yearReport');
  const { writer: w, finish } = openDocument(lng, {
    title: `${title} · ${data.child.name}`,
    author: schoolName,
    footer: words('footer', { school: schoolName }),
    pageLabel: (page, pages) => `${data.child.name} · ${words('page', { page, pages })}`,
  });

  let y = drawHeader(w, { school: data.school, lng, title, docNo: period });
  const grade = textIn(lng, data.child.grade);
  y = drawParties(
    w,
    y,
    {
      label: words('student'),
      name: data.child.name,
      lines: [
        {
          text: [words('enrolmentNo', { enrollNumber: data.child.enrollNumber }), grade]
            .filter(Boolean)
            .join(' · '),
          muted: true,
        },
      ],
    },
    [
      { label: words('term'), value: period },
      ...(data.term
        ? [
            {
              label: words('dates'),
              value: words('termDates', {
                from: isolated(formatDay(data.term.startsOn)),
                to: isolated(formatDay(data.term.endsOn)),
              }),
            },
          ]
        : []),
      { label: words('issuedOn'), value: dayOf(data.card.publishedAt, data.school.timeZone) },
    ],
  );

  y = drawHeading(w, y, words('results'));
  if (data.subjects.length === 0) {
    y = drawNote(w, y, words('noResults'), COLORS.muted, COLORS.band);
  } else {
    const numbers = [80, 90, 90, 70];
    y = drawTable(
      w,
      y,
      [
        {
          header: words('subject'),
          width: w.contentWidth - numbers.reduce((a, b) => a + b, 0),
          align: 'start',
          wrap: true,
        },
        { header: words('assessments'), width: numbers[0] ?? 0, align: 'end' },
        { header: words('marks'), width: numbers[1] ?? 0, align: 'end' },
        { header: words('percent'), width: numbers[2] ?? 0, align: 'end' },
        { header: words('gradeColumn'), width: numbers[3] ?? 0, align: 'end', bold: true },
      ],
      data.subjects.map((subject) => [
        textIn(lng, subject.name),
        numberIn(lng, subject.count),
        `${numberIn(lng, subject.score)}/${numberIn(lng, subject.max)}`,
        percentIn(lng, subject.percent),
        subject.grade ? isolated(subject.grade) : '–',
      ]),
    );
    y = drawTotals(w, y, [
      {
        label: words('overall'),
        value: `${numberIn(lng, data.total.score)}/${numberIn(lng, data.total.max)} · ${percentIn(lng, data.total.percent)}`,
        strong: true,
      },
    ]);
  }

  if (data.activities.length > 0) {
    y = drawHeading(w, y, words('activities'));
    y =
      drawTable(
        w,
        y,
        [
          { header: words('activity'), width: w.contentWidth - 170 - 110, align: 'start', wrap: true },
          { header: words('subject'), width: 170, align: 'start', wrap: true },
          { header: words('gradeColumn'), width: 110, align: 'end', bold: true },
        ],
        data.activities.map((activity) => [
          textIn(lng, activity.title),
          textIn(lng, activity.subject),
          isolated(activity.grade),
        ]),
      ) + 16;
  }

  if (data.attendance) {
    const { present, absent, late, excused } = data.attendance;
    const recorded = present + absent + late + excused;
    const columns = (['present', 'late', 'excused', 'absent', 'attendanceRate'] as const).map((key) => ({
      header: words(key),
      width: w.contentWidth / 5,
      align: 'center' as const,
    }));
    y = drawHeading(w, y, words('attendance'));
    y =
      drawTable(w, y, columns, [
        [
          numberIn(lng, present),
          numberIn(lng, late),
          numberIn(lng, excused),
          numberIn(lng, absent),
          percentIn(lng, recorded > 0 ? (present + late) / recorded : null),
        ],
      ]) + 16;
  }

  const remark = textIn(lng, data.card.remark);
  if (remark) {
    y = drawHeading(w, y, words('remark'));
    y = drawPanelText(w, y, remark);
  }

  for (const scale of data.legend) {
    y = drawHeading(w, y, `${words('legend')} · ${textIn(lng, scale.title)}`);
    y =
      drawTable(
        w,
        y,
        [
          { header: words('gradeColumn'), width: 90, align: 'start', bold: true },
          { header: words('scores'), width: 110, align: 'start' },
          { header: words('meaning'), width: w.contentWidth - 200, align: 'start', wrap: true },
        ],
        scale.bands.map((band) => [
          isolated(band.grade),
          isolated(band.scores),
          textIn(lng, band.descriptor),
        ]),
      ) + 16;
  }
  return finish();
}

/** The PDF of a report card task, on a render thread (src/render-worker.ts). */
export function renderReportCardTask(task: TReportCardRenderTask): Promise<Buffer> {
  return renderReportCard(withBuffers(task.data), task.lng);
}
