const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text into HTML text or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A UTC instant as `YYYY-MM-DD HH:MM:SS`. */
export const utcTime = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19);

/** Headers of the dev pages: never cached, no script, inline styles only. */
export const DEV_PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
} as const;
