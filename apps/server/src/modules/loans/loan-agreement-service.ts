import { createHash } from 'node:crypto';
import type { AppConfig } from '@kaskita/domain/contract/config';
import type { AgreementView } from '@kaskita/domain/contract/loans';
import { findLoanPurpose } from '@kaskita/domain/i18n/loan-purposes';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatPercent } from '@kaskita/domain/money/rate';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { capsInForce } from '@kaskita/domain/pricing/regulatory-caps';
import { lateFeeCeiling } from '@kaskita/domain/pricing/regulatory-check';
import { maskPhone } from '@kaskita/domain/validation/phone';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { EncryptedFileStore } from '../../providers/storage/encrypted-file-store.ts';
import { bankName, maskedNumber, type BankCardsService } from '../bank-cards/bank-cards-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { renderLoanAgreementPdf } from './loan-agreement-pdf.ts';
import { LOAN_AGREEMENT_VERSION, loanAgreementText, type LoanAgreementInput } from './loan-agreement-text.ts';
import type { LoanOffersService } from './loan-offers-service.ts';
import type { LoanOrdersRepository } from './loan-orders-repository.ts';
import type { LoanRow } from './loan-orders-schema.ts';
import { inTurn } from '../../db/in-turn.ts';

export interface LoanAgreementDependencies {
  db: Db;
  repo: LoanOrdersRepository;
  clock: Clock;
  users: Pick<UserAccounts, 'signedIn'>;
  profile: {
    agreementParty(userId: string, db?: DbOrTx): Promise<{ name: string; nikMasked: string } | null>;
  };
  cards: Pick<BankCardsService, 'card' | 'defaultCard'>;
  config: { appConfig(): Promise<AppConfig> };
  offers: Pick<LoanOffersService, 'quote'>;
  /** Where each accepted agreement's PDF is kept, encrypted like KTP photos. */
  files: Pick<EncryptedFileStore, 'put' | 'get' | 'delete'>;
}

/** The order a loan agreement states, before the order exists (a preview) or as it was accepted. */
export type AgreedOrder = Pick<LoanRow, 'plan' | 'purposeId'> & { bankAccountId: string | null };

/**
 * The loan agreement: what it states, read from the plan, the lender's settings, the borrower's profile and card, and
 * its PDF, whose SHA-256 is stored with the order. The PDF the borrower accepted is kept, encrypted, under
 * `agreements/<order id>.pdf` (written before the order's transaction, see LoanOrdersService.create): what they
 * download later is those bytes, checked against the stored hash, never a new rendering that a changed setting or
 * profile would make differ. A preview is rendered each time and says it is one.
 */
export class LoanAgreementService {
  constructor(private readonly deps: LoanAgreementDependencies) {}

  /** A preview of the agreement for a plan (before ordering), or the one an order was accepted with. */
  async agreement(
    userId: string,
    query: {
      order_id?: string | undefined;
      pid?: string;
      money?: Rupiah | undefined;
      period?: string;
      purpose_id?: string;
    },
    locale: Locale,
    withPdf: boolean,
  ): Promise<AgreementView> {
    let input: LoanAgreementInput;
    if (query.order_id) {
      const loan = await this.deps.repo.ofUser(this.deps.db, userId, query.order_id);
      if (!loan) throw new AppError('NOT_FOUND');
      input = await this.input(userId, loan.id, loan.acceptedAt, loan, this.deps.db);
      const text = loanAgreementText(input, locale);
      return {
        version: loan.agreementVersion,
        order_id: loan.id,
        accepted_at: loan.acceptedAt.toISOString(),
        sha256: loan.agreementSha256,
        title: text.title,
        subtitle: text.subtitle,
        sections: text.sections,
        pdf_base64: withPdf ? Buffer.from(await this.signedPdf(loan, input)).toString('base64') : null,
      };
    } else {
      const money = query.money;
      if (!query.pid || !query.period || money === undefined) throw new AppError('AMOUNT_NOT_OFFERED');
      const quote = await this.deps.offers.quote(
        userId,
        { pid: query.pid, money, period: query.period },
        this.deps.db,
      );
      input = await this.input(
        userId,
        null,
        this.deps.clock.now(),
        { plan: quote.plan, purposeId: Number(query.purpose_id ?? 0), bankAccountId: null },
        this.deps.db,
      );
    }
    const { pdf, sha256 } = await this.render(input);
    const text = loanAgreementText(input, locale);
    return {
      version: LOAN_AGREEMENT_VERSION,
      order_id: null,
      accepted_at: null,
      sha256,
      title: text.title,
      subtitle: text.subtitle,
      sections: text.sections,
      pdf_base64: withPdf ? Buffer.from(pdf).toString('base64') : null,
    };
  }

  /**
   * What the agreement of `order` states, read through `db` (the caller's transaction when there is one). Without a
   * card the borrower's default card is named. `appConfig` read beforehand keeps a transaction's reads inside it.
   */
  async input(
    userId: string,
    orderId: string | null,
    issuedAt: Date,
    order: AgreedOrder,
    db: DbOrTx,
    appConfig?: AppConfig,
  ): Promise<LoanAgreementInput> {
    const [config, party, user, card] = await inTurn(
      () => appConfig ?? this.deps.config.appConfig(),
      () => this.deps.profile.agreementParty(userId, db),
      () => this.deps.users.signedIn(userId, db),
      () =>
        order.bankAccountId
          ? this.deps.cards.card(userId, order.bankAccountId, db)
          : this.deps.cards.defaultCard(userId, db),
    );
    if (!party) throw new AppError('PROFILE_INCOMPLETE');
    if (!card) throw new AppError('BANK_ACCOUNT_REQUIRED');
    const purpose = findLoanPurpose(order.purposeId);
    return {
      orderId,
      issuedAt,
      plan: order.plan,
      lender: {
        legalName: config.company_legal_name,
        address: config.company_address,
        ojkRegistrationNumber: config.ojk_registration_number,
        supportPhone: config.support_phone,
        supportEmail: config.support_email,
        complaintEmail: config.complaint_email,
      },
      borrower: { name: party.name, nikMasked: party.nikMasked, phoneMasked: maskPhone(user.phone) },
      disbursementAccount: {
        bankName: bankName(card.bankCode),
        accountMasked: maskedNumber(card.lastDigits),
      },
      purpose: purpose?.name ?? { 'id-ID': '-', 'en-US': '-' },
      caps: agreementCaps(order.plan),
    };
  }

  /** Keeps the PDF of an order about to be accepted (overwritten if the order's agreement is rendered again). */
  keepSigned(orderId: string, pdf: Uint8Array): Promise<void> {
    return this.deps.files.put(signedKey(orderId), pdf);
  }

  /** Forgets the PDF kept for an order that was not created after all. */
  forgetSigned(orderId: string): Promise<void> {
    return this.deps.files.delete(signedKey(orderId));
  }

  /**
   * The PDF the borrower accepted: the kept bytes when their SHA-256 is the order's. An order accepted before copies
   * were kept has its agreement rendered again from the order, and kept, only when that gives the same bytes;
   * otherwise it cannot be shown as the signed copy (AGREEMENT_COPY_UNAVAILABLE), never a look-alike.
   */
  private async signedPdf(loan: LoanRow, input: LoanAgreementInput): Promise<Uint8Array> {
    const kept = await this.deps.files.get(signedKey(loan.id));
    if (kept) {
      if (sha256Of(kept) !== loan.agreementSha256)
        throw new Error(`the kept agreement of loan ${loan.id} is not the one accepted`);
      return kept;
    }
    const again = await this.render(input);
    if (again.sha256 !== loan.agreementSha256) throw new AppError('AGREEMENT_COPY_UNAVAILABLE');
    await this.keepSigned(loan.id, again.pdf);
    return again.pdf;
  }

  /** The signed copy: the same input always gives the same bytes, hence the same SHA-256. */
  render(input: LoanAgreementInput): Promise<{ pdf: Uint8Array; sha256: string }> {
    return renderLoanAgreementPdf(input);
  }
}

/** Where the signed copy of an order's agreement is kept (the retention eraser destroys it when its period ends). */
export const signedKey = (orderId: string) => `agreements/${orderId}.pdf`;

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The caps in force on the plan's start date, as the agreement states them. */
function agreementCaps(plan: LoanRow['plan']): LoanAgreementInput['caps'] {
  const inForce = capsInForce(plan.startDate, plan.purpose, plan.tenor);
  return {
    dailyEconomicBenefitPercent: inForce ? formatPercent(inForce.dailyEconomicBenefit) : '0',
    dailyLateFeePercent: inForce ? formatPercent(inForce.dailyLateFee) : '0',
    lateFeeCeiling: lateFeeCeiling(plan),
  };
}
