import { availableParallelism } from 'node:os';

// Two files at a time at least: one file alone left a third of two cores idle, waiting on
// PostgreSQL, timers and child processes (docs/decisions/027-ci-time.md). Vitest's default is
// one fewer than the cores. Every project of a run names it (vitest.config.ts): a project does
// not take the root's, and projects run as one group must agree.
export const maxWorkers = Math.max(2, availableParallelism() - 1);
