import { invoicePaymentStatus } from '@portal/contracts/money';
import { loadLogo } from '../src/kits/documents/logo.ts';
import type {
  TDocumentChild,
  TDocumentParties,
  TInvoiceData,
  TReceiptData,
  TStoreInvoiceData,
} from '../src/modules/documents/types.ts';

/** Documents of the demo school, to look at (scripts/render-pdf-png.ts). */
const parties: TDocumentParties = {
  school: {
    nameEn: 'Mogra Demo School',
    nameAr: 'مدرسة موغرا التجريبية',
    logo: loadLogo('/media/schools/mogra.svg'),
    vatRegistrationNo: '100234567800003',
    timeZone: 'Asia/Dubai',
  },
  parent: { nameEn: 'Sara Al Mansouri', nameAr: 'سارة المنصوري' },
};
const omar: TDocumentChild = {
  enrollNumber: 'MG1001',
  name: 'Omar Khalid Al Mansouri',
  gradeEn: 'Grade 9 A',
  gradeAr: 'الصف التاسع أ',
};
const layla: TDocumentChild = {
  enrollNumber: 'MG1002',
  name: 'Layla Khalid Al Mansouri',
  gradeEn: 'Grade 6 B',
  gradeAr: 'الصف السادس ب',
};

const line = (
  nameEn: string,
  nameAr: string,
  amountMinor: number,
  discountMinor: number,
  vatRateBp: number,
) => {
  const net = amountMinor - discountMinor;
  const vatMinor = Math.floor((net * vatRateBp + 5_000) / 10_000);
  return { nameEn, nameAr, amountMinor, discountMinor, vatRateBp, vatMinor, totalMinor: net + vatMinor };
};

const invoiceLines = [
  line('Tuition fee, term 1 (2026-2027)', 'الرسوم الدراسية، الفصل الأول (2026-2027)', 1_450_000, 72_500, 0),
  line('Transport fee, term 1 (Bus 12)', 'رسوم النقل، الفصل الأول (الحافلة 12)', 210_000, 0, 500),
  line('Books and learning resources', 'الكتب ومصادر التعلم', 95_000, 0, 500),
  line('Uniform set', 'الزي المدرسي', 48_000, 4_800, 500),
];
const sum = (key: 'amountMinor' | 'discountMinor' | 'vatMinor' | 'totalMinor') =>
  invoiceLines.reduce((total, one) => total + one[key], 0);

const invoice = (kind: 'tax' | 'proforma', docNo: string, paidMinor: number): TInvoiceData => ({
  ...parties,
  child: omar,
  invoice: {
    id: '00000000-0000-4000-8000-000000000001',
    kind,
    docNo,
    enrollNumber: omar.enrollNumber,
    issuedOn: '2026-08-20',
    dueOn: '2026-09-10',
    currency: 'AED',
    subtotalMinor: sum('amountMinor'),
    discountMinor: sum('discountMinor'),
    vatMinor: sum('vatMinor'),
    totalMinor: sum('totalMinor'),
    lines: invoiceLines,
    paidMinor,
    balanceMinor: sum('totalMinor') - paidMinor,
    paymentStatus: invoicePaymentStatus(sum('totalMinor'), paidMinor),
  },
});

/** A tax invoice paid in full, and a proforma of which the tuition is paid already. */
export const sampleTaxInvoice = invoice('tax', 'INV-000042', sum('totalMinor'));
export const sampleProforma = invoice('proforma', 'PRO-000017', invoiceLines[0]?.totalMinor ?? 0);

export const sampleReceipt: TReceiptData = {
  ...parties,
  children: [omar, layla],
  payment: {
    id: '00000000-0000-4000-8000-000000000002',
    kind: 'fees',
    status: 'succeeded',
    docNo: 128,
    amountMinor: 1_690_000,
    currency: 'AED',
    provider: 'sandbox',
    createdAt: '2026-09-02T06:41:00.000Z',
    completedAt: '2026-09-02T06:42:13.000Z',
    receiptNo: 'RCT-000012',
    allocations: [
      {
        feeItemId: null,
        enrollNumber: 'MG1001',
        nameEn: 'Tuition fee, term 1',
        nameAr: 'الرسوم الدراسية، الفصل الأول',
        amountMinor: 1_377_500,
      },
      {
        feeItemId: null,
        enrollNumber: 'MG1002',
        nameEn: 'Transport fee, term 1',
        nameAr: 'رسوم النقل، الفصل الأول',
        amountMinor: 220_500,
      },
      {
        feeItemId: null,
        enrollNumber: 'MG1002',
        nameEn: 'Books and learning resources',
        nameAr: 'الكتب ومصادر التعلم',
        amountMinor: 92_000,
      },
    ],
  },
};

export const sampleStoreInvoice: TStoreInvoiceData = {
  ...parties,
  child: layla,
  invoice: {
    id: '00000000-0000-4000-8000-000000000003',
    docNo: 'STR-000305',
    enrollNumber: layla.enrollNumber,
    issuedAt: '2026-09-14T07:15:00.000Z',
    currency: 'AED',
    totalMinor: 6_450,
    lines: [
      {
        nameEn: 'Lunch box (chicken wrap)',
        nameAr: 'وجبة غداء (راب دجاج)',
        quantity: 1,
        unitMinor: 1_800,
        totalMinor: 1_800,
      },
      {
        nameEn: 'Fresh orange juice',
        nameAr: 'عصير برتقال طازج',
        quantity: 2,
        unitMinor: 650,
        totalMinor: 1_300,
      },
      {
        nameEn: 'A4 notebook, 100 pages',
        nameAr: 'دفتر A4 من 100 صفحة',
        quantity: 3,
        unitMinor: 1_000,
        totalMinor: 3_000,
      },
      { nameEn: 'HB pencil', nameAr: 'قلم رصاص HB', quantity: 1, unitMinor: 350, totalMinor: 350 },
    ],
  },
};
