import type { TInvoice, TPayment, TStoreInvoice } from '@portal/contracts/fees';
import type { TDocumentBrand } from '../../kits/documents/types.ts';

/** The school as fee documents print it: its brand, and its VAT registration. */
export type TDocumentSchool = TDocumentBrand & {
  /** Printed on tax invoices; '' when the school is not registered for VAT. */
  vatRegistrationNo: string;
};

/** A student as documents name them: the grade and section in English and in Arabic. */
export type TDocumentChild = { enrollNumber: string; name: string; gradeEn: string; gradeAr: string };

export type TDocumentParent = { nameEn: string; nameAr: string };

/** Who a document is from and for. */
export type TDocumentParties = {
  school: TDocumentSchool;
  parent: TDocumentParent;
};

/** A receipt: a succeeded payment, and the children its allocations name. */
export type TReceiptData = TDocumentParties & { payment: TPayment; children: TDocumentChild[] };

export type TInvoiceData = TDocumentParties & { invoice: TInvoice; child: TDocumentChild };

export type TStoreInvoiceData = TDocumentParties & { invoice: TStoreInvoice; child: TDocumentChild };
