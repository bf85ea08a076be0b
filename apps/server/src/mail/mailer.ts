import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type TMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files shown inline in the HTML, referenced as `cid:<cid>`. */
  inlineImages?: { cid: string; path: string }[];
  /** Headers of the message besides the usual ones (`List-Unsubscribe`...). */
  headers?: Record<string, string>;
};

export type TMailer = {
  send: (mail: TMail) => Promise<void>;
  /** Resolves when mail can be sent now (the SMTP server answers and accepts the login). */
  checkReady: () => Promise<void>;
};

// A mail server that does not answer fails a request in seconds, not minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 20_000 };

/**
 * Sends mail over SMTP (`SMTP_URL`); without it, writes each message as an `.eml` file to
 * `outboxDir` and logs where, so the portal works on a machine with no mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Outside production, the outbox's messages also go to the log in full, codes included. */
  logOutboxText: boolean;
}): TMailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async checkReady() {
      if (options.smtpUrl) await transport.verify();
      else fs.mkdirSync(options.outboxDir, { recursive: true });
    },
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.inlineImages?.map((image) => ({ cid: image.cid, path: image.path })),
        headers: mail.headers,
      });
      if (options.smtpUrl) {
        options.log.info({ to: mail.to, messageId: info.messageId }, 'mail sent');
        return;
      }
      fs.mkdirSync(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      fs.writeFileSync(file, (info as unknown as { message: Buffer }).message);
      options.log.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
  };
}
