// The processes the bench measures: a bare Fastify server and the portal itself.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { signInDemoParent, startServer, type TServerProcess } from '../test/server-process.ts';
import type { TBenchDatabase } from './bench-database.ts';

/** A helper server of the bench in its own process: its port, and how to stop it. */
type THelperServer = { port: number; stop: () => Promise<void> };

/** Starts a script of this folder that prints `listening on <port>`, with its arguments. */
async function startHelper(script: string, args: string[] = []): Promise<THelperServer> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening on (\d+)/.exec(chunk.toString());
      if (match?.[1]) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`${script} exited before listening`)));
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts bare-server.ts in its own process; answers its hello URL. */
export async function startBare(): Promise<{ url: string; stop: () => Promise<void> }> {
  const bare = await startHelper('bare-server.ts');
  return { url: `http://127.0.0.1:${bare.port}/hello`, stop: bare.stop };
}

/** Starts pair-proxy.ts in front of the ports: one address, each request to the next port in turn. */
export async function startProxy(ports: number[]): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const proxy = await startHelper('pair-proxy.ts', ports.map(String));
  return { baseUrl: `http://127.0.0.1:${proxy.port}`, stop: proxy.stop };
}

export type TPortal = TServerProcess & {
  /** Signs in a parent of a school with the demo password; answers the token and first child. */
  signIn: (schoolId: string, username: string) => Promise<{ token: string; enrollNumber: string }>;
};

/** Starts the portal on the bench database as in production, without rate limits. */
export async function startPortal(
  database: TBenchDatabase,
  extraEnv: Record<string, string> = {},
): Promise<TPortal> {
  const server = await startServer({
    ...database.env,
    NODE_ENV: 'production',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    // The figures measure one address hammering a few accounts: no throttling here.
    AUTH_RATE_LIMIT_PER_IP: '1000000000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000000',
    // The sandbox provider (it takes no money), so the noisy neighbour can flood payment creation.
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: '1',
    SANDBOX_WEBHOOK_SECRET: 'bench-sandbox-webhook-secret-0123456789abcdef',
    PUBLIC_BASE_URL: 'http://{schoolId}.localhost',
    ...extraEnv,
  });
  return {
    ...server,
    signIn: async (schoolId, username) => {
      const { token, enrollNumbers } = await signInDemoParent(server.baseUrl, schoolId, username);
      const enrollNumber = enrollNumbers[0];
      if (!enrollNumber) throw new Error(`${username} has no child`);
      return { token, enrollNumber };
    },
  };
}
