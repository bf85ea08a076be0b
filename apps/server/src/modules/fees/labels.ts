const ARABIC_TERMS = ['الأول', 'الثاني', 'الثالث', 'الرابع'];

/**
 * How a fee line is named where its term matters (a payment's allocation, a receipt line):
 * `Tuition, term 2` and `الرسوم الدراسية، الفصل الثاني`.
 */
export function feeLineLabel(
  type: { nameEn: string; nameAr: string },
  term: number,
): { nameEn: string; nameAr: string } {
  const arabicTerm = ARABIC_TERMS[term - 1] ?? String(term);
  return { nameEn: `${type.nameEn}, term ${term}`, nameAr: `${type.nameAr}، الفصل ${arabicTerm}` };
}

/** The allocation name of a wallet top-up. */
export const TOPUP_LABEL = { nameEn: 'Wallet top-up', nameAr: 'شحن رصيد المحفظة' } as const;
