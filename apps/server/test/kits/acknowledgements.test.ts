import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledge, acknowledgementsOf } from '../../src/kits/acknowledgements.ts';
import { isPublished } from '../../src/kits/publication.ts';
import { buildTestApp, type TTestApp } from '../helper.ts';

// Acknowledgements per child, the first one kept (docs/decisions/018-module-families.md).
describe('acknowledgements (kit)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const circular = { schoolId: 'mogra', subjectKind: 'circular', subjectId: 'circ-1' };

  it('records one acknowledgement per child and keeps the first on a repeat', async () => {
    const first = await acknowledge(t.database.db, circular, 'MG-P001', ['MG1001']);
    expect(first).toHaveLength(1);
    const firstAt = first[0]!.at.getTime();
    const again = await acknowledge(t.database.db, circular, 'MG-P001', ['MG1001', 'MG1002']);
    expect(again).toHaveLength(2);
    expect(again.find((one) => one.enrollNumber === 'MG1001')!.at.getTime()).toBe(firstAt);
  });

  it('keeps acknowledgements apart by school and subject', async () => {
    await acknowledge(t.database.db, circular, 'MG-P001', ['MG1003']);
    expect(await acknowledgementsOf(t.database.db, { ...circular, schoolId: 'bcad' }, ['MG1003'])).toEqual(
      [],
    );
    expect(await acknowledgementsOf(t.database.db, { ...circular, subjectId: 'circ-2' }, ['MG1003'])).toEqual(
      [],
    );
  });
});

describe('the publication gate (kit)', () => {
  it('shows only what is published by now', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(isPublished(null, now)).toBe(false);
    expect(isPublished(new Date('2026-11-25T10:00:01Z'), now)).toBe(false);
    expect(isPublished(new Date('2026-11-25T10:00:00Z'), now)).toBe(true);
    expect(isPublished(new Date('2026-01-01T00:00:00Z'), now)).toBe(true);
  });
});
