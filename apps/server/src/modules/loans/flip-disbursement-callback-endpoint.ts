import { z } from 'zod';
import type { DisbursementFailure } from '@kaskita/domain/contract/loans';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { defineCallbackEndpoint, type CallbackEndpoint } from '../../callbacks/callback-endpoint.ts';
import { formTokenVerifier } from '../../callbacks/callback-verifiers.ts';
import { FLIP_BANK_CODES } from '../../providers/account-inquiry/flip-account-inquiry-provider.ts';
import type { DisbursementCallback } from '../../providers/disbursement/disbursement-callback.ts';
import type { DisbursementService } from './disbursement-service.ts';

/** Where Flip's transaction callbacks arrive: the URL to set in Flip's dashboard (API settings, "Transaction"). */
export const FLIP_DISBURSEMENT_CALLBACK_PATH = '/api/payments/disbursement/callback/flip';

export const FLIP_DISBURSEMENT_STATUSES = ['PENDING', 'DONE', 'CANCELLED'] as const;

/**
 * The `data` of Flip's callback: its disbursement object, of which we read only these fields. The others (account
 * number, recipient name, receipt ...) are dropped here, so they never reach the event or a log.
 */
export const flipDisbursementDataSchema = z.object({
  /** Flip's id: an integer so far; its 2025 id format change may make it a string. */
  id: z.union([z.number().int().positive(), z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)]),
  /** Ours: the try's id, sent as the idempotency key (API v3). */
  idempotency_key: z.string().min(1).max(100),
  amount: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,15}$/)]),
  status: z.enum(FLIP_DISBURSEMENT_STATUSES),
  /** Why a CANCELLED one failed: a code such as INACTIVE_ACCOUNT, or text. */
  reason: z.string().max(500).nullish(),
  bank_code: z.string().max(64),
  /** When it was created and finished, `yyyy-mm-dd hh:mm:ss` in Jakarta time (`0000-00-00 00:00:00` when not yet). */
  timestamp: z.string().max(40).nullish(),
  time_served: z.string().max(40).nullish(),
});
export type FlipDisbursementData = z.infer<typeof flipDisbursementDataSchema>;

/** Flip's bank codes back to ours (the callback names Flip's). */
const OUR_BANK_CODE = new Map(Object.entries(FLIP_BANK_CODES).map(([ours, flips]) => [flips, ours]));

/**
 * What a CANCELLED reason means for the borrower. Flip documents codes (INACTIVE_ACCOUNT, NOT_REGISTERED_ACCOUNT,
 * CANT_RECEIVE_TRANSFER, INTERMITTENT_DISTURBANCE_ON_BENEFICIARY_BANK, BENEFICIARY_ACCOUNT_NOT_VERIFIED) and has sent
 * free text before them, in English or Indonesian, so both are read:
 *   the holder's name does not match                       ACCOUNT_NAME_MISMATCH (the borrower gives another account)
 *   the account is closed, inactive, unknown or invalid,
 *   or cannot receive transfers                             ACCOUNT_CLOSED (the same)
 *   the bank is disturbed or timed out                      BANK_TIMEOUT (sent again later)
 *   anything else                                           REJECTED (sent again, then the borrower is told)
 */
export function flipFailureCode(reason: string | null | undefined): DisbursementFailure {
  const text = (reason ?? '').toUpperCase().replace(/[_\s-]+/g, ' ');
  if (
    /\b(NAME|NAMA)\b/.test(text) &&
    /(MISMATCH|NOT MATCH|DOESN'?T MATCH|TIDAK SESUAI|TIDAK COCOK|BERBEDA|DIFFERENT|BEDA)/.test(text)
  )
    return 'ACCOUNT_NAME_MISMATCH';
  if (/(DISTURBANCE|GANGGUAN|TIMEOUT|TIME OUT|TIMED OUT)/.test(text)) return 'BANK_TIMEOUT';
  if (
    /(INACTIVE|NOT ACTIVE|TIDAK AKTIF|NOT REGISTERED|TIDAK TERDAFTAR|CLOSED|DITUTUP|TUTUP|INVALID|NOT FOUND|TIDAK DITEMUKAN|WRONG ACCOUNT|REKENING SALAH|CAN'?T RECEIVE|CANNOT RECEIVE|TIDAK DAPAT MENERIMA|DORMANT|BLOCKED|DIBLOKIR)/.test(
      text,
    )
  )
    return 'ACCOUNT_CLOSED';
  return 'REJECTED';
}

/** Flip's `yyyy-mm-dd hh:mm:ss` (Jakarta, UTC+7) as a Date; undefined when empty or the zero date. */
export function flipTime(value: string | null | undefined): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value?.trim() ?? '');
  if (!match || match[1]!.startsWith('0000')) return undefined;
  const date = new Date(`${match[1]}T${match[2]}+07:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The callback in the shape the disbursement service applies; null for PENDING, which changes nothing. */
export function toDisbursementCallback(data: FlipDisbursementData): DisbursementCallback | null {
  if (data.status === 'PENDING') return null;
  const updated = flipTime(data.time_served) ?? flipTime(data.timestamp);
  return {
    id: String(data.id),
    external_id: data.idempotency_key,
    amount: rupiah(Number(data.amount), 'amount'),
    bank_code: (OUR_BANK_CODE.get(data.bank_code) ?? data.bank_code).slice(0, 32),
    status: data.status === 'DONE' ? 'COMPLETED' : 'FAILED',
    failure_code: data.status === 'CANCELLED' ? flipFailureCode(data.reason) : null,
    updated: updated?.toISOString() ?? '',
  };
}

/** The `data` field of Flip's form, parsed as JSON. Throws (a malformed body) without exactly one `data`. */
function decodeFlipForm(rawBody: Buffer): unknown {
  const data = new URLSearchParams(rawBody.toString('utf8')).getAll('data');
  if (data.length !== 1) throw new Error('the form has no single data field');
  return JSON.parse(data[0]!);
}

/**
 * POST /api/payments/disbursement/callback/flip: Flip's word that a disbursement was DONE or CANCELLED. Flip posts a
 * form, `data=<the disbursement object as JSON>&token=<the validation token of its dashboard>`, and retries (5 times,
 * 2 minutes apart) until answered 200. The token is compared in constant time with FLIP_CALLBACK_TOKEN; then the
 * event (Flip's id and status) goes through the inbox, so a replay changes nothing. PENDING is recorded and ignored.
 */
export function flipDisbursementCallback(
  disbursements: DisbursementService,
  token: string,
): CallbackEndpoint {
  return defineCallbackEndpoint<FlipDisbursementData, DisbursementCallback | null>({
    provider: 'flip-disbursement',
    path: '/callback',
    url: '/disbursement/callback/flip',
    summary: "Flip's disbursement result",
    description:
      'Sent by Flip for Business when a disbursement (Money Transfer, API v3) is finished. The body is `application/x-www-form-urlencoded`: `data` is the disbursement object as JSON (the fields below are those read: `status` DONE, or CANCELLED with `reason`; `idempotency_key` is our try id), `token` the validation token of the Flip dashboard (FLIP_CALLBACK_TOKEN).',
    verify: formTokenVerifier({ field: 'token', token }),
    decode: decodeFlipForm,
    body: flipDisbursementDataSchema,
    toEvent: (data) => {
      const occurredAt = flipTime(data.time_served) ?? flipTime(data.timestamp);
      return {
        eventId: `${data.id}:${data.status}`,
        type: `disbursement.${data.status.toLowerCase()}`,
        ...(occurredAt ? { occurredAt } : {}),
        payload: toDisbursementCallback(data),
      };
    },
    handle: async (tx, event) => (event.payload ? disbursements.applyCallback(tx, event.payload) : 'ignored'),
  });
}
