import { desc, eq } from 'drizzle-orm';
import { borrowerCoupons } from '../../commerce/commerce-schema.ts';
import { referralCodes, referrals } from '../../referral/referral-schema.ts';
import { OWN_ID, covers, defineSection, excluded, exported } from '../personal-data-registry.ts';
import { inTurn } from '../../../db/in-turn.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Referral (issue 26): the borrower's own code, the friend's code they signed up with, and their coupons. Friends
 * who signed up through the borrower's code are theirs to export, not this borrower's: only the count is shown (Me).
 */
export const referralSection = defineSection({
  key: 'referral',
  covers: [
    covers(referralCodes, {
      userId: OWN_ID,
      code: exported('referral.code'),
      locale: excluded('the language the code was last read in, to write the reward SMS in it'),
      createdAt: exported('referral.code_created_at'),
    }),
    covers(referrals, {
      friendUserId: OWN_ID,
      referrerUserId: excluded("the inviting borrower's id: another person's account"),
      code: exported('referral.signed_up_with_code'),
      signedUpAt: exported('referral.signed_up_at'),
      outcome: excluded('whether the inviting borrower was rewarded: theirs, in their coupons'),
      rewardedAt: excluded('when the inviting borrower was rewarded: theirs, in their coupons'),
      couponId: excluded("the inviting borrower's coupon: theirs, in their coupons"),
    }),
    covers(borrowerCoupons, {
      id: exported('referral.coupons[].id'),
      userId: OWN_ID,
      couponId: exported('referral.coupons[].coupon'),
      source: exported('referral.coupons[].source'),
      sourceRef: excluded("the friend whose loan earned it: another person's account"),
      state: exported('referral.coupons[].state'),
      expiresAt: exported('referral.coupons[].expires_at'),
      usedAt: exported('referral.coupons[].used_at'),
      usedLoanId: exported('referral.coupons[].used_for_loan_id'),
      createdAt: exported('referral.coupons[].created_at'),
    }),
  ],
  collect: async ({ db, user }) => {
    const [[code], [referral], coupons] = await inTurn(
      () => db.select().from(referralCodes).where(eq(referralCodes.userId, user.id)).limit(1),
      () => db.select().from(referrals).where(eq(referrals.friendUserId, user.id)).limit(1),
      () =>
        db
          .select()
          .from(borrowerCoupons)
          .where(eq(borrowerCoupons.userId, user.id))
          .orderBy(desc(borrowerCoupons.createdAt)),
    );
    return {
      code: code?.code ?? null,
      code_created_at: iso(code?.createdAt ?? null),
      signed_up_with_code: referral?.code ?? null,
      signed_up_at: iso(referral?.signedUpAt ?? null),
      coupons: coupons.map((c) => ({
        id: c.id,
        coupon: c.couponId,
        source: c.source,
        state: c.state,
        expires_at: c.expiresAt.toISOString(),
        used_at: iso(c.usedAt),
        used_for_loan_id: c.usedLoanId,
        created_at: c.createdAt.toISOString(),
      })),
    };
  },
});
