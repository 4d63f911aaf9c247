import type { Limit, RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { randomUUID } from 'node:crypto';
import { BANK_CARDS_MAX, type BankAccountView, type BankCards } from '@kaskita/domain/contract/bank-cards';
import { BANKS, findBank, type Bank } from '@kaskita/domain/banking/banks';
import { localPhone, normalisePhone } from '@kaskita/domain/validation/phone';
import type { BankAccountInput } from '@kaskita/domain/validation/profile';
import type { Clock } from '../../clock.ts';
import type { PayPinService } from '../payment-pin/pay-pin-service.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountInquiryProvider } from '../../providers/account-inquiry/account-inquiry-provider.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import { namesMatch } from './holder-name-match.ts';
import type { BankCardsRepository } from './bank-cards-repository.ts';
import type { BankAccountRow } from './bank-cards-schema.ts';

export const ACCOUNT_PURPOSE = 'bank_accounts.account_number';
/** The holder's name as the bank answered it, encrypted like the number (security/encrypted-columns.ts). */
export const HOLDER_NAME_PURPOSE = 'bank_accounts.holder_name';

export type VerifiedCard = Omit<BankAccountRow, 'replacedAt' | 'isDefault'>;

export interface BankCardsDependencies {
  db: Db;
  repo: BankCardsRepository;
  clock: Clock;
  protection: DataProtection;
  accountInquiry: AccountInquiryProvider | null;
  limiter: RateLimiter;
  pins: Pick<PayPinService, 'confirm'>;
}

/**
 * Bank account checks one account may ask for a day: each is a billed call to the bank (Flip's account inquiry), and a
 * borrower adding their own account needs a few at most. Past it: 4029 with retry_after.
 */
export const BANK_INQUIRIES_PER_USER: Limit = { bucket: 'bank_inquiry_user', max: 10, windowSeconds: 86_400 };

/**
 * Bank account checks from one address (an IPv4 address or an IPv6 /64) an hour: stops one client with many accounts
 * running up the bill. Higher than one account's day, and counted by the hour, because mobile carriers put many
 * subscribers behind one address (carrier-grade NAT) and each honest borrower needs one or two checks in all.
 */
export const BANK_INQUIRIES_PER_ADDRESS: Limit = {
  bucket: 'bank_inquiry_address',
  max: 60,
  windowSeconds: 3600,
};

/** Of `ids`, the cards money is on its way to (or about to be): answered by the module that sends it. */
export type CardsInUse = (db: DbOrTx, ids: readonly string[]) => Promise<Set<string>>;

/**
 * The borrower's bank cards: every one checked with the bank and held in the KTP name before it is saved, because
 * money is only ever sent to the borrower's own account. One card is the default, where loans are paid.
 */
export class BankCardsService {
  /** One check per module that sends money to a card (a loan's disbursement, a refund): a card any one names is in use. */
  private readonly inUseChecks: CardsInUse[] = [];

  constructor(private readonly deps: BankCardsDependencies) {}

  /**
   * Added by each module that pays into cards once it exists (they are built after this module): the loans module
   * (a disbursement queued or with the bank), the refunds module (a refund not yet paid or given up).
   */
  useCardsInUse(check: CardsInUse): void {
    this.inUseChecks.push(check);
  }

  private async cardsInUse(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
    const inUse = new Set<string>();
    if (ids.length === 0) return inUse;
    // One after another: on a transaction (PGlite's one connection, too) queries never run side by side anyway.
    for (const check of this.inUseChecks) for (const id of await check(db, ids)) inUse.add(id);
    return inUse;
  }

  /**
   * Asks the bank who holds the account and checks it is `holderName` (the KTP name); answers the row to store.
   * Nothing is stored here, and nothing at all when the bank refuses (4270, 4271) or does not answer (4272).
   */
  async verify(
    userId: string,
    input: BankAccountInput,
    holderName: string,
    network: string,
  ): Promise<VerifiedCard> {
    const bank = findBank(input.bank);
    if (!bank) throw new AppError('VALIDATION', { fields: { bank: 'bank.required' } }, 'bank.required');
    const accountNumber = accountNumberAt(bank, input.card_num);
    const inquiry = this.deps.accountInquiry;
    if (!inquiry) throw new AppError('BANK_CHECK_UNAVAILABLE');
    await this.deps.limiter.attemptEach([
      [BANK_INQUIRIES_PER_USER, userId],
      [BANK_INQUIRIES_PER_ADDRESS, network],
    ]);
    const answer = await inquiry.inquireAccount(
      { bankCode: bank.code, accountNumber },
      { expectedHolderName: holderName },
    );
    if (answer.status === 'unavailable') throw new AppError('BANK_CHECK_UNAVAILABLE');
    if (answer.status === 'not_found') throw new AppError('BANK_ACCOUNT_NOT_FOUND');
    if (!namesMatch(answer.accountHolderName, holderName)) throw new AppError('BANK_NAME_MISMATCH');
    const id = randomUUID();
    const now = this.deps.clock.now();
    const { cipher, lookup } = this.deps.protection;
    return {
      id,
      userId,
      bankCode: bank.code,
      accountNumberEnc: cipher.encryptField(accountNumber, fieldContext(ACCOUNT_PURPOSE, id)),
      accountNumberHash: lookup.hash(ACCOUNT_PURPOSE, accountNumber),
      holderNameEnc: cipher.encryptField(answer.accountHolderName, fieldContext(HOLDER_NAME_PURPOSE, id)),
      lastDigits: accountNumber.slice(-4),
      verifiedAt: now,
      createdAt: now,
    };
  }

  /** Stores a verified card as the new default, keeping the others (bank_patch, a card added from Me). */
  addDefault(tx: Tx, card: VerifiedCard): Promise<BankAccountRow> {
    return this.deps.repo.addDefault(tx, card);
  }

  /** Stores a verified card as the only one (the onboarding step): every earlier card is replaced. */
  replaceAll(tx: Tx, card: VerifiedCard): Promise<BankAccountRow> {
    return this.deps.repo.replaceAll(tx, card);
  }

  /**
   * Refuses a card the borrower may not add from Me: one more than BANK_CARDS_MAX (unless it replaces one), an account
   * already saved, or a replaced card that is not theirs. Called before the bank is asked, and again under the lock.
   */
  async assertMayAdd(
    db: DbOrTx,
    userId: string,
    input: Pick<BankAccountInput, 'bank' | 'card_num'>,
    replaceId: string | undefined,
    lock = false,
  ): Promise<void> {
    const cards = await this.deps.repo.cards(db, userId, lock);
    const hash = this.deps.protection.lookup.hash(ACCOUNT_PURPOSE, input.card_num);
    if (cards.some((c) => c.bankCode === input.bank && c.accountNumberHash === hash))
      throw new AppError('CARD_ALREADY_SAVED');
    if (replaceId !== undefined && !cards.some((c) => c.id === replaceId)) throw new AppError('NOT_FOUND');
    if (replaceId === undefined && cards.length >= BANK_CARDS_MAX) throw new AppError('TOO_MANY_CARDS');
  }

  /**
   * Stores a verified card as the default in the caller's transaction (after assertMayAdd under the lock); a replaced
   * card is removed unless money is on its way to it, where it stays until the disbursement ends.
   */
  async addReplacing(tx: Tx, card: VerifiedCard, replaceId: string | undefined): Promise<BankAccountRow> {
    const row = await this.deps.repo.addDefault(tx, card);
    if (replaceId !== undefined && !(await this.cardsInUse(tx, [replaceId])).has(replaceId))
      await this.deps.repo.remove(tx, replaceId, this.deps.clock.now());
    return row;
  }

  /** Makes one of the borrower's cards the default, in the caller's transaction. */
  makeDefault(tx: Tx, userId: string, id: string): Promise<void> {
    return this.deps.repo.setDefault(tx, userId, id);
  }

  /** The default card, where a new loan is paid. */
  defaultCard(userId: string, db: DbOrTx = this.deps.db): Promise<BankAccountRow | undefined> {
    return this.deps.repo.defaultCard(db, userId);
  }

  /** Whether the borrower has a card loans can be paid into: the onboarding's bank step is done. */
  async hasDefaultCard(userId: string, db: DbOrTx = this.deps.db): Promise<boolean> {
    return Boolean(await this.deps.repo.defaultCard(db, userId));
  }

  /** One of the borrower's cards (never another's). */
  async card(userId: string, id: string, db: DbOrTx = this.deps.db): Promise<BankAccountRow> {
    const card = (await this.deps.repo.cards(db, userId)).find((c) => c.id === id);
    if (!card) throw new AppError('NOT_FOUND');
    return card;
  }

  /** The full account number, for the disbursement request only; never logged or answered. */
  accountNumber(card: Pick<BankAccountRow, 'id' | 'accountNumberEnc'>): string {
    return this.deps.protection.cipher.decryptField(
      card.accountNumberEnc,
      fieldContext(ACCOUNT_PURPOSE, card.id),
    );
  }

  /** The holder's name as the bank answered it: shown to the borrower and sent with a disbursement. */
  holderName(card: Pick<BankAccountRow, 'id' | 'holderNameEnc'>): string {
    return this.deps.protection.cipher.decryptField(
      card.holderNameEnc,
      fieldContext(HOLDER_NAME_PURPOSE, card.id),
    );
  }

  /** A card as the borrower sees it (the account step's answer, the current card of the list). */
  view(row: BankAccountRow): NonNullable<BankAccountView['account']> {
    return {
      bank: row.bankCode,
      bank_name: bankName(row.bankCode),
      card_num_masked: maskedNumber(row.lastDigits),
      name: this.holderName(row),
      verified_at: row.verifiedAt.toISOString(),
    };
  }

  /** The banks a loan can be paid into (GET /v2/config/banklist). */
  bankList(): { list: Array<{ code: string; name: string; kind: 'bank' | 'ewallet' }> } {
    return { list: BANKS.map(({ code, name, kind }) => ({ code, name, kind })) };
  }

  async list(userId: string): Promise<BankCards> {
    const cards = await this.deps.repo.cards(this.deps.db, userId);
    const inUse = await this.cardsInUse(
      this.deps.db,
      cards.map((c) => c.id),
    );
    const current = cards.find((c) => c.isDefault);
    return {
      account: current ? this.view(current) : null,
      cards: cards.map((c) => ({
        id: c.id,
        bank: c.bankCode,
        bank_name: bankName(c.bankCode),
        card_num_masked: maskedNumber(c.lastDigits),
        name: this.holderName(c),
        is_default: c.isDefault,
        in_use: inUse.has(c.id),
      })),
    };
  }

  /** Where loans are paid: a bank-card change, so confirmed with the payment PIN once set (first, as for adding one). */
  async setDefault(userId: string, id: string, pin?: string): Promise<BankCards> {
    await this.deps.pins.confirm(userId, pin);
    await this.deps.db.transaction(async (tx) => {
      await this.card(userId, id, tx);
      await this.deps.repo.setDefault(tx, userId, id);
    });
    return this.list(userId);
  }

  /** Not the only card, and not one money is being sent to; removing the default makes the newest other one default. */
  async remove(userId: string, id: string): Promise<BankCards> {
    await this.deps.db.transaction(async (tx) => {
      const cards = await this.deps.repo.cards(tx, userId, true);
      const card = cards.find((c) => c.id === id);
      if (!card) throw new AppError('NOT_FOUND');
      if (cards.length === 1 || (await this.cardsInUse(tx, [id])).has(id)) throw new AppError('CARD_IN_USE');
      await this.deps.repo.remove(tx, id, this.deps.clock.now());
      const next = cards.find((c) => c.id !== id);
      if (card.isDefault && next) await this.deps.repo.setDefault(tx, userId, next.id);
    });
    return this.list(userId);
  }
}

/** The bank's name for a code of the bank list, or the code when it left the list. */
export function bankName(code: string): string {
  return findBank(code)?.name ?? code;
}

export function maskedNumber(lastDigits: string): string {
  return `****${lastDigits}`;
}

/**
 * The account number as the provider knows it: a bank's as typed; an e-wallet's is the phone it is registered to, in
 * the local form (08...) whichever way it was typed (62..., 08...), and must be an Indonesian mobile number.
 */
function accountNumberAt(bank: Bank, typed: string): string {
  if (bank.kind === 'bank') return typed;
  const phone = normalisePhone(typed);
  if (!phone)
    throw new AppError('VALIDATION', { fields: { card_num: 'card_num.ewallet' } }, 'card_num.ewallet');
  return localPhone(phone);
}
