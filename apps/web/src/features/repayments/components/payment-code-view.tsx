import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { addRupiah } from '@kaskita/domain/money/rupiah';
import type {
  PaymentCodeView as PaymentCode,
  RepaymentType,
  RepayRecord,
} from '@kaskita/domain/contract/repayments';
import { Icon } from '../../../components/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { invalidate, PAYMENT_CHANGES } from '../../../lib/query-keys.ts';
import { useT } from '../../../lib/i18n.ts';
import { useAchievementEvent } from '../achievement.ts';
import { usePaymentCode } from '../api/get-payment-code.ts';
import { useRepayRecords } from '../api/get-repay-records.ts';
import { groupDigits, rp } from '../repayment-format.ts';
import { repaymentsTexts } from '../repayments-texts.ts';
import { CopyValue } from './copy-value.tsx';
import { PaymentClaimLink } from './payment-claim-link.tsx';
import { QrisCode } from './qris-code.tsx';
import { StoreBarcode } from './store-barcode.tsx';
import { purposeText } from './bill-parts.tsx';
import { Facts, LoadFailed, Loading } from './repayment-parts.tsx';
import { formatWib } from '../../../lib/wib-time.ts';

/**
 * The payment code page (GET /v1/order/repay/:id, asked every 5 s while the code is active): the number to pay into
 * (the QRIS code to scan, or the way to the e-wallet), the exact amount and the time it expires (WIB), and how to pay,
 * step by step. Once paid, a receipt; once expired or declined, a way to a new code.
 */
export function PaymentCodeView({ codeId }: { codeId: string }) {
  const code = usePaymentCode(codeId);
  if (code.isError && !code.data) return <LoadFailed onRetry={() => void code.refetch()} />;
  if (!code.data) return <Loading />;
  if (code.data.status === 'paid') return <PaymentReceived code={code.data} />;
  if (code.data.status === 'expired') return <CodeExpired type={code.data.repayment_type} />;
  if (code.data.status === 'failed') return <ChargeFailed code={code.data} />;
  return <ActiveCode code={code.data} />;
}

function ActiveCode({ code }: { code: PaymentCode }) {
  const t = useT(repaymentsTexts);
  const mandiri = code.biller_code !== null;
  return (
    <div className="kk-repay" data-testid="payment-code" data-status={code.status}>
      <section className="kk-card">
        <h2 className="kk-repay__title" data-testid="code-channel">
          {t('repayment.codeFor', { name: code.name })}
        </h2>
        <p className="kk-small kk-muted">{purposeText(t, code.repayment_type, code.bill_number)}</p>
        {code.kind === 'ewallet' ? (
          <WalletCharge code={code} />
        ) : code.kind === 'qris' ? (
          <QrisCode text={code.number} amount={code.amount} />
        ) : mandiri ? (
          <>
            <CopyValue
              label={t('repayment.billerCode')}
              value={code.biller_code!}
              testId="code-biller"
              large
            />
            <CopyValue
              label={t('repayment.billKey')}
              value={code.number}
              shown={groupDigits(code.number)}
              testId="code-number"
              large
            />
            <p className="kk-small kk-muted">{t('repayment.mandiriNote')}</p>
          </>
        ) : (
          <CopyValue
            label={code.kind === 'store' ? t('repayment.storeCode') : t('repayment.vaNumber')}
            value={code.number}
            shown={groupDigits(code.number)}
            testId="code-number"
            large
          />
        )}
        {code.kind === 'store' ? <StoreBarcode code={code.number} /> : null}
        <CopyValue
          label={t('repayment.exactAmount')}
          value={String(code.amount)}
          shown={rp(code.amount)}
          testId="code-amount"
        />
        <p className="kk-small">{t('repayment.exactNote')}</p>
        <p className="kk-repay__expires" data-testid="code-expires">
          <Icon name="clock" /> {t('repayment.expiresAt', { time: formatWib(code.expires_at) })}
        </p>
      </section>
      <p className="kk-small kk-muted kk-repay__waiting" role="status">
        {t('repayment.waiting')}
      </p>
      {code.how_to_pay.length > 0 ? (
        <section className="kk-card kk-repay__how" data-testid="how-to-pay">
          <h2 className="kk-repay__title">{t('repayment.howToPay')}</h2>
          {/* The browser's own disclosure, one open at a time (same name): antd-mobile's Collapse brought its
              animation library (~17 kB gzip) to every page that can show a payment code (issue 23). */}
          {code.how_to_pay.map((way, k) => (
            <details key={way.method} name="how-to-pay" open={k === 0} className="kk-repay__way">
              <summary>{way.title}</summary>
              <ol className="kk-repay__steps" data-testid={`how-to-pay-${way.method}`}>
                {way.steps.map((step, i) => (
                  <li key={i}>{step}</li>
                ))}
              </ol>
            </details>
          ))}
        </section>
      ) : null}
      <Link
        className="kk-btn kk-btn--link kk-repay__other"
        to={paths.homePayBackMethods.href({ type: code.repayment_type })}
        replace
        data-testid="other-channel"
      >
        {t('repayment.otherChannel')}
      </Link>
      <PaymentClaimLink channel={code.channel_id} amount={code.amount} />
    </div>
  );
}

/**
 * An e-wallet charge: DANA and ShopeePay are paid in the wallet, which brings the borrower back here; OVO has sent a
 * request to the app of the number shown.
 */
function WalletCharge({ code }: { code: PaymentCode }) {
  const t = useT(repaymentsTexts);
  if (code.checkout_url)
    return (
      <>
        <a
          className="kk-btn kk-btn--primary kk-repay__wallet"
          href={code.checkout_url}
          data-testid="wallet-checkout"
        >
          {t('repayment.walletContinue', { name: code.name })}
        </a>
        <p className="kk-small kk-muted">{t('repayment.walletBack', { name: code.name })}</p>
      </>
    );
  return (
    <p className="kk-repay__wallet-push" data-testid="wallet-push">
      {t('repayment.ovoSent', { phone: code.number, time: formatWib(code.expires_at) })}
    </p>
  );
}

/** The wallet declined the charge or the borrower did: nothing was taken, and another try is one tap away. */
function ChargeFailed({ code }: { code: PaymentCode }) {
  const t = useT(repaymentsTexts);
  return (
    <TryAgain
      testId="charge-failed"
      title={t('repayment.chargeFailedTitle')}
      body={t('repayment.chargeFailedBody', { name: code.name })}
      action={t('repayment.retry')}
      type={code.repayment_type}
    />
  );
}

function CodeExpired({ type }: { type: RepaymentType }) {
  const t = useT(repaymentsTexts);
  return (
    <TryAgain
      testId="code-expired"
      title={t('repayment.expiredTitle')}
      body={t('repayment.expiredBody')}
      action={t('repayment.newCode')}
      type={type}
    />
  );
}

/** A code that can no longer be paid: why, and the way back to the channels for the same repayment. */
function TryAgain(props: {
  testId: string;
  title: string;
  body: string;
  action: string;
  type: RepaymentType;
}) {
  return (
    <div className="kk-status-page" data-testid={props.testId}>
      <div className="kk-status-page__icon kk-repay__empty-icon" aria-hidden="true">
        <Icon name="clock" size={48} />
      </div>
      <h2 className="kk-repay__empty-title">{props.title}</h2>
      <p className="kk-muted">{props.body}</p>
      <Link
        className="kk-btn kk-btn--primary"
        to={paths.homePayBackMethods.href({ type: props.type })}
        replace
      >
        {props.action}
      </Link>
    </div>
  );
}

/**
 * The payment arrived: what was paid and what remains, from the newest receipt (GET /v1/order/repay_record) of this
 * loan and amount. Bills, histories, the limit and the home status are read again: they all changed.
 */
function PaymentReceived({ code }: { code: PaymentCode }) {
  const t = useT(repaymentsTexts);
  const client = useQueryClient();
  useEffect(() => {
    void invalidate(client, PAYMENT_CHANGES);
  }, [client]);
  const records = useRepayRecords();
  useAchievementEvent(records.data?.list);
  const list = records.data?.list ?? [];
  const receipt = list.find((r) => r.order_id === code.order_id && r.amount === code.amount) ?? list[0];
  return (
    <div className="kk-repay" data-testid="payment-received">
      <section className="kk-card kk-center kk-repay__success" aria-live="polite">
        <div className="kk-repay__success-icon" aria-hidden="true">
          <Icon name="check" size={40} />
        </div>
        <h2 className="kk-repay__title">{t('repayment.paidTitle')}</h2>
        <p>{t('repayment.paidBody', { amount: rp(code.amount), name: code.name })}</p>
      </section>
      {receipt ? (
        <section className="kk-card" data-testid="receipt">
          <h2 className="kk-repay__title">{t('repayment.receipt')}</h2>
          <Receipt record={receipt} />
        </section>
      ) : records.data || records.isError ? (
        <p className="kk-small kk-muted">{t('repayment.receiptPending')}</p>
      ) : (
        <Loading />
      )}
      <Link
        className="kk-btn kk-btn--primary kk-btn--block"
        to={paths.bill.path}
        replace
        data-testid="back-to-bills"
      >
        {t('repayment.toBills')}
      </Link>
    </div>
  );
}

/**
 * A receipt in figures: when, how, the amount and any held credit spent with it, what they paid together (principal,
 * interest, fees, late fees: a settlement's principal reads as its quote), credit added, what is left.
 */
export function Receipt({ record }: { record: RepayRecord }) {
  const t = useT(repaymentsTexts);
  const withCredit = record.paid_with_credit;
  const paid = {
    principal: addRupiah(record.paid.principal, withCredit.principal),
    interest: addRupiah(record.paid.interest, withCredit.interest),
    fee: addRupiah(record.paid.fee, withCredit.fee),
    late_fee: addRupiah(record.paid.late_fee, withCredit.late_fee),
  };
  return (
    <>
      <Facts
        testId="receipt-facts"
        rows={[
          { label: t('repayment.paidAt'), value: formatWib(record.paid_at) },
          { label: t('repayment.channel'), value: record.channel_name },
          { label: t('repayment.amount'), value: rp(record.amount), strong: true, testId: 'receipt-amount' },
          record.credit_applied > 0
            ? {
                label: t('repayment.flexCreditApplied'),
                value: rp(record.credit_applied),
                testId: 'receipt-credit-applied',
              }
            : null,
          paid.principal > 0
            ? { label: t('repayment.principal'), value: rp(paid.principal), testId: 'receipt-principal' }
            : null,
          paid.interest > 0
            ? { label: t('repayment.interest'), value: rp(paid.interest), testId: 'receipt-interest' }
            : null,
          paid.fee > 0 ? { label: t('repayment.fee'), value: rp(paid.fee), testId: 'receipt-fee' } : null,
          paid.late_fee > 0
            ? { label: t('repayment.lateFee'), value: rp(paid.late_fee), testId: 'receipt-late-fee' }
            : null,
          record.credit_added > 0
            ? { label: t('repayment.creditAdded'), value: rp(record.credit_added), testId: 'receipt-credit' }
            : null,
          record.bills_paid.length > 0
            ? {
                label: t('repayment.billsPaid'),
                value: record.bills_paid.join(', '),
                testId: 'receipt-bills',
              }
            : null,
          record.status === 'applied'
            ? {
                label: t('repayment.remaining'),
                value: record.remaining > 0 ? rp(record.remaining) : t('repayment.loanPaidOff'),
                strong: true,
                testId: 'receipt-remaining',
              }
            : null,
        ]}
      />
      {record.status === 'review' ? (
        <p className="kk-small kk-repay__review" data-testid="receipt-review">
          <strong>{t('repayment.recordReview')}.</strong> {t('repayment.recordReviewWhy')}
        </p>
      ) : null}
    </>
  );
}
