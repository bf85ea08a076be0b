// Another school's parent reading their profile while the bench loads the portal (README,
// Performance): the read latencies the big import and the noisy neighbour are judged by.
import http from 'node:http';
import { percentile, send } from './peak.ts';

/** The neighbour's read: this many connections, each one request after the other. */
export const READ_CONNECTIONS = 10;

export type TReads = { p50Ms: number; p99Ms: number; requests: number; failures: number };

/** Reads `url` over READ_CONNECTIONS connections, one request after the other, until `until` says stop. */
export async function readUntil(
  url: URL,
  headers: Record<string, string>,
  until: () => boolean,
): Promise<TReads> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: READ_CONNECTIONS });
  const latencies: number[] = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: READ_CONNECTIONS }, async () => {
      while (!until()) {
        const started = performance.now();
        const answer = await send(agent, url, { method: 'GET', headers }).catch(() => null);
        latencies.push(performance.now() - started);
        if (answer?.status !== 200) failures++;
      }
    }),
  );
  agent.destroy();
  return {
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    requests: latencies.length,
    failures,
  };
}
