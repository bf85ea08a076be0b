// The raw Argon2id verify rate of this machine at the portal's parameters: the yardstick of
// the sign-in budget. Prints `verifies/s <rate>`. The verifications go through the portal's
// own hashing queue (password.ts: one per core at a time, the rest in arrival order), so the
// sign-ins are compared with the same hashing, only without the requests around it.
import { hashPassword, verifyPassword } from '../src/modules/auth/password.ts';

const seconds = Number(process.argv[2] ?? 10);
const concurrency = 50;
const hash = await hashPassword('Demo-Parent-2026');
let done = 0;
const deadline = Date.now() + seconds * 1000;
const started = Date.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < deadline) {
      await verifyPassword(hash, 'Demo-Parent-2026');
      done += 1;
    }
  }),
);
process.stdout.write(`verifies/s ${(done / ((Date.now() - started) / 1000)).toFixed(1)}\n`);
