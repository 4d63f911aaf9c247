import type { ErrorData } from '@kaskita/domain/contract/envelope';
import type { ErrorKey } from '@kaskita/domain/i18n/error-codes';

/**
 * A business error with a stable code from the catalogue (i18n/error-codes.ts). The error handler turns it into
 * `{ code, msg, data }` in the caller's language; anything that is not an AppError becomes 5000.
 */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly data: ErrorData = null,
    /** Overrides the catalogue message (validation errors show the first field's message). */
    readonly messageKey?: string,
  ) {
    super(key);
    this.name = 'AppError';
  }
}
