import { signInDemoParent } from '../server-process.ts';

/** One answer (or failure to answer) of the server under load. */
export type TOutcome = {
  kind: 'read' | 'doc-no' | 'layout';
  /** 0 when no HTTP answer came at all (connection refused or cut). */
  status: number;
  retryAfter: string | null;
  messageId: string | undefined;
  startedAt: number;
  endedAt: number;
  /** The number a 2xx doc-no answered. */
  docNo?: number;
  /** The sequence number a layout save carried, acknowledged or not. */
  layoutSeq?: number;
  error?: string;
};

export type TLoad = {
  outcomes: TOutcome[];
  /** Stops the workers and waits for their last requests. */
  stop: () => Promise<TOutcome[]>;
};

/** The load takes document numbers far faster than one parent may (`/fees/doc-no` is limited per parent). */
export const LOAD_UNTHROTTLED = { DOC_NO_RATE_LIMIT_PER_PARENT: '1000000' };

const SCHOOL = 'mogra';
export const LOAD_PARENT = { username: 'parent@mogra.demo', parentId: 'MG-P001', child: 'MG1002' };

/** Signs the load's parent in over HTTP and returns the bearer token. */
export async function signInOverHttp(baseUrl: string): Promise<string> {
  return (await signInDemoParent(baseUrl, SCHOOL, LOAD_PARENT.username)).token;
}

/** The layout a save with this sequence number sends. */
export const layoutOf = (seq: number) => JSON.stringify({ widgets: ['fees'], seq });

async function request(
  kind: TOutcome['kind'],
  url: string,
  init: RequestInit,
): Promise<{ outcome: TOutcome; body: unknown }> {
  const startedAt = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const messageId =
      typeof body === 'object' && body !== null && 'messageId' in body ? String(body.messageId) : undefined;
    return {
      outcome: {
        kind,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        messageId,
        startedAt,
        endedAt: Date.now(),
      },
      body,
    };
  } catch (error) {
    const cause = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
    return {
      outcome: {
        kind,
        status: 0,
        retryAfter: null,
        messageId: undefined,
        startedAt,
        endedAt: Date.now(),
        error: cause,
      },
      body: undefined,
    };
  }
}

/**
 * Drives reads (the parent's profile) and acknowledged writes (document numbers; dashboard
 * layouts saved one after the other by the first worker) until stopped. Bounded: at most
 * `maxRequests` requests and `maxMs` milliseconds.
 */
export function startLoad(
  baseUrl: string,
  token: string,
  options: { workers?: number; pauseMs?: number; maxRequests?: number; maxMs?: number } = {},
): TLoad {
  const { workers = 4, pauseMs = 10, maxRequests = 20_000, maxMs = 60_000 } = options;
  const outcomes: TOutcome[] = [];
  const headers = { 'client-id': SCHOOL, authorization: `Bearer ${token}` };
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  const deadline = Date.now() + maxMs;
  let stopped = false;
  let layoutSeq = 0;
  const running = () => !stopped && Date.now() < deadline && outcomes.length < maxRequests;

  async function worker(index: number): Promise<void> {
    while (running()) {
      const read = await request('read', `${baseUrl}/api/v1/ppn/parent/profile`, { headers });
      outcomes.push(read.outcome);

      const docNo = await request('doc-no', `${baseUrl}/api/v1/ppn/fees/doc-no`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ data: { enrollNumber: LOAD_PARENT.child } }),
      });
      if (docNo.outcome.status === 200) docNo.outcome.docNo = Number(docNo.body);
      outcomes.push(docNo.outcome);

      if (index === 0) {
        const seq = ++layoutSeq;
        const layout = await request('layout', `${baseUrl}/api/v1/ppn/parent/dashboard-layout`, {
          method: 'PUT',
          headers: jsonHeaders,
          body: JSON.stringify({ layout_data: layoutOf(seq) }),
        });
        layout.outcome.layoutSeq = seq;
        outcomes.push(layout.outcome);
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  const all = Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      await all;
      return outcomes;
    },
  };
}

/** The doc-no numbers that were acknowledged with 2xx. */
export const acknowledgedDocNos = (outcomes: TOutcome[]) =>
  outcomes.flatMap((o) => (o.kind === 'doc-no' && o.status === 200 && o.docNo ? [o.docNo] : []));

/**
 * The layout sequence numbers the stored layout may carry: the last acknowledged save, or a
 * later one whose answer was lost (it may have committed).
 */
export function possibleStoredLayoutSeqs(outcomes: TOutcome[]): {
  lastAcknowledged: number;
  lastTried: number;
} {
  const layouts = outcomes.filter((o) => o.kind === 'layout');
  const acknowledged = layouts.filter((o) => o.status === 200).map((o) => o.layoutSeq ?? 0);
  return {
    lastAcknowledged: Math.max(0, ...acknowledged),
    lastTried: Math.max(0, ...layouts.map((o) => o.layoutSeq ?? 0)),
  };
}

/** Waits until the condition holds, checking every 50 ms. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The seq of the layout stored for the load's parent, read through the profile. */
export async function storedLayoutSeq(baseUrl: string, token: string): Promise<number | null> {
  const response = await fetch(`${baseUrl}/api/v1/ppn/parent/profile`, {
    headers: { 'client-id': SCHOOL, authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`profile answered ${response.status}`);
  const profile = (await response.json()) as { dashboardLayout: { layout_data: string }[] };
  const stored = profile.dashboardLayout[0]?.layout_data;
  return stored ? (JSON.parse(stored) as { seq: number }).seq : null;
}
