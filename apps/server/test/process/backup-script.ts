import { spawn } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');

/** Runs `scripts/backup.ts <action> <file>` with the given environment; answers its exit code and output. */
export function runBackupScript(
  action: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/backup.ts', action, file], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** Saves a layout and takes a document number as the signed-in parent; answers both. */
export async function writeSomething(
  baseUrl: string,
  token: string,
): Promise<{ layout: string; docNo: number }> {
  const headers = {
    'client-id': 'mogra',
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  };
  const layout = JSON.stringify({ widgets: ['fees', 'attendance'], savedAt: Date.now() });
  const saved = await fetch(`${baseUrl}/api/v1/ppn/parent/dashboard-layout`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ layout_data: layout }),
  });
  if (saved.status !== 200) throw new Error(`layout save answered ${saved.status}`);
  const docNo = await fetch(`${baseUrl}/api/v1/ppn/fees/doc-no`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ data: { enrollNumber: 'MG1002' } }),
  });
  if (docNo.status !== 200) throw new Error(`doc-no answered ${docNo.status}`);
  return { layout, docNo: Number(await docNo.text()) };
}

/** What the restored server must show: the same session, layout and document counter. */
export async function readBack(
  baseUrl: string,
  token: string,
): Promise<{ layout: string | undefined; nextDocNo: number }> {
  const headers = {
    'client-id': 'mogra',
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  };
  const profile = await fetch(`${baseUrl}/api/v1/ppn/parent/profile`, { headers });
  if (profile.status !== 200) throw new Error(`profile answered ${profile.status}`);
  const body = (await profile.json()) as { dashboardLayout: { layout_data: string }[] };
  const docNo = await fetch(`${baseUrl}/api/v1/ppn/fees/doc-no`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ data: { enrollNumber: 'MG1002' } }),
  });
  return { layout: body.dashboardLayout[0]?.layout_data, nextDocNo: Number(await docNo.text()) };
}
