// Closed-loop load with autocannon: a fixed number of connections, each sending its next
// request when the last one is answered.
import autocannon from 'autocannon';
import { options } from './options.ts';

/**
 * The headers of a signed-in parent's read, as their browser sends them: it always accepts
 * compressed answers (docs/decisions/036-compressed-answers.md).
 */
export function parentHeaders(schoolId: string, token: string): Record<string, string> {
  return {
    'client-id': schoolId,
    authorization: `Bearer ${token}`,
    'accept-encoding': 'gzip, deflate, br, zstd',
  };
}

export type TLoadRequest = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
};

export type TLoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors and time-outs. */
  errors: number;
  non2xx: number;
};

async function run(request: TLoadRequest, durationS: number): Promise<TLoadResult> {
  const result = await autocannon({
    ...request,
    connections: options.connections,
    pipelining: 1,
    duration: durationS,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Waits until the server has answered what a run left in flight. autocannon stops at its
 * duration without waiting for the answers of its last requests, which the server still works
 * on: 50 sign-ins left in the hashing queue would make the next run's first 50 wait twice as
 * long, and the raw verify rate measured next share the cores with them. One more request,
 * answered after those ahead of it (the hashing queue is first come, first served), tells.
 */
async function drain(request: TLoadRequest): Promise<void> {
  await autocannon({ ...request, connections: 1, amount: 1 });
}

/** Warms the server up with this request, then measures it; each run's leftovers are answered first. */
export async function measureLoad(request: TLoadRequest): Promise<TLoadResult> {
  await run(request, options.warmupS);
  await drain(request);
  const result = await run(request, options.durationS);
  await drain(request);
  return result;
}
