import { addDays } from '@portal/contracts/kits/dates';
import type { TDemoClass } from './demo-roster.ts';
import type { TDemoChild } from './demo-schools.ts';
import {
  DEMO_ACTIVITIES,
  DEMO_ASSIGNMENTS,
  DEMO_COMMENTS,
  DEMO_TESTS,
  type TDemoTest,
} from './demo-results-titles.ts';

// The marks of each demo child (demo-results.ts), dated from the seed day: the line items of
// their classes, their results and when each line item is released. Every release of a mark is
// over two weeks old, so the release job tells no one of demo marks at start; one is not released.

/** The one assessment the school has marked but not released (Omar's science unit test 3). */
export const DEMO_UNRELEASED_ASSESSMENT = 'li-09-A-sci-test3';
export const DEMO_TERM = 'term-2026-1';

/** The subjects of each mogra child's assessments and assignments, by enrolment number. */
const MOGRA_SUBJECTS: Record<string, { tests: string[]; assignments: string[] }> = {
  MG1001: { tests: ['MATH', 'ENG', 'ARA', 'SCI', 'ISL'], assignments: ['ENG', 'MATH', 'SCI', 'ARA', 'ISL'] },
  MG1002: { tests: ['MATH', 'ENG', 'ARA', 'SCI', 'SOC'], assignments: ['ENG', 'MATH', 'SOC', 'ARA', 'SCI'] },
  MG1003: { tests: ['MATH', 'ENG', 'ARA', 'ISL'], assignments: ['ENG', 'MATH', 'ARA', 'ISL', 'ICT'] },
};

/** The assignments' states in turn: due days from the seed day, and the result the school holds. */
const ASSIGNMENT_STATES = [
  { dueIn: -33, result: 'graded' },
  { dueIn: -20, result: 'graded' },
  { dueIn: -3, result: 'submitted' },
  { dueIn: -2, result: null },
  { dueIn: 5, result: null },
] as const;

export type TLineItem = {
  sourcedId: string;
  title: string;
  titleAr: string;
  classSourcedId: string;
  categorySourcedId: string;
  scoreScaleSourcedId: string;
  assignDate: string;
  dueDate: string;
  resultValueMax: number | '';
  /** The release time; '' for the one left unreleased. */
  publishedAt: string;
};

type TResult = {
  lineItem: string;
  enrollNumber: string;
  scoreStatus: string;
  score: number | '';
  textScore: string;
  scoreDate: string;
  comment: string;
};

export type TPlan = { lineItems: Map<string, TLineItem>; results: TResult[] };

/** A number from the text, the same at every start. */
const hashOf = (text: string) =>
  [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 10_007, 17);
/** A score out of `max`, 58 % to 97 %, the same at every start. */
const scoreOf = (max: number, key: string) => Math.round((max * (58 + (hashOf(key) % 40))) / 100);
const releaseAt = (day: string) => `${day}T14:00:00+04:00`;

function classOf(classes: TDemoClass[], child: TDemoChild, code: string | null): TDemoClass | undefined {
  const id = code
    ? `cls-${child.gradeCode}-${child.sectionCode}-${code.toLowerCase()}`
    : `hr-${child.gradeCode}-${child.sectionCode}`;
  return classes.find((candidate) => candidate.classId === id);
}

/** The child's result of a line item, its line item added once for the class. */
function add(plan: TPlan, item: TLineItem, result: Omit<TResult, 'lineItem'> | null) {
  plan.lineItems.set(item.sourcedId, item);
  if (result) plan.results.push({ lineItem: item.sourcedId, ...result });
}

const sectionPart = (child: TDemoChild) => `${child.gradeCode}-${child.sectionCode}`;

function addTest(
  plan: TPlan,
  seedDay: string,
  cls: TDemoClass,
  child: TDemoChild,
  test: TDemoTest,
  code: string,
) {
  const sourcedId = `li-${sectionPart(child)}-${code.toLowerCase()}-${test.slug}`;
  const due = addDays(seedDay, -test.daysAgo);
  const key = `${child.enrollNumber}-${sourcedId}`;
  // Omar's science unit test 2 is the one the demo inbox tells of: 17 out of 20.
  const score = sourcedId === 'li-09-A-sci-test2' ? 17 : scoreOf(test.max, key);
  add(
    plan,
    {
      sourcedId,
      title: test.en,
      titleAr: test.ar,
      classSourcedId: cls.classId,
      categorySourcedId: test.category,
      scoreScaleSourcedId: 'scale-letters',
      assignDate: addDays(due, -14),
      dueDate: due,
      resultValueMax: test.max,
      publishedAt: sourcedId === DEMO_UNRELEASED_ASSESSMENT ? '' : releaseAt(addDays(due, 3)),
    },
    {
      enrollNumber: child.enrollNumber,
      scoreStatus: 'fully graded',
      score,
      textScore: '',
      scoreDate: addDays(due, 2),
      comment: hashOf(key) % 3 === 0 ? (DEMO_COMMENTS[hashOf(key) % DEMO_COMMENTS.length] ?? '') : '',
    },
  );
}

function addAssignment(
  plan: TPlan,
  seedDay: string,
  cls: TDemoClass,
  child: TDemoChild,
  code: string,
  state: (typeof ASSIGNMENT_STATES)[number],
) {
  const [title, titleAr] = DEMO_ASSIGNMENTS[code] ?? ['Homework', 'واجب منزلي'];
  const due = addDays(seedDay, state.dueIn);
  const sourcedId = `li-${sectionPart(child)}-${code.toLowerCase()}-hw`;
  const graded = state.result === 'graded';
  add(
    plan,
    {
      sourcedId,
      title,
      titleAr,
      classSourcedId: cls.classId,
      categorySourcedId: 'cat-homework',
      scoreScaleSourcedId: 'scale-letters',
      assignDate: addDays(due, -7),
      dueDate: due,
      resultValueMax: 20,
      // Released as set, or a few days after the due day once marked.
      publishedAt: releaseAt(graded ? addDays(due, 4) : addDays(due, -7)),
    },
    state.result === null
      ? null
      : {
          enrollNumber: child.enrollNumber,
          scoreStatus: graded ? 'fully graded' : 'submitted',
          score: graded ? scoreOf(20, `${child.enrollNumber}-${sourcedId}`) : '',
          textScore: '',
          scoreDate: graded ? addDays(due, 3) : due,
          comment: graded ? (DEMO_COMMENTS[hashOf(sourcedId) % DEMO_COMMENTS.length] ?? '') : '',
        },
  );
}

function addActivity(plan: TPlan, seedDay: string, cls: TDemoClass, child: TDemoChild, index: number) {
  const activity = DEMO_ACTIVITIES[index];
  if (!activity) return;
  const assessed = addDays(seedDay, -24);
  const sourcedId = `li-${sectionPart(child)}-${activity.slug}`;
  add(
    plan,
    {
      sourcedId,
      title: activity.en,
      titleAr: activity.ar,
      classSourcedId: cls.classId,
      categorySourcedId: 'cat-activities',
      scoreScaleSourcedId: 'scale-levels',
      assignDate: addDays(assessed, -30),
      dueDate: assessed,
      resultValueMax: '',
      publishedAt: releaseAt(addDays(assessed, 4)),
    },
    {
      enrollNumber: child.enrollNumber,
      scoreStatus: 'fully graded',
      score: '',
      textScore: ['A', 'B', 'A', 'C'][(hashOf(child.enrollNumber) + index) % 4] ?? 'B',
      scoreDate: assessed,
      comment: '',
    },
  );
}

/** The marks of one of mogra's first family's children: a term of them. */
export function planFullTerm(plan: TPlan, seedDay: string, classes: TDemoClass[], child: TDemoChild) {
  const subjects = MOGRA_SUBJECTS[child.enrollNumber] ?? { tests: ['MATH'], assignments: ['ENG'] };
  for (const code of subjects.tests) {
    const cls = classOf(classes, child, code);
    // Only Omar sits the third science test (the one not released yet).
    const tests = (DEMO_TESTS[code] ?? []).filter(
      (one) => one.slug !== 'test3' || child.enrollNumber === 'MG1001',
    );
    for (const test of tests) if (cls) addTest(plan, seedDay, cls, child, test, code);
  }
  subjects.assignments.forEach((code, index) => {
    const cls = classOf(classes, child, code);
    const state = ASSIGNMENT_STATES[index % ASSIGNMENT_STATES.length];
    if (cls && state) addAssignment(plan, seedDay, cls, child, code, state);
  });
  DEMO_ACTIVITIES.forEach((activity, index) => {
    const cls = classOf(classes, child, activity.code);
    if (cls) addActivity(plan, seedDay, cls, child, index);
  });
}

/**
 * A few marks of any other child: a mathematics test and an English one, and a graded book
 * review; the Haddads' Nour has only the mathematics test and an assignment due ahead.
 */
export function planFew(plan: TPlan, seedDay: string, classes: TDemoClass[], child: TDemoChild) {
  const nour = child.enrollNumber === 'MG2001';
  for (const code of nour ? ['MATH'] : ['MATH', 'ENG']) {
    const cls = classOf(classes, child, code);
    const first = DEMO_TESTS[code]?.[0];
    if (cls && first) addTest(plan, seedDay, cls, child, first, code);
  }
  const cls = classOf(classes, child, 'ENG');
  const state = nour ? ASSIGNMENT_STATES[4] : ASSIGNMENT_STATES[0];
  if (cls) addAssignment(plan, seedDay, cls, child, 'ENG', state);
}
