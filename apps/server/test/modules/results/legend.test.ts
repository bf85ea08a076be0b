import { describe, expect, it } from 'vitest';
import type { TGradingBand } from '../../../src/db/schema/index.ts';
import { bandOf, scaleFor, type TScale } from '../../../src/modules/results/legend.ts';
import { currentTermOf } from '../../../src/modules/results/terms.ts';

// The legend's rules (docs/modules.md F2): a number is graded as a percentage of the work's maximum
// when it has one, else as it is; a grade given as text is the band it names; with no scale or
// no band there is no letter. The current term is the one holding today, else the latest begun.
describe('the legend', () => {
  const band = (scores: string, grade: string): TGradingBand => {
    const [min, max] = scores.split('-').map(Number);
    const numeric = /^\d+-\d+$/.test(scores);
    return {
      scores,
      min: numeric ? min! : null,
      max: numeric ? max! : null,
      grade,
      descriptorEn: `${grade} means`,
      descriptorAr: '',
    };
  };
  const letters = [band('90-100', 'A'), band('80-89', 'B'), band('50-79', 'C')];

  it('grades a number as a percentage of the maximum, or as it is without one', () => {
    expect(bandOf(letters, { score: 18, textScore: '' }, 20)?.grade).toBe('A');
    expect(bandOf(letters, { score: 85, textScore: '' }, null)?.grade).toBe('B');
    // 89.5 % falls between 80-89 and 90-100: it counts in the lower band.
    expect(bandOf(letters, { score: 17.9, textScore: '' }, 20)?.grade).toBe('B');
    expect(bandOf(letters, { score: 4, textScore: '' }, 20)).toBeNull();
    expect(bandOf(letters, { score: null, textScore: '' }, 20)).toBeNull();
  });

  it('finds the band a grade given as text names, and none for a grade the scale lacks', () => {
    const levels = [band('A', 'Outstanding'), band('B', 'Secure')];
    expect(bandOf(levels, { score: null, textScore: 'secure' }, null)?.grade).toBe('Secure');
    expect(bandOf(levels, { score: null, textScore: 'A' }, null)?.grade).toBe('Outstanding');
    expect(bandOf(levels, { score: null, textScore: 'Z' }, null)).toBeNull();
  });

  it("takes the work's own scale, else its class's, else its subject's, else none", () => {
    const scale = (scaleId: string, classId: string | null, subjectId: string | null): TScale => ({
      scaleId,
      titleEn: scaleId,
      titleAr: '',
      classId,
      subjectId,
      bands: letters,
    });
    const scales = [scale('own', null, null), scale('class', 'cls-1', null), scale('subject', null, 'sub-1')];
    const of = (work: { scaleId: string | null; classId: string; subjectId: string | null }) =>
      scaleFor(scales, work)?.scaleId ?? null;
    expect(of({ scaleId: 'own', classId: 'cls-1', subjectId: 'sub-1' })).toBe('own');
    expect(of({ scaleId: null, classId: 'cls-1', subjectId: 'sub-1' })).toBe('class');
    expect(of({ scaleId: null, classId: 'cls-2', subjectId: 'sub-1' })).toBe('subject');
    expect(of({ scaleId: null, classId: 'cls-2', subjectId: null })).toBeNull();
    expect(of({ scaleId: 'gone', classId: 'cls-1', subjectId: null })).toBeNull();
  });

  it('takes the term holding today, else the latest begun, else the first', () => {
    const terms = [
      { id: 't1', title: '', titleAr: '', startsOn: '2026-08-24', endsOn: '2026-12-11' },
      { id: 't2', title: '', titleAr: '', startsOn: '2027-01-04', endsOn: '2027-03-26' },
    ];
    expect(currentTermOf(terms, '2026-11-26')?.id).toBe('t1');
    expect(currentTermOf(terms, '2026-12-20')?.id).toBe('t1');
    expect(currentTermOf(terms, '2027-05-01')?.id).toBe('t2');
    expect(currentTermOf(terms, '2026-01-01')?.id).toBe('t1');
    expect(currentTermOf([], '2026-01-01')).toBeNull();
  });
});
