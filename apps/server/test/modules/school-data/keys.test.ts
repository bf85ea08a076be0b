import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiKeys } from '../../../src/db/schema/index.ts';
import { MAX_BUNDLE_BYTES } from '../../../src/modules/school-data/routes.ts';
import { buildTestApp, type TTestApp } from '../../helper.ts';
import { addKey, appendRows, demoFiles, postBundle } from './bundles.ts';

// Who may send a bundle, and what the sync API takes (docs/school-data.md): a live key of the
// school named by `client-id` with the `sis` scope; a zip of at most 100 MB; one bundle of a
// school at a time.

describe('the sync API’s keys and limits', () => {
  let t: TTestApp;
  const mogra = demoFiles('mogra');
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const refusal = async (response: Awaited<ReturnType<typeof postBundle>>) => ({
    status: response.statusCode,
    messageId: (response.json() as { messageId: string }).messageId,
  });

  it('answers 401 K001 without a key, with a wrong one and with a revoked one', async () => {
    expect(await refusal(await postBundle(t.app, 'mogra', mogra, { key: null }))).toEqual({
      status: 401,
      messageId: 'K001',
    });
    expect(await refusal(await postBundle(t.app, 'mogra', mogra, { key: 'demo-sync-mogra-not' }))).toEqual({
      status: 401,
      messageId: 'K001',
    });
    const keyId = await addKey(t.database, 'mogra', 'pk_revoked_key_of_mogra_0123456789', ['sis']);
    await t.database.db
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(eq(apiKeys.keyId, keyId));
    expect(
      await refusal(await postBundle(t.app, 'mogra', mogra, { key: 'pk_revoked_key_of_mogra_0123456789' })),
    ).toEqual({
      status: 401,
      messageId: 'K001',
    });
  });

  it("answers 401 K001 to another school's key, whichever school the bundle names", async () => {
    const response = await postBundle(t.app, 'mogra', mogra, { key: 'demo-sync-bcad' });
    expect(await refusal(response)).toEqual({ status: 401, messageId: 'K001' });
  });

  it('answers 403 K002 to a key of the school without the sis scope', async () => {
    await addKey(t.database, 'mogra', 'pk_staff_only_key_of_mogra_012345', ['staff', 'gate']);
    const response = await postBundle(t.app, 'mogra', mogra, { key: 'pk_staff_only_key_of_mogra_012345' });
    expect(await refusal(response)).toEqual({ status: 403, messageId: 'K002' });
  });

  it('answers 415 V004 to anything but a zip, and 413 V003 past 100 MB', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sis/bundles',
      headers: { 'client-id': 'mogra', authorization: 'Bearer demo-sync-mogra' },
      payload: { files: [] },
    });
    expect(await refusal(json)).toEqual({ status: 415, messageId: 'V004' });
    const csv = await postBundle(t.app, 'mogra', mogra, { contentType: 'text/csv' });
    expect(await refusal(csv)).toEqual({ status: 415, messageId: 'V004' });
    const big = await postBundle(t.app, 'mogra', new Uint8Array(MAX_BUNDLE_BYTES + 1));
    expect(await refusal(big)).toEqual({ status: 413, messageId: 'V003' });
  });

  it('refuses bytes that are not a zip, and a zip without its manifest, with 422 I001', async () => {
    const notZip = await postBundle(t.app, 'mogra', new TextEncoder().encode('sourcedId,name\n1,2\n'));
    expect(notZip.statusCode).toBe(422);
    expect(notZip.json()).toMatchObject({
      messageId: 'I001',
      errors: [expect.objectContaining({ file: '', row: 0 })],
    });
    const withoutManifest = new Map(mogra);
    withoutManifest.delete('manifest.csv');
    const response = await postBundle(t.app, 'mogra', withoutManifest);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ file: 'manifest.csv' })]),
    });
  });

  it('answers 409 I002 to a second bundle of the school while one is being imported', async () => {
    const big = new Map(mogra);
    appendRows(
      big,
      'users.csv',
      Array.from({ length: 3000 }, (_, index) => ({
        sourcedId: `stf-load-${index}`,
        givenName: 'Load',
        familyName: `Teacher ${index}`,
        email: `load.${index}@mogra.example`,
      })),
    );
    appendRows(
      big,
      'roles.csv',
      Array.from({ length: 3000 }, (_, index) => ({
        sourcedId: `role-load-${index}`,
        userSourcedId: `stf-load-${index}`,
        roleType: 'primary',
        role: 'teacher',
        orgSourcedId: 'org-mogra',
      })),
    );
    const answers = await Promise.all([postBundle(t.app, 'mogra', big), postBundle(t.app, 'mogra', big)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const conflict = answers.find((answer) => answer.statusCode === 409);
    expect(conflict?.json()).toMatchObject({ success: false, messageId: 'I002' });
    // Another school imports at the same time.
    const [mograAgain, bcad] = await Promise.all([
      postBundle(t.app, 'mogra', mogra),
      postBundle(t.app, 'bcad', demoFiles('bcad')),
    ]);
    expect([mograAgain.statusCode, bcad.statusCode]).toEqual([200, 200]);
  });
});
