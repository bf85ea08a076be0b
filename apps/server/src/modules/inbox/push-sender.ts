import webPush from 'web-push';
import type { TPushMessage } from '@portal/contracts/push';
import type { TNotificationCategory } from '@portal/contracts/kits/inbox';
import type { TVapidKeys } from './vapid-keys.ts';

// One push to one browser (RFC 8030): the message encrypted for the browser's keys (RFC 8291,
// `aes128gcm`) and signed with the portal's VAPID key (RFC 8292) by the web-push library, then
// sent with a time limit and without following redirects (a push service answers, it does not
// send elsewhere).

/** How long a push service may take to answer one push. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a browser that is offline. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;
/** What a push shows at most: a title and the start of the body (a push carries 4 KB at most). */
const TITLE_MAX = 100;
const BODY_MAX = 300;
const PATH_MAX = 500;

/** Categories whose pushes the browser should deliver at once, even to a device saving power. */
const URGENT: readonly TNotificationCategory[] = ['safety', 'attendance'];

/** What became of one push: taken by the push service, the subscription is gone, or it failed. */
export type TPushOutcome = 'sent' | 'gone' | 'failed';

/** What pushing needs besides the message: the portal's keys and who push services may contact. */
export type TPushSigner = { keys: TVapidKeys; subject: string };

/** A notice as its push carries it, in the parent's language. */
export function pushMessageOf(notice: {
  id: string;
  titleEn: string;
  titleAr: string;
  bodyEn: string;
  bodyAr: string;
  path: string;
  language: string | null;
}): TPushMessage {
  const arabic = notice.language === 'ar';
  const title = (arabic && notice.titleAr) || notice.titleEn;
  const body = (arabic && notice.bodyAr) || notice.bodyEn;
  return {
    lang: arabic && notice.titleAr ? 'ar' : 'en',
    title: shorten(title, TITLE_MAX),
    body: shorten(body, BODY_MAX),
    path: portalPath(notice.path),
    tag: `notice:${notice.id}`,
  };
}

/** A text cut to at most `max` characters, with an ellipsis when it was cut. */
function shorten(text: string, max: number): string {
  const characters = [...text.trim()];
  return characters.length <= max ? characters.join('') : `${characters.slice(0, max - 1).join('')}…`;
}

/** A path on the portal (never another site's address), `/` when the notice has none. */
function portalPath(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') && path.length <= PATH_MAX ? path : '/';
}

/** Pushes a message to one browser; never throws. */
export async function sendPush(
  target: { endpoint: string; p256dh: string; auth: string },
  message: TPushMessage,
  options: { signer: TPushSigner; category: TNotificationCategory; topic: string },
): Promise<{ outcome: TPushOutcome; status: number | null }> {
  let request: webPush.RequestDetails;
  try {
    request = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: options.signer.subject, ...options.signer.keys },
        TTL: PUSH_TTL_SECONDS,
        urgency: URGENT.includes(options.category) ? 'high' : 'normal',
        topic: options.topic,
        contentEncoding: 'aes128gcm',
      },
    );
  } catch {
    // The keys were checked when the browser subscribed: a failure here is the portal's, so the
    // subscription is kept and the push tried again later.
    return { outcome: 'failed', status: null };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // fetch sets the length of the body itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { outcome: 'sent', status: response.status };
    if (response.status === 404 || response.status === 410)
      return { outcome: 'gone', status: response.status };
    return { outcome: 'failed', status: response.status };
  } catch {
    return { outcome: 'failed', status: null };
  }
}
