import type { TInvoice, TPayment, TStoreInvoice } from '@portal/contracts/fees';

/** A school's logo as a document draws it: SVG markup, or PNG/JPEG bytes. */
export type TLogo = { kind: 'svg'; svg: string } | { kind: 'image'; bytes: Buffer };

export type TDocumentSchool = {
  nameEn: string;
  nameAr: string;
  /** null: the document shows the school's name alone. */
  logo: TLogo | null;
  /** Printed on tax invoices; '' when the school is not registered for VAT. */
  vatRegistrationNo: string;
  /** The school's IANA time zone: the dates and times printed are the school's. */
  timeZone: string;
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
