import { SMTPServer } from 'smtp-server';
import { recipientOfMail } from './mail-reader.ts';

export type TSmtpListener = {
  url: string;
  messages: string[];
  /** Waits for the n-th message (1-based) to this recipient and returns it. */
  waitForMessage: (recipient: string, count?: number, timeoutMs?: number) => Promise<string>;
  close: () => Promise<void>;
};

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpListener(): Promise<TSmtpListener> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMessage(recipient, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = messages.filter((raw) => recipientOfMail(raw) === recipient.toLowerCase());
        const found = mine[count - 1];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no message ${count} to ${recipient}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
