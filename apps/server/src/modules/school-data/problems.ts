import { MessageId } from '@portal/contracts/messages';
import type { TBundleProblem } from '@portal/contracts/school-data';
import type { TRowProblem } from '../../kits/bundle-file.ts';

// The problems of a bundle (docs/school-data.md): each names its file, row and column. The
// first ones are kept for the report; the rest are only counted.

/** Problems kept for the report. */
export const MAX_REPORTED_PROBLEMS = 500;

export const bundleProblem = (file: string, message: string, row = 0, column = ''): TBundleProblem => ({
  file,
  row,
  column,
  messageId: MessageId.importRowsInvalid,
  message,
});

/** Collects problems, keeping the first ones. */
export function problemList() {
  const kept: TBundleProblem[] = [];
  let count = 0;
  const add = (problem: TBundleProblem) => {
    count++;
    if (kept.length < MAX_REPORTED_PROBLEMS) kept.push(problem);
  };
  return {
    add,
    addRow: (file: string, problem: TRowProblem) => add({ file, ...problem }),
    kept,
    count: () => count,
  };
}
export type TProblemList = ReturnType<typeof problemList>;
