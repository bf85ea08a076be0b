import type { TLanguage } from '@portal/contracts/constants';
import { documentWords } from '../../kits/documents/words.ts';
import type { TPaymentKind } from '@portal/contracts/fees';

/** Every word printed on a document, in English and Arabic. `{name}` marks a value. */
const EN = {
  receiptTitle: 'Payment receipt',
  taxInvoiceTitle: 'Tax invoice',
  proformaTitle: 'Proforma invoice',
  storeInvoiceTitle: 'Store invoice',
  proformaNotice:
    'This is not a tax invoice. It lists the fees to be charged; the tax invoice is issued when they are billed.',
  vatRegistrationNo: 'VAT registration no. (TRN): {trn}',
  receiptNo: 'Receipt no.',
  invoiceNo: 'Invoice no.',
  paymentReference: 'Payment reference',
  paidOn: 'Date paid',
  issuedOn: 'Date of issue',
  dueOn: 'Due date',
  paidThrough: 'Paid by',
  onlineCard: 'Card, online',
  paymentFor: 'Payment for',
  currency: 'Currency',
  receivedFrom: 'Received from',
  billTo: 'Bill to',
  student: 'Student',
  students: 'Students',
  enrolmentNo: 'Enrolment no. {enrollNumber}',
  description: 'Description',
  item: 'Item',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  discount: 'Discount',
  vatRate: 'VAT rate',
  vat: 'VAT',
  total: 'Total',
  subtotal: 'Subtotal',
  totalDiscount: 'Discount',
  totalVat: 'VAT',
  totalPaid: 'Total paid',
  amountPaid: 'Amount paid',
  balance: 'Balance',
  amountsIn: 'Amounts in {currency}',
  paid: 'Paid',
  partlyPaid: 'Partly paid',
  unpaid: 'Unpaid',
  receiptThanks: 'Thank you for your payment.',
  paidFromWallet: "Paid from the student's store and canteen wallet.",
  footer: 'Issued electronically by {school}; valid without a signature or stamp.',
  page: 'Page {page} of {pages}',
  kind_fees: 'School fees',
  kind_topup: 'Wallet top-up',
  kind_link: 'Payment link',
};

type TWords = typeof EN;

const AR: TWords = {
  receiptTitle: 'إيصال دفع',
  taxInvoiceTitle: 'فاتورة ضريبية',
  proformaTitle: 'فاتورة مبدئية',
  storeInvoiceTitle: 'فاتورة المتجر',
  proformaNotice:
    'هذه ليست فاتورة ضريبية، بل بيان بالرسوم التي ستُحتسب؛ وتصدر الفاتورة الضريبية عند احتسابها.',
  vatRegistrationNo: 'رقم التسجيل الضريبي (TRN): {trn}',
  receiptNo: 'رقم الإيصال',
  invoiceNo: 'رقم الفاتورة',
  paymentReference: 'مرجع الدفع',
  paidOn: 'تاريخ الدفع',
  issuedOn: 'تاريخ الإصدار',
  dueOn: 'تاريخ الاستحقاق',
  paidThrough: 'طريقة الدفع',
  onlineCard: 'بطاقة مصرفية عبر الإنترنت',
  paymentFor: 'نوع الدفعة',
  currency: 'العملة',
  receivedFrom: 'استلمنا من',
  billTo: 'صادرة باسم',
  student: 'الطالب',
  students: 'الطلاب',
  enrolmentNo: 'رقم القيد {enrollNumber}',
  description: 'البيان',
  item: 'الصنف',
  quantity: 'الكمية',
  unitPrice: 'سعر الوحدة',
  amount: 'المبلغ',
  discount: 'الخصم',
  vatRate: 'نسبة الضريبة',
  vat: 'الضريبة',
  total: 'الإجمالي',
  subtotal: 'المجموع الفرعي',
  totalDiscount: 'الخصم',
  totalVat: 'ضريبة القيمة المضافة',
  totalPaid: 'إجمالي المبلغ المدفوع',
  amountPaid: 'المبلغ المدفوع',
  balance: 'الرصيد المتبقي',
  amountsIn: 'المبالغ بعملة {currency}',
  paid: 'مدفوع',
  partlyPaid: 'مدفوع جزئيًا',
  unpaid: 'غير مدفوع',
  receiptThanks: 'شكرًا لكم على السداد.',
  paidFromWallet: 'دُفعت من محفظة الطالب للمتجر والمقصف.',
  footer: 'مستند إلكتروني صادر عن {school}، ولا يحتاج إلى توقيع أو ختم.',
  page: 'صفحة {page} من {pages}',
  kind_fees: 'رسوم مدرسية',
  kind_topup: 'شحن المحفظة',
  kind_link: 'رابط دفع',
};

const WORDS: Record<TLanguage, TWords> = { en: EN, ar: AR };

export type TWordKey = keyof TWords;

/** The words of a document's language, with `{name}` values filled in. */
export function wordsFor(lng: TLanguage) {
  return documentWords<TWordKey>(WORDS, lng);
}

export const paymentKindWord = (kind: TPaymentKind): TWordKey => `kind_${kind}`;
