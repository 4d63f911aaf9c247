import { asc, eq } from 'drizzle-orm';
import { loanReliefs } from '../../relief/relief-schema.ts';
import { RELIEF_REASON_PURPOSE } from '../../relief/relief-service.ts';
import { fieldContext } from '../../../security/data-cipher.ts';
import { OWN_ID, STAFF_ID, covers, defineSection, excluded, exported } from '../personal-data-registry.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The borrower's relief requests (issue 27): their reason, staff's answer, and what they accepted. */
export const reliefSection = defineSection({
  key: 'relief',
  covers: [
    covers(loanReliefs, {
      id: exported('relief[].id'),
      loanId: exported('relief[].loan_id'),
      userId: OWN_ID,
      status: exported('relief[].status'),
      kind: exported('relief[].kind'),
      daysAsked: exported('relief[].days_asked'),
      extraAsked: exported('relief[].extra_asked'),
      reasonEnc: exported('relief[].reason'),
      locale: exported('relief[].locale'),
      askedAt: exported('relief[].asked_at'),
      daysOffered: exported('relief[].days_offered'),
      extraOffered: exported('relief[].extra_offered'),
      offeredBills: excluded(
        'the offer as first made: the accepted dates are exported, and the bills under loans[]',
      ),
      offerExpiresAt: exported('relief[].offer_expires_at'),
      decidedBy: STAFF_ID,
      decidedAt: exported('relief[].decided_at'),
      answer: exported('relief[].answer'),
      acceptedAt: exported('relief[].accepted_at'),
      acceptedBills: exported('relief[].new_due_dates'),
      lateFeesKept: exported('relief[].late_fees_kept'),
      addendumKey: excluded(
        'where the signed addendum is stored: its hash is exported, the PDF is on the relief page',
      ),
      addendumSha256: exported('relief[].addendum_sha256'),
      closedAt: exported('relief[].closed_at'),
      updatedAt: exported('relief[].updated_at'),
    }),
  ],
  collect: async ({ db, user, protection }) => {
    const rows = await db
      .select()
      .from(loanReliefs)
      .where(eq(loanReliefs.userId, user.id))
      .orderBy(asc(loanReliefs.askedAt));
    return rows.map((r) => ({
      id: r.id,
      loan_id: r.loanId,
      status: r.status,
      kind: r.kind,
      days_asked: r.daysAsked,
      extra_asked: r.extraAsked,
      reason: protection.cipher.decryptField(r.reasonEnc, fieldContext(RELIEF_REASON_PURPOSE, r.id)),
      locale: r.locale,
      asked_at: r.askedAt.toISOString(),
      days_offered: r.daysOffered,
      extra_offered: r.extraOffered,
      offer_expires_at: iso(r.offerExpiresAt),
      decided_at: iso(r.decidedAt),
      answer: r.answer,
      accepted_at: iso(r.acceptedAt),
      new_due_dates: (r.acceptedBills ?? []).map((b) => b.dueDateAfter),
      new_bill_amounts: (r.acceptedBills ?? []).map((b) => b.remaining),
      late_fees_kept: r.lateFeesKept,
      addendum_sha256: r.addendumSha256,
      closed_at: iso(r.closedAt),
      updated_at: r.updatedAt.toISOString(),
    }));
  },
});
