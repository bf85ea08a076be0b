import fs from 'node:fs';
import path from 'node:path';
import { codeOfMail, recipientOfMail } from './mail-reader.ts';

/** The raw messages in DATA_DIR/outbox, oldest first. */
export function outboxMessages(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
}

/** The code of the newest outbox message to this recipient, waiting for it up to `timeoutMs`. */
export async function readLatestCode(
  dataDir: string,
  recipient: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const wanted = recipient.toLowerCase();
  for (;;) {
    const mine = outboxMessages(dataDir).filter((raw) => recipientOfMail(raw) === wanted);
    const newest = mine.at(-1);
    if (newest) return codeOfMail(newest);
    if (Date.now() > deadline) throw new Error(`no mail to ${recipient} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
