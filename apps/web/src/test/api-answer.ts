/** A JSON response as the API sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** An envelope answer (spec section 7): code 200 with data, or an error code with its message and data. */
export const answer = (code: number, data: unknown = null, msg = code === 200 ? 'OK' : 'refused') =>
  json({ code, msg, data }, code === 200 ? 200 : code >= 5000 ? 500 : 400);

/** fetch failing the way a phone without connection does. */
export const offline = () => Promise.reject(new TypeError('Failed to fetch'));

/** The API path of a stubbed fetch call (`/api/v1/login?x` -> `/v1/login`). */
export const pathOf = (call: unknown[]) =>
  new URL(String(call[0]), 'http://x').pathname.replace(/^\/api/, '');
