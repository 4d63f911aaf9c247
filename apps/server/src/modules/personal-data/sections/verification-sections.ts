import { asc, eq } from 'drizzle-orm';
import { findBank } from '@kaskita/domain/banking/banks';
import { fieldContext } from '../../../security/data-cipher.ts';
import { bankAccounts } from '../../bank-cards/bank-cards-schema.ts';
import { ACCOUNT_PURPOSE, HOLDER_NAME_PURPOSE } from '../../bank-cards/bank-cards-service.ts';
import { borrowerVerifications, faceChecks } from '../../verification/verification-schema.ts';
import { openWhatsappPhone } from '../../verification/whatsapp-phone-schema.ts';
import { OWN_ID, ROW_ID, covers, defineSection, excluded, exported } from '../personal-data-registry.ts';
import { inTurn } from '../../../db/in-turn.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The WhatsApp and face checks, and every face check tried. */
export const verificationSection = defineSection({
  key: 'verification',
  covers: [
    covers(borrowerVerifications, {
      userId: OWN_ID,
      whatsappPhoneEnc: exported('verification.whatsapp_phone'),
      whatsappVerifiedAt: exported('verification.whatsapp_verified_at'),
      reminderChannel: exported('verification.reminder_channel'),
      faceStatus: exported('verification.face_status'),
      faceReason: exported('verification.face_reason'),
      selfieKey: exported('verification.selfie_held'),
      facePassedAt: exported('verification.face_passed_at'),
      faceLiveness: exported('verification.face_liveness'),
      updatedAt: exported('verification.updated_at'),
    }),
    covers(faceChecks, {
      id: ROW_ID,
      userId: OWN_ID,
      result: exported('verification.face_checks[].result'),
      reason: exported('verification.face_checks[].reason'),
      distance: exported('verification.face_checks[].distance'),
      provider: exported('verification.face_checks[].provider'),
      liveness: exported('verification.face_checks[].liveness'),
      challenge: excluded('a random single-use nonce the check answered; says nothing about the borrower'),
      createdAt: exported('verification.face_checks[].at'),
    }),
  ],
  collect: async ({ db, user, protection }) => {
    const [[v], checks] = await inTurn(
      () => db.select().from(borrowerVerifications).where(eq(borrowerVerifications.userId, user.id)).limit(1),
      () =>
        db.select().from(faceChecks).where(eq(faceChecks.userId, user.id)).orderBy(asc(faceChecks.createdAt)),
    );
    if (!v && checks.length === 0) return null;
    return {
      whatsapp_phone: openWhatsappPhone(protection.cipher, user.id, v?.whatsappPhoneEnc ?? null),
      whatsapp_verified_at: iso(v?.whatsappVerifiedAt ?? null),
      reminder_channel: v?.reminderChannel ?? 'sms',
      face_status: v?.faceStatus ?? 'none',
      face_reason: v?.faceReason ?? null,
      selfie_held: Boolean(v?.selfieKey),
      face_passed_at: iso(v?.facePassedAt ?? null),
      face_liveness: v?.faceLiveness ?? null,
      updated_at: (v?.updatedAt ?? checks.at(-1)!.createdAt).toISOString(),
      face_checks: checks.map((c) => ({
        at: c.createdAt.toISOString(),
        result: c.result,
        reason: c.reason,
        distance: c.distance,
        provider: c.provider,
        liveness: c.liveness,
      })),
    };
  },
});

/** Every bank account given, the number decrypted (it is the borrower's own). */
export const bankAccountsSection = defineSection({
  key: 'bank_accounts',
  covers: [
    covers(bankAccounts, {
      id: exported('bank_accounts[].id'),
      userId: OWN_ID,
      bankCode: exported('bank_accounts[].bank_code'),
      accountNumberEnc: exported('bank_accounts[].account_number'),
      accountNumberHash: excluded('a keyed hash of the account number, to find it on other accounts'),
      holderNameEnc: exported('bank_accounts[].holder_name'),
      lastDigits: excluded("the account number's last digits: the whole number is exported"),
      verifiedAt: exported('bank_accounts[].verified_at'),
      replacedAt: exported('bank_accounts[].removed_at'),
      isDefault: exported('bank_accounts[].is_default'),
      createdAt: exported('bank_accounts[].added_at'),
    }),
  ],
  collect: async ({ db, user, protection }) => {
    const rows = await db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, user.id))
      .orderBy(asc(bankAccounts.createdAt));
    return rows.map((b) => ({
      id: b.id,
      bank_code: b.bankCode,
      bank_name: findBank(b.bankCode)?.name ?? null,
      account_number: protection.cipher.decryptField(b.accountNumberEnc, fieldContext(ACCOUNT_PURPOSE, b.id)),
      holder_name: protection.cipher.decryptField(b.holderNameEnc, fieldContext(HOLDER_NAME_PURPOSE, b.id)),
      verified_at: b.verifiedAt.toISOString(),
      removed_at: iso(b.replacedAt),
      is_default: b.isDefault,
      added_at: b.createdAt.toISOString(),
    }));
  },
});
