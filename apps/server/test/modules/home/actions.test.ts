import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THomeActions } from '@portal/contracts/home';
import { MENU } from '@portal/contracts/menu';
import { collectHomeActions, type THomeActionContext } from '../../../src/kits/home-actions.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { answerOf, parentApi, type TParentApi } from '../publications/circulars-data.ts';

// "Needs your action" (docs/modules.md section 5) on the demo data: the route gathers every
// family's items; each family's own tests (this folder) act on its items and see them leave.
describe('home actions', () => {
  let t: TTestApp;
  let mogra: TParentApi; // parent@mogra.demo: Omar MG1001, Layla MG1002, Yousef MG1003
  let haddad: TParentApi; // family.haddad@mogra.demo: Nour

  beforeAll(async () => {
    t = await buildTestApp();
    mogra = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'parent@mogra.demo'));
    haddad = parentApi(t, 'mogra', await signIn(t.app, 'mogra', 'family.haddad@mogra.demo'));
  }, 180_000);
  afterAll(() => t.close());

  it("holds items of at least five families, each naming the parent's child or the family, most urgent first", async () => {
    const { items, unavailableModules } = await answerOf<THomeActions>(mogra.get('/home/actions'));
    expect(unavailableModules).toEqual([]);
    const modules = new Set(items.map((item) => item.module));
    expect(modules.size).toBeGreaterThanOrEqual(5);
    const children = new Map([
      ['MG1001', 'Omar'],
      ['MG1002', 'Layla'],
      ['MG1003', 'Yousef'],
    ]);
    for (const item of items) {
      if (item.enrollNumber === null) expect(item.childName).toBeNull();
      else expect(item.childName).toContain(children.get(item.enrollNumber));
      const entry = MENU.find((candidate) => candidate.key === item.module);
      expect(item.path.startsWith(entry!.path)).toBe(true);
    }
    // Overdue first, then by due day, those without one last.
    const rank = items.map((item) => [item.overdue ? 0 : 1, item.dueOn ?? '9999-12-31'] as const);
    const sorted = [...rank].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
    expect(rank).toEqual(sorted);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it("never holds another family's children", async () => {
    const { items } = await answerOf<THomeActions>(haddad.get('/home/actions'));
    const mograChildren = ['MG1001', 'MG1002', 'MG1003'];
    expect(items.filter((item) => mograChildren.includes(item.enrollNumber ?? ''))).toEqual([]);
  });

  it('needs a session (401), and refuses another school’s session', async () => {
    const url = '/api/v1/ppn/home/actions';
    expect((await t.app.inject({ method: 'GET', url, headers: { 'client-id': 'mogra' } })).statusCode).toBe(
      401,
    );
    const bcadToken = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const answer = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'client-id': 'mogra', authorization: `Bearer ${bcadToken}` },
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('collecting home actions', () => {
  const context = {
    schoolId: 'mogra',
    parentId: 'p1',
    children: [{ enrollNumber: 'C1', fullName: 'Child One' }],
    today: '2026-11-27',
    now: new Date('2026-11-27T08:00:00Z'),
  } as unknown as THomeActionContext;
  const draft = (over: object) => ({
    kind: 'feeDue' as const,
    enrollNumber: 'C1',
    title: 'T',
    titleAr: 'ت',
    dueOn: null,
    overdue: false,
    amount: null,
    source: 's',
    ...over,
  });

  it("asks only granted modules' providers, names what failed, drops a child not the parent's", async () => {
    const failures: string[] = [];
    const answer = await collectHomeActions(
      [
        {
          modules: ['feePayment'],
          items: async () => [
            draft({ source: 'a', dueOn: '2026-12-01' }),
            draft({ source: 'x', enrollNumber: 'OTHER' }),
          ],
        },
        {
          modules: ['circulars'],
          items: async () => [
            draft({ kind: 'circularAck', source: 'b', overdue: true, dueOn: '2026-11-20' }),
          ],
        },
        {
          modules: ['survey'],
          items: async () => {
            throw new Error('down');
          },
        },
        { modules: ['trips'], items: async () => [draft({ kind: 'tripConsent', source: 'c' })] },
      ],
      context,
      (key) => key !== 'trips',
      (module) => failures.push(module),
    );
    expect(answer.items.map((item) => [item.id, item.path, item.childName])).toEqual([
      ['circularAck:b:C1', '/circular?enrollNumber=C1', 'Child One'],
      ['feeDue:a:C1', '/feepayment?enrollNumber=C1', 'Child One'],
    ]);
    expect(answer.unavailableModules).toEqual(['survey']);
    expect(failures).toEqual(['survey']);
  });

  it('keeps one of the items that name the same thing to do: the first provider’s', async () => {
    const answer = await collectHomeActions(
      [
        {
          modules: ['trips'],
          items: async () => [draft({ kind: 'tripPayment', source: 't', sameAs: 'feeItem:9' })],
        },
        {
          modules: ['feePayment'],
          items: async () => [
            draft({ source: '9', sameAs: 'feeItem:9' }),
            draft({ source: '8', sameAs: 'feeItem:8' }),
          ],
        },
      ],
      context,
      () => true,
      () => undefined,
    );
    expect(answer.items.map((item) => item.id).sort()).toEqual(['feeDue:8:C1', 'tripPayment:t:C1']);
  });
});
