import { LOAN_EXPORT_PATH } from '@kaskita/domain/contract/admin-book';
import { API_PREFIX } from '@kaskita/domain/contract/endpoints';
import { HEADER } from '@kaskita/domain/contract/header-names';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { currentLocale } from '../../lib/i18n.tsx';
import { getSession } from '../../lib/session.ts';

/**
 * Downloads the loan book as CSV with the list's filters. The export is a file, not an envelope, so it is fetched with
 * the staff token (a link could not carry it) and saved through an object URL.
 */
export async function downloadLoansCsv(filters: Record<string, string>): Promise<void> {
  const headers: Record<string, string> = { [HEADER.lan]: currentLocale() };
  const session = getSession();
  if (session) headers[HEADER.authorization] = `Bearer ${session.token}`;
  const search = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
  const response = await fetch(`${API_PREFIX}${LOAN_EXPORT_PATH}?${search}`, {
    headers,
    credentials: 'same-origin',
  });
  if (!response.headers.get('content-type')?.startsWith('text/csv')) {
    const envelope = (await response.json().catch(() => ({}))) as { code?: number; msg?: string };
    throw new ApiError(envelope.code ?? 0, errorText(envelope.code ?? 0, envelope.msg ?? ''));
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'loans.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
