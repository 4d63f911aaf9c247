import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import { PII_FIELDS } from '@kaskita/domain/contract/admin-borrowers';
import { ROLE_NAMES } from '@kaskita/domain/staff/permissions';
import { auditLog } from '../../../commands/audit-schema.ts';
import { messageOutbox } from '../../../jobs/outbox-schema.ts';
import { feedback } from '../../application/application-schema.ts';
import { complaintText } from '../../complaints/complaint-text-service.ts';
import { complaintEvents, complaints } from '../../complaints/complaints-schema.ts';
import { loanDisputeHolds } from '../../disputes/disputes-schema.ts';
import { smsCodes } from '../../auth/auth-schema.ts';
import { PII_REVEAL_COMMAND } from '../../borrowers/pii-reveal-service.ts';
import { collectionContacts, paymentPromises } from '../../collections/collections-schema.ts';
import { loans } from '../../loans/loan-orders-schema.ts';
import { staff } from '../../staff/staff-schema.ts';
import { borrowerVerifications } from '../../verification/verification-schema.ts';
import { openWhatsappPhone } from '../../verification/whatsapp-phone-schema.ts';
import { openRecipient } from '../../../jobs/outbox-recipient.ts';
import { phoneLookupHash } from '../../../security/phone-lookup.ts';
import {
  OWN_ID,
  ROW_ID,
  STAFF_ID,
  covers,
  defineSection,
  excluded,
  exported,
} from '../personal-data-registry.ts';
import { inTurn } from '../../../db/in-turn.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const CODE = excluded('a sign-in or verification code’s record: the SMS it caused is in messages[]');

/**
 * Every message the outbox sent (or tried) to the borrower's number and confirmed WhatsApp number, since the account
 * was registered: a number registered again after an account was deleted does not see the old account's messages.
 * The text is not kept once sent, so only what it was about is.
 */
export const messagesSection = defineSection({
  key: 'messages',
  covers: [
    covers(messageOutbox, {
      id: exported('messages[].id'),
      channel: exported('messages[].channel'),
      recipientEnc: exported('messages[].recipient'),
      recipientHash: excluded(
        'a keyed hash of the number, which cannot be read back: messages[].recipient is it',
      ),
      body: excluded(
        'held only until the message is sent or given up, then dropped; a pending one may hold a code',
      ),
      status: exported('messages[].status'),
      attempts: exported('messages[].attempts'),
      lastError: excluded("the gateway's error, no data of the borrower"),
      idempotencyKey: exported('messages[].kind'),
      createdAt: exported('messages[].created_at'),
      sentAt: exported('messages[].sent_at'),
      updatedAt: excluded('when the row last changed: its status says what changed'),
    }),
    covers(smsCodes, {
      id: CODE,
      phoneHash: CODE,
      purpose: CODE,
      codeHash: excluded('a keyed hash of a code: a secret'),
      ip: excluded('the address that asked for a code, who may not be the borrower'),
      tries: CODE,
      expiresAt: CODE,
      consumedAt: CODE,
      supersededAt: CODE,
      createdAt: CODE,
    }),
  ],
  collect: async ({ db, user, protection }) => {
    const [verification] = await db
      .select({ whatsapp: borrowerVerifications.whatsappPhoneEnc })
      .from(borrowerVerifications)
      .where(eq(borrowerVerifications.userId, user.id))
      .limit(1);
    const whatsapp = openWhatsappPhone(protection.cipher, user.id, verification?.whatsapp ?? null);
    const numbers = [user.phone, ...(whatsapp ? [whatsapp] : [])];
    const rows = await db
      .select()
      .from(messageOutbox)
      .where(
        and(
          inArray(
            messageOutbox.recipientHash,
            numbers.map((n) => phoneLookupHash(protection.lookup, n)),
          ),
          gte(messageOutbox.createdAt, user.createdAt),
        ),
      )
      .orderBy(asc(messageOutbox.createdAt));
    return rows.map((m) => ({
      id: m.id,
      channel: m.channel,
      // Found by the number's hash, so never an erased row: its recipient is there.
      recipient: openRecipient(protection.cipher, m) ?? '',
      // The key's first part names what the message was (sms-code, credit-decision ...), as the back office shows it.
      kind: m.idempotencyKey.split(':')[0] ?? 'message',
      status: m.status,
      attempts: m.attempts,
      created_at: m.createdAt.toISOString(),
      sent_at: iso(m.sentAt),
    }));
  },
});

/** Feedback and complaints the borrower sent, with the answers they were given. */
export const feedbackSection = defineSection({
  key: 'feedback',
  covers: [
    covers(feedback, {
      id: exported('feedback[].id'),
      userId: OWN_ID,
      content: exported('feedback[].content'),
      locale: exported('feedback[].locale'),
      createdAt: exported('feedback[].created_at'),
      kind: exported('feedback[].kind'),
      status: exported('feedback[].status'),
      reply: exported('feedback[].reply'),
      repliedAt: exported('feedback[].replied_at'),
      repliedBy: STAFF_ID,
      resolution: exported('feedback[].resolution'),
      closedAt: exported('feedback[].closed_at'),
      closedBy: STAFF_ID,
    }),
  ],
  collect: async ({ db, user }) => {
    const rows = await db
      .select()
      .from(feedback)
      .where(eq(feedback.userId, user.id))
      .orderBy(asc(feedback.createdAt));
    return rows.map((f) => ({
      id: f.id,
      kind: f.kind,
      content: f.content,
      locale: f.locale,
      status: f.status,
      reply: f.reply,
      replied_at: iso(f.repliedAt),
      resolution: f.resolution,
      closed_at: iso(f.closedAt),
      created_at: f.createdAt.toISOString(),
    }));
  },
});

/** Complaint cases: what the borrower wrote, what they were about, the deadlines and every step with its answer. */
/** A loan held under dispute by a case: the case itself is exported (a complaint here, a claim with the payments). */
const HELD = excluded(
  'when a case held the loan under dispute: the case is exported with its dates, and the loan pauses its late fees',
);

export const complaintsSection = defineSection({
  key: 'complaints',
  covers: [
    covers(complaints, {
      id: exported('complaints[].id'),
      caseNumber: exported('complaints[].case_number'),
      userId: OWN_ID,
      category: exported('complaints[].category'),
      textEnc: exported('complaints[].text'),
      loanId: exported('complaints[].loan_id'),
      paymentId: exported('complaints[].payment_id'),
      contactId: exported('complaints[].contact_id'),
      photoKey: exported('complaints[].photo_held'),
      status: exported('complaints[].status'),
      locale: exported('complaints[].locale'),
      firstAnswerBy: exported('complaints[].first_answer_by'),
      answerBy: exported('complaints[].answer_by'),
      extendedAt: exported('complaints[].extended_at'),
      extensionReason: exported('complaints[].extension_reason'),
      answeredAt: exported('complaints[].answered_at'),
      closedAt: exported('complaints[].closed_at'),
      createdAt: exported('complaints[].created_at'),
      updatedAt: exported('complaints[].updated_at'),
    }),
    covers(complaintEvents, {
      id: ROW_ID,
      complaintId: excluded('the case it belongs to: the step is listed under it'),
      position: excluded('the order of the steps, which the list keeps'),
      kind: exported('complaints[].events[].kind'),
      text: exported('complaints[].events[].text'),
      answerBy: exported('complaints[].events[].answer_by'),
      staffId: STAFF_ID,
      createdAt: exported('complaints[].events[].at'),
    }),
    covers(loanDisputeHolds, {
      id: ROW_ID,
      loanId: HELD,
      source: HELD,
      sourceId: HELD,
      openedAt: HELD,
      releasedAt: HELD,
    }),
  ],
  collect: async ({ db, user, protection }) => {
    const rows = await db
      .select()
      .from(complaints)
      .where(eq(complaints.userId, user.id))
      .orderBy(asc(complaints.createdAt));
    const ids = rows.map((c) => c.id);
    const events = ids.length
      ? await db
          .select()
          .from(complaintEvents)
          .where(inArray(complaintEvents.complaintId, ids))
          .orderBy(asc(complaintEvents.position))
      : [];
    return rows.map((c) => ({
      id: c.id,
      case_number: c.caseNumber,
      category: c.category,
      text: complaintText(protection.cipher, c),
      loan_id: c.loanId,
      payment_id: c.paymentId,
      contact_id: c.contactId,
      photo_held: c.photoKey !== null,
      status: c.status,
      locale: c.locale,
      first_answer_by: c.firstAnswerBy,
      answer_by: c.answerBy,
      extended_at: iso(c.extendedAt),
      extension_reason: c.extensionReason,
      answered_at: iso(c.answeredAt),
      closed_at: iso(c.closedAt),
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
      events: events
        .filter((e) => e.complaintId === c.id)
        .map((e) => ({ kind: e.kind, text: e.text, answer_by: e.answerBy, at: e.createdAt.toISOString() })),
    }));
  },
});

/** The collectors' record of contacts with the borrower and the promises to pay they noted. */
export const collectionSection = defineSection({
  key: 'collection',
  covers: [
    covers(collectionContacts, {
      id: ROW_ID,
      loanId: exported('collection.contacts[].loan_id'),
      staffId: STAFF_ID,
      channel: exported('collection.contacts[].channel'),
      outcome: exported('collection.contacts[].outcome'),
      note: exported('collection.contacts[].note'),
      contactedAt: exported('collection.contacts[].contacted_at'),
      commandId: excluded('the audit row of the command that wrote it (internal)'),
    }),
    covers(paymentPromises, {
      id: ROW_ID,
      loanId: exported('collection.promises[].loan_id'),
      staffId: STAFF_ID,
      promisedDate: exported('collection.promises[].promised_date'),
      amount: exported('collection.promises[].amount'),
      createdAt: exported('collection.promises[].created_at'),
      commandId: excluded('the audit row of the command that wrote it (internal)'),
    }),
  ],
  collect: async ({ db, user }) => {
    const [contacts, promises] = await inTurn(
      () =>
        db
          .select({ c: collectionContacts })
          .from(collectionContacts)
          .innerJoin(loans, eq(loans.id, collectionContacts.loanId))
          .where(eq(loans.userId, user.id))
          .orderBy(asc(collectionContacts.contactedAt)),
      () =>
        db
          .select({ p: paymentPromises })
          .from(paymentPromises)
          .innerJoin(loans, eq(loans.id, paymentPromises.loanId))
          .where(eq(loans.userId, user.id))
          .orderBy(asc(paymentPromises.createdAt)),
    );
    return {
      contacts: contacts.map(({ c }) => ({
        loan_id: c.loanId,
        channel: c.channel,
        outcome: c.outcome,
        note: c.note,
        contacted_at: c.contactedAt.toISOString(),
      })),
      promises: promises.map(({ p }) => ({
        loan_id: p.loanId,
        promised_date: p.promisedDate,
        amount: p.amount,
        created_at: p.createdAt.toISOString(),
      })),
    };
  },
});

const isPiiField = (v: unknown): v is (typeof PII_FIELDS)[number] =>
  typeof v === 'string' && (PII_FIELDS as readonly string[]).includes(v);
const isRole = (v: string): v is (typeof ROLE_NAMES)[number] => (ROLE_NAMES as readonly string[]).includes(v);

/** Every time staff were shown the borrower's data unmasked (audited reveals): when, what, by which role. */
export const staffAccessSection = defineSection({
  key: 'staff_access',
  covers: [
    covers(auditLog, {
      id: ROW_ID,
      command: excluded(
        'which command ran: staff reveals are exported here; what other commands changed is in the rows they changed',
      ),
      actorKind: excluded('who kind of actor ran it: staff_access lists staff reveals only'),
      actorId: exported('staff_access[].role'),
      subjectType: excluded('what the command was about: the borrower, for every row exported'),
      subjectId: excluded('what the command was about: the borrower, for every row exported'),
      outcome: excluded('a word for what happened (revealed ...)'),
      input: excluded('the ids, amounts and dates a command took: the rows it changed are exported'),
      before: excluded("a summary of what changed: the rows' current state is exported"),
      after: exported('staff_access[].field'),
      reason: excluded("a staff member's working note on why they acted"),
      network: excluded(
        "the network of whoever ran it: the borrower's own sign-in networks are in devices[]",
      ),
      createdAt: exported('staff_access[].at'),
    }),
  ],
  collect: async ({ db, user }) => {
    const rows = await db
      .select({ at: auditLog.createdAt, after: auditLog.after, role: staff.role })
      .from(auditLog)
      .innerJoin(staff, eq(staff.id, auditLog.actorId))
      .where(
        and(
          eq(auditLog.command, PII_REVEAL_COMMAND),
          eq(auditLog.subjectType, 'borrower'),
          eq(auditLog.subjectId, user.id),
          eq(auditLog.actorKind, 'staff'),
        ),
      )
      .orderBy(desc(auditLog.createdAt));
    return rows.flatMap((r) => {
      const field = (r.after as { field?: unknown } | null)?.field;
      return isPiiField(field) && isRole(r.role) ? [{ at: r.at.toISOString(), field, role: r.role }] : [];
    });
  },
});
