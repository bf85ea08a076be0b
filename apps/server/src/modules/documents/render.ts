import type { TLanguage } from '@portal/contracts/constants';
import type { TInvoicePaymentStatus } from '@portal/contracts/fees';
import { formatDocumentNumber } from '../fees/document-numbers.ts';
import {
  COLORS,
  drawHeader,
  drawNote,
  drawParties,
  drawRemark,
  drawTable,
  drawTotals,
  type TBadge,
  type TColumn,
} from '../../kits/documents/blocks.ts';
import {
  currencyLabel,
  formatAmount,
  formatDay,
  formatDeduction,
  formatInstant,
  formatMoney,
  formatRate,
} from '../../kits/documents/format.ts';
import { openDocument } from '../../kits/documents/pdf-document.ts';
import type { TDocumentChild, TInvoiceData, TReceiptData, TStoreInvoiceData } from './types.ts';
import { paymentKindWord, wordsFor } from './words.ts';

/** A fee document's page: the school issues it, each page numbered with the document's number. */
function openFeeDocument(lng: TLanguage, meta: { title: string; author: string; docNo: string }) {
  const words = wordsFor(lng);
  return openDocument(lng, {
    title: meta.title,
    author: meta.author,
    footer: words('footer', { school: meta.author }),
    pageLabel: (page, pages) => `${meta.docNo} · ${words('page', { page, pages })}`,
  });
}

const nameIn = (lng: TLanguage, names: { nameEn: string; nameAr: string }) =>
  lng === 'ar' && names.nameAr ? names.nameAr : names.nameEn;

function childLines(lng: TLanguage, child: TDocumentChild) {
  const words = wordsFor(lng);
  const grade = lng === 'ar' && child.gradeAr ? child.gradeAr : child.gradeEn;
  return [
    { text: child.name },
    {
      text: [words('enrolmentNo', { enrollNumber: child.enrollNumber }), grade].filter(Boolean).join(' · '),
      muted: true,
    },
  ];
}

/** The receipt of a succeeded payment, in English or Arabic. */
export async function renderReceipt(data: TReceiptData, lng: TLanguage): Promise<Buffer> {
  const { payment } = data;
  const receiptNo = payment.receiptNo ?? formatDocumentNumber('payment', payment.docNo);
  const schoolName = nameIn(lng, data.school);
  const words = wordsFor(lng);
  const { writer: w, finish } = openFeeDocument(lng, {
    title: `${words('receiptTitle')} ${receiptNo}`,
    author: schoolName,
    docNo: receiptNo,
  });
  const currency = payment.currency;

  let y = drawHeader(w, {
    school: data.school,
    lng,
    title: words('receiptTitle'),
    docNo: receiptNo,
    badge: { text: words('paid'), color: COLORS.paid, tint: COLORS.paidTint },
  });
  y = drawParties(
    w,
    y,
    {
      label: words('receivedFrom'),
      name: nameIn(lng, data.parent),
      lines: data.children.flatMap((child) => childLines(lng, child)),
    },
    [
      { label: words('receiptNo'), value: receiptNo },
      { label: words('paymentReference'), value: formatDocumentNumber('payment', payment.docNo) },
      {
        label: words('paidOn'),
        value: formatInstant(payment.completedAt ?? payment.createdAt, lng, data.school.timeZone),
      },
      { label: words('paymentFor'), value: words(paymentKindWord(payment.kind)) },
      { label: words('paidThrough'), value: words('onlineCard') },
    ],
  );

  const names = new Map(data.children.map((child) => [child.enrollNumber, child.name]));
  const columns: TColumn[] = [
    { header: '#', width: 30, align: 'start' },
    { header: words('description'), width: w.contentWidth - 30 - 170 - 110, align: 'start', wrap: true },
    { header: words('student'), width: 170, align: 'start', wrap: true },
    { header: `${words('amount')} (${currencyLabel(currency, lng)})`, width: 110, align: 'end' },
  ];
  const rows = payment.allocations.map((allocation, index) => [
    String(index + 1),
    nameIn(lng, allocation),
    names.get(allocation.enrollNumber) ?? allocation.enrollNumber,
    formatAmount(allocation.amountMinor, currency, lng),
  ]);
  y = drawTable(w, y, columns, rows);
  y = drawTotals(w, y, [
    { label: words('totalPaid'), value: formatMoney(payment.amountMinor, currency, lng), strong: true },
  ]);
  drawRemark(w, y, words('receiptThanks'));
  return finish();
}

/** How an invoice's payment state is labelled under its number. */
const INVOICE_BADGES: Record<TInvoicePaymentStatus, (words: ReturnType<typeof wordsFor>) => TBadge> = {
  paid: (words) => ({ text: words('paid'), color: COLORS.paid, tint: COLORS.paidTint }),
  'partly-paid': (words) => ({ text: words('partlyPaid'), color: COLORS.notice, tint: COLORS.noticeTint }),
  unpaid: (words) => ({ text: words('unpaid'), color: COLORS.muted, tint: COLORS.band }),
};

/**
 * A tax invoice (with the school's VAT registration number) or a proforma invoice, each
 * saying whether it is paid, partly paid or unpaid, what has been paid and what is left.
 */
export async function renderInvoice(data: TInvoiceData, lng: TLanguage): Promise<Buffer> {
  const { invoice } = data;
  const isTax = invoice.kind === 'tax';
  const schoolName = nameIn(lng, data.school);
  const words = wordsFor(lng);
  const title = isTax ? words('taxInvoiceTitle') : words('proformaTitle');
  const { writer: w, finish } = openFeeDocument(lng, {
    title: `${title} ${invoice.docNo}`,
    author: schoolName,
    docNo: invoice.docNo,
  });
  const currency = invoice.currency;
  const trn = data.school.vatRegistrationNo;

  let y = drawHeader(w, {
    school: data.school,
    lng,
    title,
    docNo: invoice.docNo,
    schoolLines: isTax && trn ? [words('vatRegistrationNo', { trn })] : [],
    badge: INVOICE_BADGES[invoice.paymentStatus](words),
  });
  const details = [
    { label: words('invoiceNo'), value: invoice.docNo },
    { label: words('issuedOn'), value: formatDay(invoice.issuedOn) },
    ...(invoice.dueOn ? [{ label: words('dueOn'), value: formatDay(invoice.dueOn) }] : []),
    { label: words('currency'), value: currency },
  ];
  y = drawParties(
    w,
    y,
    { label: words('billTo'), name: nameIn(lng, data.parent), lines: childLines(lng, data.child) },
    details,
  );
  if (!isTax) y = drawNote(w, y, words('proformaNotice'), COLORS.notice, COLORS.noticeTint);

  const numbers = [78, 66, 52, 64, 82];
  const columns: TColumn[] = [
    {
      header: words('description'),
      width: w.contentWidth - numbers.reduce((a, b) => a + b, 0),
      align: 'start',
      wrap: true,
    },
    { header: words('amount'), width: numbers[0] ?? 0, align: 'end' },
    { header: words('discount'), width: numbers[1] ?? 0, align: 'end' },
    { header: words('vatRate'), width: numbers[2] ?? 0, align: 'end' },
    { header: words('vat'), width: numbers[3] ?? 0, align: 'end' },
    {
      header: `${words('total')} (${currencyLabel(currency, lng)})`,
      width: numbers[4] ?? 0,
      align: 'end',
      bold: true,
    },
  ];
  const amount = (minor: number) => formatAmount(minor, currency, lng);
  const rows = invoice.lines.map((line) => [
    nameIn(lng, line),
    amount(line.amountMinor),
    amount(-line.discountMinor),
    formatRate(line.vatRateBp, lng),
    amount(line.vatMinor),
    amount(line.totalMinor),
  ]);
  y = drawTable(w, y, columns, rows);
  drawTotals(w, y, [
    { label: words('subtotal'), value: formatMoney(invoice.subtotalMinor, currency, lng) },
    { label: words('totalDiscount'), value: formatDeduction(invoice.discountMinor, currency, lng) },
    { label: words('totalVat'), value: formatMoney(invoice.vatMinor, currency, lng) },
    { label: words('total'), value: formatMoney(invoice.totalMinor, currency, lng) },
    { label: words('amountPaid'), value: formatMoney(invoice.paidMinor, currency, lng) },
    { label: words('balance'), value: formatMoney(invoice.balanceMinor, currency, lng), strong: true },
  ]);
  return finish();
}

/** What a child bought at the school store or canteen, paid from the wallet. */
export async function renderStoreInvoice(data: TStoreInvoiceData, lng: TLanguage): Promise<Buffer> {
  const { invoice } = data;
  const schoolName = nameIn(lng, data.school);
  const words = wordsFor(lng);
  const { writer: w, finish } = openFeeDocument(lng, {
    title: `${words('storeInvoiceTitle')} ${invoice.docNo}`,
    author: schoolName,
    docNo: invoice.docNo,
  });
  const currency = invoice.currency;
  let y = drawHeader(w, {
    school: data.school,
    lng,
    title: words('storeInvoiceTitle'),
    docNo: invoice.docNo,
  });
  y = drawParties(
    w,
    y,
    { label: words('billTo'), name: nameIn(lng, data.parent), lines: childLines(lng, data.child) },
    [
      { label: words('invoiceNo'), value: invoice.docNo },
      { label: words('issuedOn'), value: formatInstant(invoice.issuedAt, lng, data.school.timeZone) },
      { label: words('currency'), value: currency },
    ],
  );
  const columns: TColumn[] = [
    { header: words('item'), width: w.contentWidth - 60 - 100 - 110, align: 'start', wrap: true },
    { header: words('quantity'), width: 60, align: 'end' },
    { header: words('unitPrice'), width: 100, align: 'end' },
    { header: `${words('total')} (${currencyLabel(currency, lng)})`, width: 110, align: 'end', bold: true },
  ];
  const rows = invoice.lines.map((line) => [
    nameIn(lng, line),
    new Intl.NumberFormat('en-GB').format(line.quantity),
    formatAmount(line.unitMinor, currency, lng),
    formatAmount(line.totalMinor, currency, lng),
  ]);
  y = drawTable(w, y, columns, rows);
  y = drawTotals(w, y, [
    { label: words('total'), value: formatMoney(invoice.totalMinor, currency, lng), strong: true },
  ]);
  drawRemark(w, y, words('paidFromWallet'));
  return finish();
}
