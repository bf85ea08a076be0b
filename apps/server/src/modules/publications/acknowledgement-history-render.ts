import type { TLanguage } from '@portal/contracts/constants';
import { COLORS, drawHeader, drawNote, drawParties, drawTable } from '../../kits/documents/blocks.ts';
import { formatDay, formatInstant, numberLocaleOf } from '../../kits/documents/format.ts';
import { openDocument } from '../../kits/documents/pdf-document.ts';
import { withBuffers } from '../../kits/documents/render-thread.ts';
import { drawHeading } from '../../kits/documents/sections.ts';
import type { TDocumentBrand } from '../../kits/documents/types.ts';
import { documentWords } from '../../kits/documents/words.ts';

// The acknowledgement history (docs/modules.md section 5, "Acknowledgement history";
// docs/decisions/021-publications-and-inbox.md): every acknowledgement and consent a family
// gave, newest first, each with its time in the school's time zone, what it was about, the
// child and who gave it. A family's proof when "never acknowledged" is claimed. Pure: it runs
// on a render thread from plain data.

/** A pair of school texts: English, and Arabic ('' when the school gave none). */
export type TPair = { en: string; ar: string };

/** What a row of the history acknowledged or consented to. */
export const HISTORY_KINDS = ['circular', 'policy', 'incident', 'consent'] as const;
export type THistoryKind = (typeof HISTORY_KINDS)[number];

export type THistoryRow = {
  /** When it was given (ISO). */
  at: string;
  kind: THistoryKind;
  title: TPair;
  /** The version acknowledged (a policy's); null when the subject has none. */
  version: string | null;
  childName: string;
  /** Given by the parent the history is for; otherwise by the child's other parent. */
  byYou: boolean;
};

export type TAcknowledgementHistoryData = {
  school: TDocumentBrand;
  parent: TPair;
  children: string[];
  /** The school's day the history was drawn on, `YYYY-MM-DD`. */
  drawnOn: string;
  rows: THistoryRow[];
};

export const ACK_HISTORY_RENDER_KIND = 'acknowledgementHistory';
export type TAcknowledgementHistoryRenderTask = {
  kind: typeof ACK_HISTORY_RENDER_KIND;
  data: TAcknowledgementHistoryData;
  lng: TLanguage;
};

/** Every word the history prints, in English and Arabic. `{name}` marks a value. */
const EN = {
  title: 'Acknowledgement history',
  parent: 'Parent',
  children: 'Children: {names}',
  drawnOn: 'Issued on',
  count: 'Acknowledgements',
  timeZone: 'Times in',
  heading: 'Acknowledgements and consents, newest first',
  at: 'Date and time',
  item: 'What was acknowledged',
  child: 'Child',
  by: 'Given by',
  anotherParent: 'Another parent',
  circular: 'Circular',
  policy: 'School policy',
  incident: 'Incident report',
  consent: 'Consent',
  version: 'version {version}',
  none: 'No acknowledgements yet. When you acknowledge a circular, a school policy or an incident report, or give a consent, it is listed here with the time it was given.',
  footer: 'Issued electronically by {school} through the parent portal.',
  page: 'Page {page} of {pages}',
};

const AR: typeof EN = {
  title: 'سجل تأكيدات الاطلاع',
  parent: 'ولي الأمر',
  children: 'الأبناء: {names}',
  drawnOn: 'تاريخ الإصدار',
  count: 'عدد التأكيدات',
  timeZone: 'التوقيت حسب',
  heading: 'تأكيدات الاطلاع والموافقات، الأحدث أولًا',
  at: 'التاريخ والوقت',
  item: 'موضوع التأكيد',
  child: 'الابن',
  by: 'بواسطة',
  anotherParent: 'ولي أمر آخر',
  circular: 'تعميم',
  policy: 'سياسة مدرسية',
  incident: 'تقرير حادثة',
  consent: 'موافقة',
  version: 'الإصدار {version}',
  none: 'لا توجد تأكيدات اطلاع بعد. عند تأكيد الاطلاع على تعميم أو سياسة مدرسية أو تقرير حادثة، أو عند إعطاء موافقة، يظهر هنا مع وقت إعطائه.',
  footer: 'صادر إلكترونيًا عن {school} عبر بوابة أولياء الأمور.',
  page: 'صفحة {page} من {pages}',
};

const wordsFor = (lng: TLanguage) => documentWords({ en: EN, ar: AR }, lng);

/** The text of a pair in a language: the Arabic one when the page is Arabic and the school gave it. */
const textIn = (lng: TLanguage, pair: TPair) => (lng === 'ar' && pair.ar ? pair.ar : pair.en);

/** A date, a time or a version isolated left to right, so an Arabic line keeps its order. */
const isolated = (text: string) => `\u2066${text}\u2069`;

/** The acknowledgement history of a family in English or Arabic. */
export async function renderAcknowledgementHistory(
  data: TAcknowledgementHistoryData,
  lng: TLanguage,
): Promise<Buffer> {
  const words = wordsFor(lng);
  const schoolName = textIn(lng, { en: data.school.nameEn, ar: data.school.nameAr });
  const parentName = textIn(lng, data.parent);
  const title = words('title');
  const drawnOn = formatDay(data.drawnOn);
  const { writer: w, finish } = openDocument(lng, {
    title: `${title} · ${parentName}`,
    author: schoolName,
    footer: words('footer', { school: schoolName }),
    pageLabel: (page, pages) => `${parentName} · ${words('page', { page, pages })}`,
  });

  let y = drawHeader(w, { school: data.school, lng, title, docNo: isolated(drawnOn) });
  y = drawParties(
    w,
    y,
    {
      label: words('parent'),
      name: parentName,
      lines:
        data.children.length > 0
          ? [
              {
                text: words('children', { names: data.children.join(lng === 'ar' ? '، ' : ', ') }),
                muted: true,
              },
            ]
          : [],
    },
    [
      { label: words('drawnOn'), value: isolated(drawnOn) },
      {
        label: words('count'),
        value: new Intl.NumberFormat(numberLocaleOf(lng)).format(data.rows.length),
      },
      { label: words('timeZone'), value: isolated(data.school.timeZone) },
    ],
  );

  y = drawHeading(w, y, words('heading'));
  if (data.rows.length === 0) {
    drawNote(w, y, words('none'), COLORS.muted, COLORS.band);
    return finish();
  }
  const [atWidth, childWidth, byWidth] = [112, 120, 104];
  drawTable(
    w,
    y,
    [
      { header: words('at'), width: atWidth, align: 'start' },
      {
        header: words('item'),
        width: w.contentWidth - atWidth - childWidth - byWidth,
        align: 'start',
        wrap: true,
      },
      { header: words('child'), width: childWidth, align: 'start', wrap: true },
      { header: words('by'), width: byWidth, align: 'start', wrap: true },
    ],
    data.rows.map((row) => {
      const version = row.version ? ` (${words('version', { version: isolated(row.version) })})` : '';
      return [
        isolated(formatInstant(row.at, lng, data.school.timeZone)),
        `${words(row.kind)}: ${textIn(lng, row.title)}${version}`,
        row.childName,
        row.byYou ? parentName : words('anotherParent'),
      ];
    }),
  );
  return finish();
}

/** The PDF of an acknowledgement history task, on a render thread (src/render-worker.ts). */
export function renderAcknowledgementHistoryTask(task: TAcknowledgementHistoryRenderTask): Promise<Buffer> {
  return renderAcknowledgementHistory(withBuffers(task.data), task.lng);
}
