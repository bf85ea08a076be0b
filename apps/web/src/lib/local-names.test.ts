import { describe, expect, it } from 'vitest';
import { child, loginAnswer } from '../test/fixtures.ts';
import { gradeName, greetingName, sectionName } from './local-names.ts';

const parent = loginAnswer.profile.parent;

describe('names in the reader’s language', () => {
  const omar = child('E100', 'Omar Ahmed', {
    sims_grade_name_en: 'Grade 9',
    sims_grade_name_ar: 'الصف 9',
    sims_section_name_en: 'A',
    sims_section_name_ar: 'أ',
  });

  it('shows the Arabic grade and section in Arabic, the English ones otherwise', () => {
    expect([gradeName(omar, 'ar'), sectionName(omar, 'ar')]).toEqual(['الصف 9', 'أ']);
    expect([gradeName(omar, 'ar-AE'), sectionName(omar, 'ar-AE')]).toEqual(['الصف 9', 'أ']);
    expect([gradeName(omar, 'en'), sectionName(omar, 'en')]).toEqual(['Grade 9', 'A']);
  });

  it('falls back to English where the school gave no Arabic name', () => {
    const lina = child('E200', 'Lina Ahmed', {
      sims_grade_name_en: 'Grade 2',
      sims_grade_name_ar: '',
      sims_section_name_ar: '',
    });
    expect([gradeName(lina, 'ar'), sectionName(lina, 'ar')]).toEqual(['Grade 2', 'A']);
  });

  it("greets with the first word of the parent's Arabic name in Arabic, of the English name otherwise", () => {
    const withArabic = { ...parent, parentName: 'Sara Ahmed', parentNameAr: 'سارة أحمد' };
    expect(greetingName(withArabic, 'ar')).toBe('سارة');
    expect(greetingName(withArabic, 'en')).toBe('Sara');
    expect(greetingName({ ...withArabic, parentNameAr: '  ' }, 'ar')).toBe('Sara');
    expect(greetingName({ ...withArabic, parentName: ' ', parentNameAr: '' }, 'ar')).toBe('');
    expect(greetingName(null, 'ar')).toBe('');
  });
});
