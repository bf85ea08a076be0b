/**
 * A path that normalizing leaves as it is: `/`, or segments of lower-case letters, digits and
 * the other ASCII characters a path may hold unencoded except `.` (no `%`, no backslash),
 * each after one slash, with or without a trailing slash.
 */
const ALREADY_NORMAL = /^(?:\/|(?:\/[a-z0-9\-_~!$&'()*+,;=:@]+)+\/?)$/;

/**
 * The path of a request's address as a decision sees it: percent-decoded, repeated slashes and backslashes collapsed, `.` and `..` segments resolved and
 * lower-cased, keeping a trailing slash. `/%61pi/x`, `//api/x`, `/API/x`, `/%2561pi/x` and `/a/../api/x`
 * all read `/api/x`: which part of the portal a request is for is decided on this, never on the
 * raw address.
 */
export function normalizedPath(url: string): string {
  const raw = url.split(/[?#]/, 1)[0] ?? '';
  // Nearly every address is already normal: nothing to decode, collapse, resolve or lower.
  if (ALREADY_NORMAL.test(raw)) return raw;
  // Decoded until it stops changing (a proxy in front may decode once more than the router).
  let decoded = raw;
  for (let round = 0; round < 3; round++) {
    let next = decoded;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      // What does not decode is refused by the router; decide on it as it is.
    }
    if (next === decoded) break;
    decoded = next;
  }
  const segments: string[] = [];
  for (const segment of decoded.split(/[/\\]+/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = segments.length > 0 && /[/\\]$/.test(decoded) ? '/' : '';
  return `/${segments.join('/')}${trailing}`.toLowerCase();
}
