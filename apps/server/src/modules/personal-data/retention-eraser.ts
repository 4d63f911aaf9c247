import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messageOutbox } from '../../jobs/outbox-schema.ts';
import { analyticsEvents } from '../../providers/analytics/analytics-events-schema.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import { creditApplications, feedback, sealLocation } from '../application/application-schema.ts';
import { COMPLAINT_TEXT_PURPOSE } from '../complaints/complaint-text-service.ts';
import { loanReliefs } from '../relief/relief-schema.ts';
import { RELIEF_REASON_PURPOSE } from '../relief/relief-service.ts';
import { complaintEvents, complaints } from '../complaints/complaints-schema.ts';
import { sessions, signInDevices, smsCodes } from '../auth/auth-schema.ts';
import { bankAccounts } from '../bank-cards/bank-cards-schema.ts';
import { payPins } from '../payment-pin/payment-pin-schema.ts';
import { ACCOUNT_PURPOSE, HOLDER_NAME_PURPOSE } from '../bank-cards/bank-cards-service.ts';
import { signedKey } from '../loans/loan-agreement-service.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { borrowerProfiles, profileDrafts } from '../profile/profile-schema.ts';
import { paymentClaims } from '../repayments/payment-claims-schema.ts';
import { agreementAcceptances, consentWithdrawals } from '../user/user-schema.ts';
import { borrowerVerifications, faceChecks } from '../verification/verification-schema.ts';
import { openWhatsappPhone } from '../verification/whatsapp-phone-schema.ts';
import { phoneLookupHash } from '../../security/phone-lookup.ts';
import { correctionRequests } from './personal-data-schema.ts';
import { inTurn } from '../../db/in-turn.ts';

/** What is left once erased, where a column may not be empty. */
const ERASED = '-';

/**
 * What the eraser does to each table tied to a borrower, at the account's closure and when its retention ends
 * (legal/personal-data-rights.ts). The coverage test checks that every table of the export's sections is here, so a
 * module adding a personal table also says how it is erased. Rows other tables point to (loans, bills, payments,
 * refunds, bank accounts) stay as the lender's anonymous books once their personal fields are erased.
 */
export const ERASURE_PLAN: Readonly<Record<string, string>> = {
  users: 'at closure: phone replaced by closed:<id>, password removed (the row stays: the books point to it)',
  account_closures: 'at retention end: the number kept is erased and the closure marked purged',
  sessions: 'at closure: every session revoked, then deleted',
  sign_in_devices: 'at closure: deleted',
  analytics_events: 'at closure: the events sent signed in deleted (device id and fingerprint with them)',
  sms_codes: "at closure: the number's codes deleted",
  profile_drafts: 'at closure: deleted',
  correction_requests: 'at closure: deleted',
  borrower_profiles:
    'at closure: contacts, email, OCR reading and the NIK lookup hash erased; at retention end: the row and the KTP photo deleted',
  borrower_verifications:
    'at closure: the WhatsApp number erased (and from the messages sent to it); at retention end: the row and the selfie deleted',
  face_checks: 'at retention end: deleted',
  agreement_acceptances: 'at retention end: deleted',
  consent_withdrawals: 'at retention end: deleted',
  bank_accounts: 'at retention end: holder name and number erased (loans and refunds point to the row)',
  credit_applications: 'at retention end: location and the decision record erased (reasons stay, as codes)',
  feedback: 'at retention end: the text, reply and resolution erased',
  complaints: 'at retention end: the text and the extension reason erased, the photo let go',
  complaint_events: 'at retention end: the answers and notes erased',
  commerce_orders: "kept: a shop's order paid by an anonymous loan (amounts, items, dates)",
  commerce_refunds: "kept: a shop's refund of an anonymous loan's order (amounts, reason, dates)",
  pay_pins: 'at closure: deleted',
  loans: 'at retention end: the accepting IP address erased and the signed agreement PDF destroyed',
  loan_bills: 'kept: amounts and dates of an anonymous loan',
  loan_dispute_holds: 'kept: when an anonymous loan was held under dispute, and by which kind of case',
  loan_reliefs:
    "at retention end: the borrower's reason erased and the signed addendum destroyed (dates, days and the addendum's hash stay with the loan)",
  disbursements: 'kept: amounts of an anonymous loan',
  payment_codes: 'kept: codes and amounts of an anonymous loan',
  payment_code_claims: 'kept: leases of seconds, removed as they end',
  payments: 'kept: amounts of an anonymous loan',
  refunds: 'kept: amounts of an anonymous loan',
  payment_claims: 'at retention end: the reference erased and the proof photo destroyed',
  message_outbox: 'at retention end: the number erased from the messages sent to it before the closure',
  collection_contacts: 'kept, append-only: a collector’s notes on an anonymous loan',
  payment_promises: 'kept, append-only: amounts and dates of an anonymous loan',
  audit_log: 'kept, append-only: ids, amounts and dates only, never personal values',
  referral_codes: 'kept: a random code of an anonymous account (the friends attributed to it point to it)',
  referrals: 'kept: ids and dates linking two anonymous accounts (a reward given once per friend)',
  borrower_coupons: 'kept: coupon ids and dates of an anonymous account (a used one points to its loan)',
};

export interface ErasureTarget {
  userId: string;
  /** The number the account had, to find what was addressed to it. */
  phone: string;
  closedAt: Date;
}

/** Erases a closed account's personal data, in stages; files are destroyed before the rows that name them change. */
export class RetentionEraser {
  constructor(private readonly protection: DataProtection) {}

  /** At closure, whatever is kept: what no rule asks us to keep (ERASED_AT_CLOSURE_TEXTS). */
  async atClosure(tx: DbOrTx, { userId, phone, closedAt }: ErasureTarget): Promise<void> {
    const [verification] = await tx
      .select({ whatsapp: borrowerVerifications.whatsappPhoneEnc })
      .from(borrowerVerifications)
      .where(eq(borrowerVerifications.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(signInDevices).where(eq(signInDevices.userId, userId));
    await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, userId));
    await tx.delete(payPins).where(eq(payPins.userId, userId));
    await tx.delete(smsCodes).where(eq(smsCodes.phoneHash, phoneLookupHash(this.protection.lookup, phone)));
    await tx.delete(profileDrafts).where(eq(profileDrafts.userId, userId));
    await tx.delete(correctionRequests).where(eq(correctionRequests.userId, userId));
    // The NIK's lookup hash goes too: the person may open a new account with their KTP (the NIK stays, encrypted).
    await tx
      .update(borrowerProfiles)
      .set({ contactsEnc: null, emailEnc: null, ocrTextEnc: null, nikHash: null })
      .where(eq(borrowerProfiles.userId, userId));
    const whatsapp = openWhatsappPhone(this.protection.cipher, userId, verification?.whatsapp ?? null);
    if (whatsapp && whatsapp !== phone) {
      // The WhatsApp number goes now, and with it the address of what was sent to it (its codes).
      await this.eraseRecipient(tx, whatsapp, closedAt);
      await tx
        .update(borrowerVerifications)
        .set({ whatsappPhoneEnc: null })
        .where(eq(borrowerVerifications.userId, userId));
    }
  }

  /** When the retention ends (or at once, for an account that never applied): everything else personal. */
  async atRetentionEnd(tx: DbOrTx, target: ErasureTarget): Promise<void> {
    const { userId, phone, closedAt } = target;
    await this.atClosure(tx, target);
    const [[profile], [verification], loanIds, proofs, reliefs] = await inTurn(
      () =>
        tx
          .select({ key: borrowerProfiles.ktpPhotoKey })
          .from(borrowerProfiles)
          .where(eq(borrowerProfiles.userId, userId)),
      () =>
        tx
          .select({ key: borrowerVerifications.selfieKey })
          .from(borrowerVerifications)
          .where(eq(borrowerVerifications.userId, userId)),
      () => tx.select({ id: loans.id }).from(loans).where(eq(loans.userId, userId)),
      () =>
        tx
          .select({ key: paymentClaims.proofKey })
          .from(paymentClaims)
          .where(and(eq(paymentClaims.userId, userId), isNotNull(paymentClaims.proofKey))),
      () =>
        tx
          .select({ id: loanReliefs.id, key: loanReliefs.addendumKey })
          .from(loanReliefs)
          .where(eq(loanReliefs.userId, userId)),
    );
    // Files first: a failure after them leaves rows naming missing files, which the next run erases anyway.
    const files = [
      profile?.key,
      verification?.key,
      ...proofs.map((p) => p.key),
      ...loanIds.map((l) => signedKey(l.id)),
      ...reliefs.map((r) => r.key),
    ].filter((k): k is string => Boolean(k));
    for (const key of files) await this.protection.files.delete(key);

    await tx.delete(borrowerProfiles).where(eq(borrowerProfiles.userId, userId));
    await tx.delete(faceChecks).where(eq(faceChecks.userId, userId));
    await tx.delete(borrowerVerifications).where(eq(borrowerVerifications.userId, userId));
    await tx.delete(agreementAcceptances).where(eq(agreementAcceptances.userId, userId));
    await tx.delete(consentWithdrawals).where(eq(consentWithdrawals.userId, userId));
    const cards = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, userId));
    for (const card of cards)
      await tx
        .update(bankAccounts)
        .set({
          // Still values the key rotation can read: the name and number themselves are gone.
          holderNameEnc: this.protection.cipher.encryptField(
            ERASED,
            fieldContext(HOLDER_NAME_PURPOSE, card.id),
          ),
          accountNumberEnc: this.protection.cipher.encryptField(
            ERASED,
            fieldContext(ACCOUNT_PURPOSE, card.id),
          ),
          accountNumberHash: ERASED,
          lastDigits: ERASED,
        })
        .where(eq(bankAccounts.id, card.id));
    const applications = await tx
      .select({ id: creditApplications.id })
      .from(creditApplications)
      .where(eq(creditApplications.userId, userId));
    for (const application of applications)
      await tx
        .update(creditApplications)
        .set({
          // Still a value the key rotation can read: the place itself is gone.
          locationEnc: sealLocation(this.protection.cipher, application.id, {
            longitude: ERASED,
            latitude: ERASED,
          }),
          decision: null,
        })
        .where(eq(creditApplications.id, application.id));
    await tx
      .update(feedback)
      .set({ content: ERASED, reply: null, resolution: null })
      .where(eq(feedback.userId, userId));
    const cases = await tx
      .select({ id: complaints.id })
      .from(complaints)
      .where(eq(complaints.userId, userId));
    for (const c of cases)
      await tx
        .update(complaints)
        .set({
          textEnc: this.protection.cipher.encryptField(ERASED, fieldContext(COMPLAINT_TEXT_PURPOSE, c.id)),
          extensionReason: null,
          photoKey: null,
        })
        .where(eq(complaints.id, c.id));
    if (cases.length > 0)
      await tx
        .update(complaintEvents)
        .set({ text: null })
        .where(
          inArray(
            complaintEvents.complaintId,
            cases.map((c) => c.id),
          ),
        );
    await tx.update(loans).set({ acceptedIp: ERASED }).where(eq(loans.userId, userId));
    await tx
      .update(paymentClaims)
      .set({ reference: null, proofKey: null })
      .where(eq(paymentClaims.userId, userId));
    for (const relief of reliefs)
      await tx
        .update(loanReliefs)
        .set({
          // Still a value the key rotation can read: the reason itself is gone.
          reasonEnc: this.protection.cipher.encryptField(
            ERASED,
            fieldContext(RELIEF_REASON_PURPOSE, relief.id),
          ),
          addendumKey: null,
        })
        .where(eq(loanReliefs.id, relief.id));
    await this.eraseRecipient(tx, phone, closedAt);
  }

  /** Messages to a number before the closure: the number may be a new account's since, whose messages stay. */
  private async eraseRecipient(tx: DbOrTx, number: string, closedAt: Date): Promise<void> {
    await tx
      .update(messageOutbox)
      .set({ recipientEnc: null, recipientHash: null, body: null })
      .where(
        and(
          eq(messageOutbox.recipientHash, phoneLookupHash(this.protection.lookup, number)),
          lt(messageOutbox.createdAt, closedAt),
        ),
      );
  }
}
