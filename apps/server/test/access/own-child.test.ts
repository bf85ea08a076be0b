import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { findOwnChild, ownChildJoin, requireOwnChild } from '../../src/access/own-child.ts';
import { ApiError } from '../../src/api-error.ts';
import { feeItems, parentStudents } from '../../src/db/schema/index.ts';
import { buildTestApp, type TTestApp } from '../helper.ts';

// The access layer that every module reads a child through (docs/decisions/018-module-families.md),
// across two schools of the demo seed: mogra (two families) and bcad.
const mograSara = { schoolId: 'mogra', parentId: 'MG-P001' };
const mograRami = { schoolId: 'mogra', parentId: 'MG-P002' };
const bcadAhmed = { schoolId: 'bcad', parentId: 'BC-P001' };

describe('the own child (access layer)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("finds the parent's own child, with the child's row", async () => {
    const child = await findOwnChild(t.database.db, mograSara, 'MG1002');
    expect(child?.fullName).toBe('Layla Khalid Al Mansouri');
    expect(child?.schoolId).toBe('mogra');
  });

  it('finds no child of another family, of another school, or that does not exist, or in another case', async () => {
    const db = t.database.db;
    expect(await findOwnChild(db, mograRami, 'MG1001')).toBeNull();
    expect(await findOwnChild(db, mograSara, 'BC3101')).toBeNull();
    // The same parent id and enrolment number in another school reach nothing.
    expect(await findOwnChild(db, { schoolId: 'bcad', parentId: 'MG-P001' }, 'MG1001')).toBeNull();
    expect(await findOwnChild(db, bcadAhmed, 'MG1001')).toBeNull();
    expect(await findOwnChild(db, mograSara, 'NOPE')).toBeNull();
    expect(await findOwnChild(db, mograSara, 'mg1001')).toBeNull();
  });

  it("refuses every child that is not the parent's own with 403 A002, alike", async () => {
    const refusals = await Promise.all(
      ['MG2001', 'BC3101', 'NOPE', ''].map((enrollNumber) =>
        requireOwnChild(t.database.db, mograSara, enrollNumber).then(
          () => null,
          (error: unknown) => error,
        ),
      ),
    );
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(ApiError);
      expect((refusal as ApiError).statusCode).toBe(403);
      expect((refusal as ApiError).messageId).toBe(MessageId.notYourChild);
    }
    expect((await requireOwnChild(t.database.db, mograRami, 'MG2001')).enrollNumber).toBe('MG2001');
  });

  it("keeps a joined query to the parent's own children's rows", async () => {
    const rowsOf = async (session: { schoolId: string; parentId: string }) =>
      t.database.db
        .selectDistinct({ enrollNumber: feeItems.enrollNumber })
        .from(feeItems)
        .innerJoin(parentStudents, ownChildJoin(feeItems, session.parentId))
        .where(eq(feeItems.schoolId, session.schoolId));
    const sara = (await rowsOf(mograSara)).map((row) => row.enrollNumber).sort();
    expect(sara.length).toBeGreaterThan(0);
    expect(sara.every((enrollNumber) => ['MG1001', 'MG1002', 'MG1003'].includes(enrollNumber))).toBe(true);
    const rami = (await rowsOf(mograRami)).map((row) => row.enrollNumber);
    expect(rami.every((enrollNumber) => enrollNumber === 'MG2001')).toBe(true);
    // Another school's parent id joined against this school's rows reaches nothing.
    expect(await rowsOf({ schoolId: 'mogra', parentId: 'BC-P001' })).toEqual([]);
  });
});
