import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { DEMO_PASSWORD } from './helper.ts';

export type TServerProcess = {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Sign-in limits high enough for a test that signs the same parent in many times from one
 * address; the limits themselves have their own tests.
 */
export const SIGN_IN_UNTHROTTLED = {
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
};

/** Signs a demo parent in over HTTP with the demo password; answers the token and the children. */
export async function signInDemoParent(
  baseUrl: string,
  schoolId: string,
  username: string,
): Promise<{ token: string; enrollNumbers: string[] }> {
  const response = await fetch(`${baseUrl}/api/v1/ppn/auth/login`, {
    method: 'POST',
    headers: { 'client-id': schoolId, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as {
    token: string;
    profile: { children: { sims_student_enroll_number: string }[] };
  };
  return {
    token: body.token,
    enrollNumbers: body.profile.children.map((child) => child.sims_student_enroll_number),
  };
}

const serverDir = path.resolve(import.meta.dirname, '..');
/** How long the output is still read after the process exits, when its pipes stay open. */
const OUTPUT_AFTER_EXIT_MS = 1_000;

/** Starts `node src/main.ts` on a free port and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<TServerProcess> {
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'exit' may come before the last of the output; 'close' after all of it, unless another
  // process still holds the pipes: the output is read until then, or a little after the exit.
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      void Promise.race([closed, new Promise((wait) => setTimeout(wait, OUTPUT_AFTER_EXIT_MS))]).then(() =>
        resolve(code),
      );
    }),
  );

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const check = () => {
      const match = /Parent portal: http:\/\/localhost:(\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
