import type { TDemoSchool } from './demo-schools.ts';

// The care and conduct family's files of each demo school's bundle (modules.md section 6).

/** File name -> CSV text of the care files of a demo school's bundle. */
export function demoCareFiles(_school: TDemoSchool, _seedDay: string): Map<string, string> {
  return new Map();
}
