// Reads what the inbox's mail carries besides its text: a header (unfolded), the links of the
// text, and the token of an unsubscribe address.

/** The value of a header of a raw message, unfolded; '' when it has none. */
export function headerOfMail(raw: string, name: string): string {
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const escaped = name.replace(/[-]/g, '\\-');
  const match = new RegExp(`^${escaped}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]+/g, '').trim();
}

/** The token of an unsubscribe address (`...?token=<token>`). */
export function tokenOf(address: string): string {
  const token = new URL(address).searchParams.get('token');
  if (!token) throw new Error(`no token in ${address}`);
  return token;
}

/** The one-click address of a message's `List-Unsubscribe` header. */
export function oneClickOf(raw: string): string {
  const header = headerOfMail(raw, 'List-Unsubscribe');
  const address = /^<([^>]+)>$/.exec(header)?.[1];
  if (!address) throw new Error(`no List-Unsubscribe address in "${header}"`);
  return address;
}

/** The unsubscribe page links of a mail's text, in their order. */
export function unsubscribePagesOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/\S+\/unsubscribe\?token=\S+/g)].map((match) => match[0]);
}
