import type { TChild, TParent } from '@portal/contracts/auth';
import { toLanguage } from './i18n.ts';

/**
 * The Arabic text when the page is in Arabic and the school gave one, else the English text.
 * `ar` may be missing from a profile saved in the tab before the field existed.
 */
function inLanguage(en: string, ar: string | undefined, lng: string): string {
  return toLanguage(lng) === 'ar' && ar?.trim() ? ar : en;
}

/** A child's grade name in the reader's language. */
export function gradeName(child: TChild, lng: string): string {
  return inLanguage(child.sims_grade_name_en, child.sims_grade_name_ar, lng);
}

/** A child's section name in the reader's language. */
export function sectionName(child: TChild, lng: string): string {
  return inLanguage(child.sims_section_name_en, child.sims_section_name_ar, lng);
}

/** The name the greeting uses: the parent's first name, from their Arabic name when the page is in Arabic. */
export function greetingName(parent: TParent | null, lng: string): string {
  if (!parent) return '';
  return inLanguage(parent.parentName, parent.parentNameAr, lng).trim().split(/\s+/)[0] ?? '';
}
