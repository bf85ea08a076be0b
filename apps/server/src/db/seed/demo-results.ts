import type { TDemoSchool } from './demo-schools.ts';

// The graded-results family's files of each demo school's bundle (modules.md section 6):
// OneRoster categories, score scales, line items and results, and the portal's own files.

/** File name -> CSV text of the results files of a demo school's bundle. */
export function demoResultsFiles(_school: TDemoSchool, _seedDay: string): Map<string, string> {
  return new Map();
}
