/**
 * The page an /iframe route may load: an https address whose host is exactly one of the lender's configured hosts
 * (GET /v1/config `iframe_hosts`), never the app's own origin (a same-origin frame with scripts could lift its own
 * sandbox) and never one with a user name or password in it. Anything else is refused: the embedded page may ask
 * for the borrower's token (embedded-bridge.ts).
 */
export function embeddableUrl(
  raw: string | null,
  allowedHosts: readonly string[],
  appOrigin: string,
): URL | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.origin === appOrigin) return null;
  // The host as the URL parser wrote it (lower case, punycode); a port other than 443 is another origin, refused.
  if (url.port !== '' || !allowedHosts.includes(url.hostname)) return null;
  return url;
}
