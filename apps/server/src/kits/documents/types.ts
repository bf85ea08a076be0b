/** A school's logo as a document draws it: SVG markup, or PNG/JPEG bytes. */
export type TLogo = { kind: 'svg'; svg: string } | { kind: 'image'; bytes: Buffer };

/** The school as the head of any document prints it. */
export type TDocumentBrand = {
  nameEn: string;
  nameAr: string;
  /** null: the document shows the school's name alone. */
  logo: TLogo | null;
  /** The school's IANA time zone: the dates and times printed are the school's. */
  timeZone: string;
};
