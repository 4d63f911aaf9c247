import { maskPhone } from '@kaskita/domain/validation/phone';

/** "BUDI SANTOSO" -> "B*** S*******": enough to tell two results apart on a call, not enough to learn a name. */
function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0] + '*'.repeat(Math.max(0, word.length - 1)))
    .join(' ');
}

/** The last four digits only, as the loan agreement prints it. */
function maskNik(nik: string): string {
  return `${'*'.repeat(Math.max(0, nik.length - 4))}${nik.slice(-4)}`;
}

export interface MaskedBorrower {
  id: string;
  name_masked: string | null;
  phone_masked: string;
  nik_masked: string | null;
  blocked: boolean;
}

/** A borrower as every back-office list shows them; `nik` is decrypted by the caller and never leaves here. */
export function maskedBorrower(row: {
  id: string;
  phone: string;
  blockedAt: Date | null;
  name: string | null;
  nik: string | null;
}): MaskedBorrower {
  return {
    id: row.id,
    name_masked: row.name ? maskName(row.name) : null,
    phone_masked: maskPhone(row.phone),
    nik_masked: row.nik ? maskNik(row.nik) : null,
    blocked: row.blockedAt !== null,
  };
}
