/**
 * Sends the whole page to the payment provider's hosted page (a full redirect keeps card
 * details off the portal's pages). Only a web address is followed; false otherwise.
 */
export function leaveFor(url: string): boolean {
  let target: URL;
  try {
    target = new URL(url, window.location.origin);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  window.location.assign(target.href);
  return true;
}
