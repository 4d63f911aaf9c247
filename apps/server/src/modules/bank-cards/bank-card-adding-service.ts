import type {
  BankCardAdd,
  BankCards,
  BankCardCodeBody,
  BankCardCodeResponse,
} from '@kaskita/domain/contract/bank-cards';
import type { SmsCodeResponse } from '@kaskita/domain/contract/auth';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { maskPhone } from '@kaskita/domain/validation/phone';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { Limit, RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { CodeCheck, CodeRequest } from '../auth/sms-code-service.ts';
import type { PayPinService } from '../payment-pin/pay-pin-service.ts';
import { codeCheckError, requestCountedCode } from '../auth/sms-code-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { bankName, maskedNumber, type BankCardsService } from './bank-cards-service.ts';

/** Per-borrower limits of adding a card from Me, on top of those of every code (README "Sign-in limits"). */
export const BANK_CARD_LIMITS = {
  /** Codes a day: a borrower adds a card now and then; each SMS costs money. */
  codesPerUser: { bucket: 'bank_code_user', max: 5, windowSeconds: 86_400 },
  /** Tries an hour: each asks the bank who holds an account (a paid call, and it must not become a name oracle). */
  addsPerUser: { bucket: 'bank_add_user', max: 10, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

export interface BankCardAddingDependencies {
  db: Db;
  cards: BankCardsService;
  users: Pick<UserAccounts, 'signedIn'>;
  profile: { agreementParty(userId: string): Promise<{ name: string } | null> };
  codes: {
    request(req: CodeRequest): Promise<SmsCodeResponse>;
    check(tx: DbOrTx, phone: string, purpose: 'bank_card', code: string): Promise<CodeCheck>;
    verify(tx: DbOrTx, phone: string, purpose: 'bank_card', code: string): Promise<CodeCheck>;
  };
  limiter: RateLimiter;
  outbox: OutboxService;
  /** The payment PIN, once the borrower has set one, confirms the change too. */
  pins: Pick<PayPinService, 'confirm'>;
}

const ADDED_TEXT: Record<Locale, (bank: string, masked: string) => string> = {
  'id-ID': (bank, masked) =>
    `KasKita: rekening ${bank} ${masked} telah ditambahkan ke akun Anda dan menjadi rekening pencairan. Jika bukan Anda, segera ganti kata sandi dan hubungi layanan pelanggan kami.`,
  'en-US': (bank, masked) =>
    `KasKita: account ${bank} ${masked} was added to your account and now receives your loans. If this was not you, change your password now and contact our customer service.`,
};

/**
 * Adding a bank card from Me (/me/bank-card-add): a code to the borrower's own phone, then the card checked with the
 * bank in the KTP name. A stolen session alone cannot send a loan to someone else's account: the code goes only to
 * the registered phone, the holder must be the borrower, the payment PIN (once set) must be given, and the borrower is
 * told by SMS when a card is added.
 */
export class BankCardAddingService {
  constructor(private readonly deps: BankCardAddingDependencies) {}

  async sendCode(
    userId: string,
    body: BankCardCodeBody,
    client: { ip: string; locale: Locale },
  ): Promise<BankCardCodeResponse> {
    const user = await this.deps.users.signedIn(userId);
    const answer = await requestCountedCode(this.deps, BANK_CARD_LIMITS.codesPerUser, userId, {
      phone: user.phone,
      purpose: 'bank_card',
      ip: client.ip,
      locale: client.locale,
      captchaId: body.captcha_id,
      captchaCode: body.captcha_code,
      deliver: true,
    });
    return { ...answer, phone_masked: maskPhone(user.phone) };
  }

  async add(
    userId: string,
    body: BankCardAdd,
    { locale, network }: { locale: Locale; network: string },
  ): Promise<BankCards> {
    const user = await this.deps.users.signedIn(userId);
    const { id: replaceId, sms_code: code, pay_pin: pin, ...input } = body;
    // First: a request refused for its PIN (the app's first try, sent without one) uses up no try, code or bank check.
    await this.deps.pins.confirm(userId, pin);
    const tries = await this.deps.limiter.attempt(BANK_CARD_LIMITS.addsPerUser, userId);
    await this.deps.cards.assertMayAdd(this.deps.db, userId, input, replaceId);
    const party = await this.deps.profile.agreementParty(userId);
    if (!party) throw new AppError('PROFILE_INCOMPLETE');
    // The code is checked before the bank is asked (each check is billed: a wrong code costs nothing) and used only
    // after it answered, outside any transaction (no lock held while it answers): a mistyped account leaves the code
    // valid for the corrected one.
    const known = await this.deps.db.transaction((tx) =>
      this.deps.codes.verify(tx, user.phone, 'bank_card', code),
    );
    if (known.result !== 'ok') throw codeCheckError(known, tries.left);
    const verified = await this.deps.cards.verify(userId, input, party.name, network);

    const result = await this.deps.db.transaction(async (tx) => {
      await this.deps.cards.assertMayAdd(tx, userId, input, replaceId, true);
      const check = await this.deps.codes.check(tx, user.phone, 'bank_card', code);
      if (check.result !== 'ok') return check;
      const card = await this.deps.cards.addReplacing(tx, verified, replaceId);
      await this.deps.outbox.enqueue(tx, {
        channel: 'sms',
        recipient: user.phone,
        body: ADDED_TEXT[locale](bankName(card.bankCode), maskedNumber(card.lastDigits)),
        idempotencyKey: `bank-card-added:${card.id}`,
        deliver: true,
      });
      return check;
    });
    // After commit, so a wrong try stays counted on the code.
    if (result.result !== 'ok') throw codeCheckError(result, tries.left);
    this.deps.outbox.wake();
    return this.deps.cards.list(userId);
  }
}
