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

/** Warms the server up with this request, then measures it. */
export async function measureLoad(request: TLoadRequest): Promise<TLoadResult> {
  await run(request, options.warmupS);
  return run(request, options.durationS);
}
