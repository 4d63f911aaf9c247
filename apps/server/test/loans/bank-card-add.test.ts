import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BankCardCodeResponse } from '@kaskita/domain/contract/bank-cards';
import { BANK_CARDS_MAX } from '@kaskita/domain/contract/bank-cards';
import { BANK_INQUIRIES_PER_USER } from '../../src/modules/bank-cards/bank-cards-service.ts';
import { rateEvents } from '../../src/rate-limit/rate-limit-schema.ts';
import { latestCode, solvedCaptcha, useTestApp, wrongCodeFor } from '../helpers/test-app.ts';
import { completedBorrower, type Borrower } from '../application/application-helpers.ts';
import { get, post } from '../profile/profile-helpers.ts';
import { approvedBorrower, order, pendingAtBank } from './loan-helpers.ts';

const t = useTestApp();

type Cards = {
  account: { bank: string; card_num_masked: string } | null;
  cards: Array<{ id: string; bank: string; card_num_masked: string; is_default: boolean }>;
};

/** Asks for a code past the resend cooldown, solving the captcha when the phone's hourly codes ask for one. */
async function askCode(b: Borrower, extra: Record<string, string> = {}) {
  t.clock.advance(61);
  const sent = await post<BankCardCodeResponse>(t.app, b.token, '/v1/user/bank_code', extra);
  if (sent.body.code !== 200 || sent.body.data.captcha === 0) return sent;
  return post<BankCardCodeResponse>(t.app, b.token, '/v1/user/bank_code', {
    ...extra,
    ...(await solvedCaptcha(t.app)),
  });
}

async function sendCode(b: Borrower, extra: Record<string, string> = {}) {
  const sent = await askCode(b, extra);
  expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
  const code = await latestCode(t.app, b.phone);
  expect(code).not.toBeNull();
  return { answer: sent.body.data, code: code! };
}

function add(b: Borrower, fields: Record<string, string>) {
  return post<Cards>(t.app, b.token, '/v1/user/bank_add', {
    bank: 'MANDIRI',
    card_num: '1112223334',
    name: 'Budi Santoso',
    ...fields,
  });
}

const cardsOf = async (b: Borrower) => (await get<Cards>(t.app, b.token, '/v1/user/bank')).body.data;

/** Every message the borrower's phone received, newest first (dev outbox). */
async function messages(phone: string): Promise<string[]> {
  await t.app.jobs.whenIdle();
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?phone=${phone}` });
  return (res.json() as { data: Array<{ text: string }> }).data.map((m) => m.text);
}

describe('adding a bank card from Me', () => {
  it("sends the code to the borrower's own phone, adds the card as the default and tells the borrower", async () => {
    const b = await completedBorrower(t.app);
    const { answer, code } = await sendCode(b, { phone: '081299998888' });
    // Another number in the body is ignored: the code only goes to the registered phone.
    expect(answer.phone_masked).toMatch(/^\d{3}\*+\d{4}$/);
    expect(answer.phone_masked.slice(-2)).toBe(b.phone.slice(-2));
    expect(await latestCode(t.app, '081299998888')).toBeNull();
    expect((await messages(b.phone))[0]).toContain('REKENING BANK');

    const added = await add(b, { sms_code: code });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.account).toMatchObject({ bank: 'MANDIRI', card_num_masked: '****3334' });
    expect(added.body.data.cards.map((c) => [c.bank, c.is_default])).toEqual([
      ['MANDIRI', true],
      ['BCA', false],
    ]);
    expect((await messages(b.phone))[0]).toMatch(/MANDIRI|Mandiri/);
    expect((await messages(b.phone))[0]).toContain('****3334');

    // The code was used: it cannot add a second card.
    expect((await add(b, { card_num: '5556667778', sms_code: code })).body.code).toBe(4010);
  });

  it('checks the bank before the code: a refused account leaves the code for the corrected one', async () => {
    const b = await completedBorrower(t.app);
    const { code } = await sendCode(b);
    expect((await add(b, { card_num: '1112223111', sms_code: code })).body.code).toBe(4270);
    expect((await add(b, { card_num: '1112223000', sms_code: code })).body.code).toBe(4271);
    expect((await add(b, { card_num: '1112223999', sms_code: code })).body.code).toBe(4272);
    expect((await cardsOf(b)).cards).toHaveLength(1);
    expect((await add(b, { sms_code: code })).body.code).toBe(200);
  });

  it('refuses a wrong code, and stops guessing at ten tries an hour', async () => {
    const b = await completedBorrower(t.app);
    const { code } = await sendCode(b);
    const wrong = await add(b, { sms_code: wrongCodeFor(code) });
    expect(wrong.body.code).toBe(4010);
    expect(wrong.body.msg).toMatch(/kode|code/i);
    for (let i = 0; i < 9; i++) expect((await add(b, { sms_code: wrongCodeFor(code) })).body.code).toBe(4010);
    // Ten tries this hour: even the right code waits.
    expect((await add(b, { sms_code: code })).body.code).toBe(4029);
    expect((await cardsOf(b)).cards).toHaveLength(1);
  });

  it('asks the bank nothing for a wrong code (each check is billed), and the right code still works after', async () => {
    const b = await completedBorrower(t.app);
    const { code } = await sendCode(b);
    const asked = async () =>
      (
        await t.database.db
          .select()
          .from(rateEvents)
          .where(
            and(
              eq(rateEvents.bucket, BANK_INQUIRIES_PER_USER.bucket),
              eq(rateEvents.subject, t.app.infra.limiter.subjectKey(b.userId)),
            ),
          )
      ).length;
    const before = await asked();
    expect((await add(b, { sms_code: wrongCodeFor(code) })).body.code).toBe(4010);
    expect(await asked()).toBe(before);
    expect((await add(b, { sms_code: code })).body.code).toBe(200);
    expect(await asked()).toBe(before + 1);
  });

  it("does not take another purpose's code, nor another borrower's", async () => {
    const b = await completedBorrower(t.app);
    const other = await completedBorrower(t.app);
    const { code: othersCode } = await sendCode(other);
    expect((await add(b, { sms_code: othersCode })).body.code).toBe(4010);
    // A login code of the borrower's own phone is not a bank-card code.
    await t.app.inject({ method: 'GET', url: `/api/v2/sms_code?phone=${b.phone}` });
    const loginCode = await latestCode(t.app, b.phone);
    expect((await add(b, { sms_code: loginCode! })).body.code).toBe(4010);
  });

  it('refuses an account already saved, a sixth card, and a replaced card that is not yours', async () => {
    const b = await completedBorrower(t.app);
    const other = await completedBorrower(t.app);
    let { code } = await sendCode(b);
    // The onboarding card (BCA 1234567890) again.
    expect((await add(b, { bank: 'BCA', card_num: '1234567890', sms_code: code })).body.code).toBe(4303);
    const othersCard = (await cardsOf(other)).cards[0]!.id;
    expect((await add(b, { id: othersCard, sms_code: code })).body.code).toBe(4040);

    for (let n = 1; n < BANK_CARDS_MAX; n++) {
      if (n > 1) ({ code } = await sendCode(b));
      expect((await add(b, { card_num: `55566677${n}0`, sms_code: code })).body.code).toBe(200);
    }
    expect((await cardsOf(b)).cards).toHaveLength(BANK_CARDS_MAX);
    ({ code } = await sendCode(b));
    expect((await add(b, { card_num: '7778889990', sms_code: code })).body.code).toBe(4304);
    // Replacing one stays within the limit: the replaced card is gone, the new one is the default.
    const oldest = (await cardsOf(b)).cards.find((c) => c.bank === 'BCA')!;
    const replaced = await add(b, { card_num: '7778889990', id: oldest.id, sms_code: code });
    expect(replaced.body.code, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data.cards).toHaveLength(BANK_CARDS_MAX);
    expect(replaced.body.data.cards.some((c) => c.id === oldest.id)).toBe(false);
    expect(replaced.body.data.account?.card_num_masked).toBe('****9990');
  });

  it('keeps a replaced card that a disbursement is on its way to', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    const ordered = await order(t.app, b.token);
    expect(ordered.body.code).toBe(200);
    await pendingAtBank(t.app, t.database.db, ordered.body.data.order_id);
    const inFlight = (await cardsOf(b)).cards[0]!;
    const { code } = await sendCode(b);
    const added = await add(b, { id: inFlight.id, sms_code: code });
    expect(added.body.code).toBe(200);
    expect(added.body.data.cards.map((c) => c.id)).toContain(inFlight.id);
    expect(added.body.data.account?.bank).toBe('MANDIRI');
  });

  it('limits the codes one borrower can have sent in a day', async () => {
    const b = await completedBorrower(t.app);
    const answers: string[] = [];
    for (let n = 0; n < 6; n++) {
      const res = await askCode(b);
      answers.push(`${res.body.code}:${res.body.data?.captcha ?? '-'}`);
    }
    expect(answers).toEqual([...Array<string>(5).fill('200:0'), '4029:-']);
  });

  it('refuses bad input field by field, and everything without a session', async () => {
    const b = await completedBorrower(t.app);
    const bad = await add(b, { bank: '', card_num: '12ab', sms_code: '12' });
    expect(bad.body.code).toBe(4000);
    expect(Object.keys((bad.body.data as unknown as { fields: object }).fields).sort()).toEqual(
      ['bank', 'card_num', 'sms_code'].sort(),
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/bank_code',
      headers: { os: '4' },
      payload: {},
    });
    expect(anonymous.json().code).toBe(4047);
  });
});
