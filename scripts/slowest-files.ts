// A Vitest reporter that `npm test` adds beside the default one: at the end of a run it lists
// the slowest test files with their project and their time (tests and hooks), so the next
// change to the run's length starts from figures (docs/decisions/027-ci-time.md).
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the list names. */
const LISTED = 15;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const slowest = testModules
      .map((testModule) => ({
        project: testModule.project.name,
        file: testModule.relativeModuleId,
        ms: testModule.diagnostic().duration,
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, LISTED);
    if (slowest.length === 0) return;
    const lines = slowest.map(
      ({ project, file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${project}  ${file}`,
    );
    process.stdout.write(`\nSlowest test files (${slowest.length}):\n${lines.join('\n')}\n`);
  }
}
