/**
 * What the lender's embedded page may ask the app by postMessage (spec section 2: getToken, getAid, getDfp,
 * appFinish). It posts either the name (`'getToken'`) or `{ type: 'getToken', id?: string }`; the app answers
 * `{ type, data, id }` (`data` null for appFinish, or when signed out) to that page's origin only.
 */
export const BRIDGE_REQUESTS = ['getToken', 'getAid', 'getDfp', 'appFinish'] as const;
export type BridgeRequest = (typeof BRIDGE_REQUESTS)[number];

export interface BridgeAnswers {
  /** The access token, null when signed out. */
  getToken(): string | null;
  getAid(): string;
  getDfp(): string;
  /** The embedded page is done: the app leaves it. */
  appFinish(): void;
}

export interface BridgeReply {
  type: BridgeRequest;
  data: string | null;
  id?: string;
}

function requestOf(data: unknown): { type: BridgeRequest; id?: string } | null {
  const type = typeof data === 'string' ? data : (data as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !(BRIDGE_REQUESTS as readonly string[]).includes(type)) return null;
  const id = typeof data === 'object' && data ? (data as { id?: unknown }).id : undefined;
  return { type: type as BridgeRequest, ...(typeof id === 'string' && id.length <= 64 ? { id } : {}) };
}

/**
 * Answers one message event if, and only if, it comes from the frame we loaded (`frame`, its contentWindow) and from
 * the origin we loaded into it (`origin`, an allowed host's: embedded-url.ts). A message from any other window or
 * origin (another tab, an ad in the frame's own frames, a page the frame navigated to) gets nothing, not even an
 * error. The reply is posted to exactly that origin, never '*': were the frame navigated away meanwhile, the browser
 * drops it rather than hand the token to whoever is there now.
 *
 * The risk that remains is the lender's host itself: any script it runs may read the token, which acts as the
 * borrower until it expires. So only the lender's own hosts belong in `iframe_hosts`, never a partner's or a CDN's.
 */
export function answerBridgeMessage(
  event: MessageEvent,
  { frame, origin, answers }: { frame: Window | null; origin: string; answers: BridgeAnswers },
): boolean {
  if (!frame || event.source !== frame || event.origin !== origin) return false;
  const request = requestOf(event.data);
  if (!request) return false;
  let data: string | null = null;
  if (request.type === 'getToken') data = answers.getToken();
  else if (request.type === 'getAid') data = answers.getAid();
  else if (request.type === 'getDfp') data = answers.getDfp();
  const reply: BridgeReply = { type: request.type, data, ...(request.id ? { id: request.id } : {}) };
  frame.postMessage(reply, origin);
  if (request.type === 'appFinish') answers.appFinish();
  return true;
}
