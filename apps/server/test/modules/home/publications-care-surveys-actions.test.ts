import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts/kits/dates';
import type { THomeAction, THomeActionKind, THomeActions } from '@portal/contracts/home';
import type { TThread } from '@portal/contracts/families/publications';
import { surveySubmissions } from '../../../src/db/schema/index.ts';
import { seededDay, signIn } from '../../helper.ts';
import {
  answerOf,
  buildCircularsApp,
  parentApi,
  type TCircularsApp,
  type TParentApi,
} from '../publications/circulars-data.ts';

// "Needs your action" (docs/modules.md section 5) from the publications, care and surveys
// families, on the demo data: mogra's circulars waiting for an acknowledgement
// (db/seed/demo-circulars.ts), the behaviour policy's new version (demo-policies.ts), Layla's
// thread with an unread reply (demo-threads.ts), Omar's incident to acknowledge
// (demo-care-mogra.ts), the open satisfaction survey and the sports day survey about Omar
// (demo-surveys.ts). Each item leaves once done through the family's own API; bcad grants none
// of these modules.
describe('home actions: publications, care and surveys', () => {
  let t: TCircularsApp;
  let haddad: TParentApi; // family.haddad@mogra.demo: Nour 4-A
  let bcad: TParentApi; // parent@bcad.demo: grants none of these modules
  /** The day the demo seed took as today: the demo circulars and surveys are dated from it. */
  let seedDay: string;

  const signedIn = async (schoolId: string, username: string) =>
    parentApi(t, schoolId, await signIn(t.app, schoolId, username));

  beforeAll(async () => {
    t = await buildCircularsApp();
    seedDay = await seededDay(t.database.db, 'mogra');
    [haddad, bcad] = await Promise.all([
      signedIn('mogra', 'family.haddad@mogra.demo'),
      signedIn('bcad', 'parent@bcad.demo'),
    ]);
  }, 180_000);
  afterAll(() => t.close());

  const actions = async (api: TParentApi) => {
    const answer = await answerOf<THomeActions>(api.get('/home/actions'));
    // This file's modules all answered (other families are tested in their own files).
    expect(answer.unavailableModules.filter((module) => MODULES.includes(module))).toEqual([]);
    return answer.items;
  };
  const ofKind = async (kind: THomeActionKind, api: TParentApi = t.mogra) =>
    (await actions(api)).filter((item) => item.kind === kind);
  const MODULES = ['circulars', 'schoolPolicies', 'communication', 'incidents', 'survey'];
  /** The whole school's circulars waiting for Nour (db/seed/demo-circulars.ts). */
  const NOURS_CIRCULARS = ['circ-mg-fees-term2 MG2001', 'circ-mg-winter-uniform MG2001'];
  /** Each item as `source child`, sorted. */
  const keys = (items: THomeAction[]) =>
    items.map((item) => `${item.id.split(':')[1]} ${item.enrollNumber ?? 'family'}`).sort();

  it('names each child a circular waits for, due on its day, overdue once it has passed', async () => {
    const items = await ofKind('circularAck');
    expect(items.map((item) => [item.id, item.dueOn, item.overdue]).sort()).toEqual(
      [
        ['circularAck:circ-mg-exam-timetable:MG1002', addDays(seedDay, 3), false],
        ['circularAck:circ-mg-fees-term2:MG1001', addDays(seedDay, -3), true],
        ['circularAck:circ-mg-fees-term2:MG1002', addDays(seedDay, -3), true],
        ['circularAck:circ-mg-fees-term2:MG1003', addDays(seedDay, -3), true],
        ['circularAck:circ-mg-museum-trip:MG1001', addDays(seedDay, 5), false],
        ['circularAck:circ-mg-parent-evening:MG1003', addDays(seedDay, 4), false],
      ].sort(),
    );
    expect(items.find((item) => item.id === 'circularAck:circ-mg-museum-trip:MG1001')).toMatchObject({
      module: 'circulars',
      childName: 'Omar Khalid Al Mansouri',
      title: 'Grade 9 trip to the Museum of the Future',
      titleAr: 'رحلة الصف التاسع إلى متحف المستقبل',
      amount: null,
      path: '/circular?enrollNumber=MG1001&unacknowledged=1',
    });
    // Nour's family is asked for the whole school's circulars for Nour only, none of the other
    // family's (which acknowledged the uniform for its own children).
    expect(keys(await ofKind('circularAck', haddad))).toEqual(NOURS_CIRCULARS);
  });

  it('drops a circular for each child as soon as it is acknowledged for that child', async () => {
    await answerOf(t.mogra.post('/circulars/circ-mg-museum-trip/acknowledge', { enrollNumbers: ['MG1001'] }));
    await answerOf(t.mogra.post('/circulars/circ-mg-fees-term2/acknowledge', { enrollNumbers: ['MG1002'] }));
    expect(keys(await ofKind('circularAck'))).toEqual([
      'circ-mg-exam-timetable MG1002',
      'circ-mg-fees-term2 MG1001',
      'circ-mg-fees-term2 MG1003',
      'circ-mg-parent-evening MG1003',
    ]);
    expect(keys(await ofKind('circularAck', haddad))).toEqual(NOURS_CIRCULARS);
  });

  it('asks the family once for a policy version until every child has acknowledged it', async () => {
    const [behaviour, ...others] = await ofKind('policyAck');
    // The phone policy is acknowledged for every child of this family; the health policy asks for nothing.
    expect(others).toEqual([]);
    expect(behaviour).toMatchObject({
      id: 'policyAck:pol-behaviour@2026.2:family',
      module: 'schoolPolicies',
      enrollNumber: null,
      childName: null,
      title: 'Behaviour and relationships policy',
      titleAr: 'سياسة السلوك والعلاقات',
      dueOn: null,
      overdue: false,
      path: '/school-policies',
    });
    await answerOf(
      t.mogra.post('/policies/pol-behaviour/acknowledge', { enrollNumbers: ['MG1001', 'MG1002'] }),
    );
    expect(keys(await ofKind('policyAck'))).toEqual(['pol-behaviour@2026.2 family']);
    await answerOf(t.mogra.post('/policies/pol-behaviour/acknowledge', { enrollNumbers: ['MG1003'] }));
    expect(await ofKind('policyAck')).toEqual([]);
    // Another family acknowledges for its own children: both policies still ask it.
    expect(keys(await ofKind('policyAck', haddad))).toEqual([
      'pol-behaviour@2026.2 family',
      'pol-mobile-phones@2025.1 family',
    ]);
  });

  it('names a thread with an unread staff reply, opening it, until the parent reads it', async () => {
    const threads = await answerOf<{ items: TThread[] }>(t.mogra.get('/threads'));
    const layla = threads.items.find((thread) => thread.subject === 'Reading in science lessons');
    expect(layla?.unread).toBeGreaterThan(0);
    const items = await ofKind('messageUnread');
    expect(items).toEqual([
      expect.objectContaining({
        id: `messageUnread:${layla!.id}:MG1002`,
        module: 'communication',
        enrollNumber: 'MG1002',
        childName: 'Layla Khalid Al Mansouri',
        title: 'Reading in science lessons',
        titleAr: 'Reading in science lessons',
        dueOn: null,
        path: `/communication?enrollNumber=MG1002&thread=${layla!.id}`,
      }),
    ]);
    expect(await ofKind('messageUnread', haddad)).toEqual([]);
    await answerOf(t.mogra.post(`/threads/${layla!.id}/read`));
    expect(await ofKind('messageUnread')).toEqual([]);
  });

  it("names the child's incident to acknowledge until it is acknowledged", async () => {
    const items = await ofKind('incidentAck');
    expect(items).toEqual([
      expect.objectContaining({
        id: 'incidentAck:cr-MG1001-incident-1:MG1001',
        module: 'incidents',
        childName: 'Omar Khalid Al Mansouri',
        title: 'Disagreement at break time',
        titleAr: 'خلاف في وقت الاستراحة',
        dueOn: null,
        overdue: false,
        path: '/incidence?enrollNumber=MG1001',
      }),
    ]);
    expect(keys(await ofKind('incidentAck', haddad))).toEqual(['cr-MG2001-incident-1 MG2001']);
    await answerOf(
      t.mogra.post('/care/incidents/cr-MG1001-incident-1/acknowledge', { enrollNumber: 'MG1001' }),
    );
    expect(await ofKind('incidentAck')).toEqual([]);
    expect(keys(await ofKind('incidentAck', haddad))).toEqual(['cr-MG2001-incident-1 MG2001']);
  });

  it('names the open surveys not answered, for the family or each child, due on their closing day', async () => {
    // The sports day survey about each child of grade 9 was answered for Omar: take that answer back.
    const omarsAnswer = and(
      eq(surveySubmissions.surveyId, 'srv-mg-sports-day'),
      eq(surveySubmissions.respondent, 'child:MG1001'),
    );
    expect(await t.database.db.delete(surveySubmissions).where(omarsAnswer).returning()).toHaveLength(1);
    const items = await ofKind('surveyAnswer');
    // The draft is not published.
    expect(items.map((item) => [item.id, item.dueOn, item.overdue, item.path]).sort()).toEqual([
      ['surveyAnswer:srv-mg-satisfaction:family', addDays(seedDay, 10), false, '/survey'],
      ['surveyAnswer:srv-mg-sports-day:MG1001', addDays(seedDay, 4), false, '/survey?enrollNumber=MG1001'],
    ]);
    expect(items.find((item) => item.enrollNumber === null)).toMatchObject({
      module: 'survey',
      title: 'Parent satisfaction survey 2026',
      titleAr: 'استبيان رضا أولياء الأمور 2026',
    });
    expect(keys(await ofKind('surveyAnswer', haddad))).toEqual(['srv-mg-satisfaction family']);

    const respond = (surveyId: string, answers: object[]) =>
      answerOf(t.mogra.post(`/surveys/${surveyId}/responses`, { enrollNumber: 'MG1001', answers }), 201);
    await respond('srv-mg-sports-day', [
      { questionId: 'srv-mg-sports-day-q1', rating: 4 },
      { questionId: 'srv-mg-sports-day-q2', choiceIds: ['c1'] },
    ]);
    await respond('srv-mg-satisfaction', [
      { questionId: 'srv-mg-satisfaction-q1', rating: 4 },
      { questionId: 'srv-mg-satisfaction-q2', choiceIds: ['c1'] },
      { questionId: 'srv-mg-satisfaction-q3', choiceIds: ['c2'] },
    ]);
    expect(await ofKind('surveyAnswer')).toEqual([]);
    // Each parent answers a survey for the family: the other family's still asks.
    expect(keys(await ofKind('surveyAnswer', haddad))).toEqual(['srv-mg-satisfaction family']);
  });

  it('gives nothing of these modules at a school that does not grant them', async () => {
    const kinds: THomeActionKind[] = [
      'circularAck',
      'policyAck',
      'messageUnread',
      'incidentAck',
      'surveyAnswer',
    ];
    const items = await actions(bcad);
    expect(items.filter((item) => kinds.includes(item.kind))).toEqual([]);
  });
});
