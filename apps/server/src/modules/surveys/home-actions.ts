import type { THomeActionProvider } from '../../kits/home-actions.ts';
import { listSurveys } from './surveys.ts';

// What the surveys family asks of a parent on Home (docs/modules.md section 5), read with the
// survey list's own query (surveys.ts), so an item leaves once the survey is answered.

/**
 * Open surveys not answered yet, as the survey page lists them: one for each child a survey
 * about a child reaches, else one for the family; due on the survey's closing day.
 */
const surveyAnswer: THomeActionProvider = {
  modules: ['survey'],
  async items(context) {
    const surveys = await listSurveys(context.db, { schoolId: context.schoolId, parentId: context.parentId });
    return surveys
      .filter((survey) => survey.state === 'open')
      .map((survey) => ({
        kind: 'surveyAnswer',
        enrollNumber: survey.enrollNumber,
        title: survey.title,
        titleAr: survey.titleAr,
        dueOn: survey.closesOn,
        overdue: false,
        amount: null,
        source: survey.id,
      }));
  },
};

/** What the surveys family asks of a parent on Home (docs/modules.md section 5). */
export const surveysHomeActions: readonly THomeActionProvider[] = [surveyAnswer];
