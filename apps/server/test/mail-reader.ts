// Reads what the portal mailed: the text part of a raw RFC 822 message, and the code in it.

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The decoded text/plain part of a raw message. */
export function textOfMail(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
    return decodeBody(rest.join('\n\n').replace(/\r?\n--[^\r\n]+--\s*$/, ''), encoding);
  }
  throw new Error('no text/plain part in the message');
}

/** The decoded Subject header of a raw message. */
export function subjectOfMail(raw: string): string {
  const header = /^subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    )
    .trim();
}

/** The six-digit code of a message. */
export function codeOfMail(raw: string): string {
  const code = /(?:^|\s)(\d{6})(?:\s|$)/m.exec(textOfMail(raw))?.[1];
  if (!code) throw new Error('no code in the message');
  return code;
}

/** The `To` address of a raw message. */
export function recipientOfMail(raw: string): string {
  return (/^to:\s*(.*)$/im.exec(raw)?.[1] ?? '').replace(/.*</, '').replace(/>.*/, '').trim().toLowerCase();
}
