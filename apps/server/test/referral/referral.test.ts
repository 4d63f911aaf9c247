import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Referral } from '@kaskita/domain/contract/referral';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { borrowerCoupons } from '../../src/modules/commerce/commerce-schema.ts';
import { referrals } from '../../src/modules/referral/referral-schema.ts';
import { users } from '../../src/modules/user/user-schema.ts';
import type { Borrower } from '../application/application-helpers.ts';
import { call, newPhone, outboxTexts, signIn, useTestApp } from '../helpers/test-app.ts';
import { approvedBorrower, finishAtBank, order, pendingAtBank } from '../loans/loan-helpers.ts';
import { buy, checkout, createOrder, merchantsSetting, setPin } from '../commerce/commerce-helpers.ts';

/**
 * Referral (issue 26): attribution at sign-up (a friend's code, the partner and agency, the channel), the referrer's
 * coupon when the friend's first loan is disbursed (once, with its audit row and SMS; never to oneself), and that
 * coupon in the pay-later checkout (offered, used by a purchase, then refused; expired and others' refused).
 */
const t = useTestApp({ envSource: { COMMERCE_MERCHANTS: merchantsSetting(null) } });

const PIN = '246810';

function referral(token: string, lan = 'en-US') {
  return call<Referral>(t.app, { method: 'GET', url: '/api/v1/referral', token, headers: { lan } });
}

async function userRow(userId: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function uidOf(token: string): Promise<string> {
  const { body } = await call<{ uid: string }>(t.app, { method: 'GET', url: '/api/v1/user/account', token });
  return body.data.uid;
}

async function referralOf(friendUserId: string) {
  const [row] = await t.database.db.select().from(referrals).where(eq(referrals.friendUserId, friendUserId));
  return row;
}

const smsTo = (phone: string) => outboxTexts(t.app, phone);

let referrer: Borrower;
let code: string;

beforeAll(async () => {
  referrer = await approvedBorrower(t.app, t.database.db, t.clock.now());
}, 60_000);

describe('the referral code', () => {
  it('is made on the first ask and stays the same, with its link; nobody has joined yet', async () => {
    const first = await referral(referrer.token);
    expect(first.body.code).toBe(200);
    code = first.body.data.code;
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(code).not.toContain(referrer.phone.slice(-4));
    expect(first.body.data.link).toBe(`http://127.0.0.1:9/third/referral/login?ref=${code}`);
    expect(first.body.data.friends_joined).toBe(0);
    expect(first.body.data.coupons).toEqual([]);
    expect((await referral(referrer.token)).body.data.code).toBe(code);
  });

  it('needs a session', async () => {
    const { body } = await call(t.app, { method: 'GET', url: '/api/v1/referral' });
    expect(body.code).toBe(4047);
  });
});

describe('attribution at sign-up', () => {
  it("records the friend's code, the partner, the agency and the channel once", async () => {
    const phone = newPhone();
    const signed = await signIn(
      t.app,
      phone,
      undefined,
      { cl: 'web' },
      {
        referral_code: code.toLowerCase(),
        promote_platform: 'sepulsa',
        promote_agency: 'agency-7',
      },
    );
    expect(signed.is_new).toBe(true);
    const friendId = await uidOf(signed.token);
    const row = await userRow(friendId);
    expect(row).toMatchObject({
      signupChannel: 'web',
      promotePlatform: 'sepulsa',
      promoteAgency: 'agency-7',
    });
    expect(await referralOf(friendId)).toMatchObject({
      referrerUserId: referrer.userId,
      code,
      outcome: null,
    });
    expect((await referral(referrer.token)).body.data.friends_joined).toBe(1);

    // A later sign-in changes nothing: not the partner, not the referrer.
    const other = await signIn(t.app);
    const otherCode = (await referral(other.token)).body.data.code;
    t.clock.advance(61);
    await signIn(
      t.app,
      phone,
      undefined,
      { cl: 'app' },
      {
        referral_code: otherCode,
        promote_platform: 'doku',
        promote_agency: 'x',
      },
    );
    expect(await userRow(friendId)).toMatchObject({
      signupChannel: 'web',
      promotePlatform: 'sepulsa',
      promoteAgency: 'agency-7',
    });
    expect((await referralOf(friendId))?.referrerUserId).toBe(referrer.userId);
    expect((await referral(other.token)).body.data.friends_joined).toBe(0);
  });

  it('ignores an unknown partner, an unknown or malformed code, without failing the sign-in', async () => {
    for (const [ref, platform] of [
      ['ZZZZZZZZ', 'evil-partner'],
      ['not a code!', '0'],
    ] as const) {
      const signed = await signIn(
        t.app,
        newPhone(),
        undefined,
        {},
        {
          referral_code: ref,
          promote_platform: platform,
        },
      );
      expect(signed.is_new).toBe(true);
      const id = await uidOf(signed.token);
      expect(await userRow(id)).toMatchObject({ promotePlatform: null, signupChannel: null });
      expect(await referralOf(id)).toBeUndefined();
    }
  });

  it('attaches nobody to a borrower who already has an account (their own code included)', async () => {
    t.clock.advance(61);
    const again = await signIn(t.app, referrer.phone, undefined, {}, { referral_code: code });
    expect(again.is_new).toBe(false);
    expect(await referralOf(referrer.userId)).toBeUndefined();
  });
});

describe("the reward for a friend's first loan", () => {
  let friend: Borrower;

  it('gives the referrer one coupon, with its audit row and an SMS, when the loan is disbursed', async () => {
    friend = await approvedBorrower(t.app, t.database.db, t.clock.now(), { signUp: { referral_code: code } });
    expect((await referralOf(friend.userId))?.referrerUserId).toBe(referrer.userId);
    const placed = await order(t.app, friend.token);
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    const loanId = placed.body.data.order_id;
    // Nothing before the money arrives.
    expect((await referral(referrer.token)).body.data.coupons).toEqual([]);
    const atBank = await pendingAtBank(t.app, t.database.db, loanId);
    expect((await finishAtBank(t.app, atBank, 'complete')).body.code).toBe(200);
    await t.app.jobs.whenIdle();

    const mine = (await referral(referrer.token)).body.data;
    expect(mine.coupons).toHaveLength(1);
    expect(mine.coupons[0]).toMatchObject({
      state: 'available',
      plans: ['pay-later.month-3-3'],
      label: 'Friend referral reward: Rp50,000 off interest and fees',
      used_at: null,
    });
    const days = (Date.parse(mine.coupons[0]!.expires_at) - t.clock.now().getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'referral.reward'), eq(auditLog.subjectId, friend.userId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorKind: 'job', outcome: 'rewarded' });
    const sms = await smsTo(referrer.phone);
    expect(sms.filter((m) => m.includes('coupon "Rp50,000 off interest and fees"'))).toHaveLength(1);
    expect((await referralOf(friend.userId))?.outcome).toBe('rewarded');
  }, 60_000);

  it('gives nothing more for the same friend (a second loan, a repeated job)', async () => {
    await t.database.db.transaction((tx) =>
      t.app.referral.disbursed(tx, { loanId: 'another-loan', userId: friend.userId }),
    );
    await t.app.referral.reward({ friendUserId: friend.userId, loanId: 'another-loan' });
    await t.app.jobs.whenIdle();
    const coupons = await t.database.db
      .select()
      .from(borrowerCoupons)
      .where(eq(borrowerCoupons.userId, referrer.userId));
    expect(coupons).toHaveLength(1);
    const sms = await smsTo(referrer.phone);
    expect(sms.filter((m) => m.includes('Rp50,000 off'))).toHaveLength(1);
  });

  it('refuses a reward to oneself', async () => {
    // One account cannot sign up through its own link (it exists already); a row saying so is refused all the same.
    const self = await signIn(t.app);
    const selfId = await uidOf(self.token);
    await t.database.db.insert(referrals).values({
      friendUserId: selfId,
      referrerUserId: selfId,
      code: 'SELF2345',
      signedUpAt: t.clock.now(),
      outcome: null,
      rewardedAt: null,
      couponId: null,
    });
    await t.app.referral.reward({ friendUserId: selfId, loanId: 'x' });
    expect((await referralOf(selfId))?.outcome).toBe('self-referral');
    const coupons = await t.database.db
      .select()
      .from(borrowerCoupons)
      .where(eq(borrowerCoupons.userId, selfId));
    expect(coupons).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'referral.reward'), eq(auditLog.subjectId, selfId)));
    expect(row?.outcome).toBe('refused');
  });
});

describe('the coupon at the checkout', () => {
  let walletId: string;

  it('is offered to its owner beside the configured coupons, used by a purchase, then refused', async () => {
    expect((await setPin(t.app, t.clock, referrer.token, referrer.phone, PIN)).body.code).toBe(200);
    const created = await createOrder(t.app, t.clock.now(), 'R-1');
    const view = await checkout(t.app, referrer.token, 'order', { sign_key: created.sign_key });
    expect(view.body.code, JSON.stringify(view.body)).toBe(200);
    const ids = view.body.data.coupons.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['PL3-50K', 'PL-10PCT']));
    const wallet = view.body.data.coupons.find((c) => c.id.startsWith('W-'));
    expect(wallet).toMatchObject({ plans: ['pay-later.month-3-3'] });
    walletId = wallet!.id;

    const priced = await checkout(t.app, referrer.token, 'order', {
      sign_key: created.sign_key,
      product_id: 'pay-later.month-3-3',
      coupon_id: walletId,
    });
    expect(priced.body.data.plan).toMatchObject({ discount: 50_000, coupon_id: walletId });

    const bought = await buy(t.app, referrer.token, {
      sign_key: created.sign_key,
      product_id: 'pay-later.month-3-3',
      coupons_id: walletId,
      pay_pin: PIN,
    });
    expect(bought.body.code, JSON.stringify(bought.body)).toBe(200);
    const [used] = await t.database.db
      .select()
      .from(borrowerCoupons)
      .where(eq(borrowerCoupons.userId, referrer.userId));
    expect(used).toMatchObject({ state: 'used', usedLoanId: bought.body.data.loan_id });
    expect((await referral(referrer.token)).body.data.coupons[0]?.state).toBe('used');

    const next = await createOrder(t.app, t.clock.now(), 'R-2');
    const again = await checkout(t.app, referrer.token, 'order', { sign_key: next.sign_key });
    expect(again.body.data.coupons.some((c) => c.id === walletId)).toBe(false);
    const reused = await buy(t.app, referrer.token, {
      sign_key: next.sign_key,
      product_id: 'pay-later.month-3-3',
      coupons_id: walletId,
      pay_pin: PIN,
    });
    expect(reused.body.code).toBe(4415);
  }, 60_000);

  it("refuses an expired coupon and another borrower's", async () => {
    const other = await signIn(t.app);
    const otherId = await uidOf(other.token);
    const [expired] = await t.database.db.transaction(async (tx) => [
      await t.app.commerce.wallet.grant(tx, {
        userId: otherId,
        couponId: 'PL3-50K',
        source: 'referral',
        sourceRef: 'test-expired',
        expiresAt: new Date(t.clock.now().getTime() + 1000),
      }),
    ]);
    t.clock.advance(2);
    const created = await createOrder(t.app, t.clock.now(), 'R-3');
    const ask = (token: string, couponId: string) =>
      checkout(t.app, token, 'order', {
        sign_key: created.sign_key,
        product_id: 'pay-later.month-3-3',
        coupon_id: couponId,
      });
    expect((await ask(other.token, `W-${expired!.id}`)).body.code).toBe(4415);
    expect((await referral(other.token)).body.data.coupons[0]?.state).toBe('expired');
    // The referrer's (used) coupon, and a visitor: refused alike.
    expect((await ask(other.token, walletId)).body.code).toBe(4415);
    const free = await checkout(t.app, undefined, 'order_free', {
      sign_key: created.sign_key,
      coupon_id: walletId,
    });
    expect(free.body.code).toBe(4415);
  });
});
