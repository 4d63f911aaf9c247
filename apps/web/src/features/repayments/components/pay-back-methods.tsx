import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { RepaymentType } from '@kaskita/domain/contract/repayments';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { EWALLET_BASIC_MAX, SMALLEST_PAYMENT } from '@kaskita/domain/payments/channels';
import { Icon } from '../../../components/icon.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { TextDialog } from '../../../components/text-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toast } from '../../../components/toast.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { useT } from '../../../lib/i18n.ts';
import { useCreateRepayment } from '../api/create-repayment.ts';
import { useBills } from '../api/get-bills.ts';
import { useRepayMethods } from '../api/get-repay-methods.ts';
import { changedAmountOf, REPAY_CODE } from '../repayment-codes.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts } from '../repayments-texts.ts';
import { purposeText, repaymentTypeOf } from './bill-parts.tsx';
import { PaymentCodeView } from './payment-code-view.tsx';
import { EmptyState, HomeLink, LoadFailed, Loading } from './repayment-parts.tsx';

type Channel = NonNullable<ReturnType<typeof useRepayMethods>['data']>['channels'][number];

/**
 * /home/pay-back-methods?type=instalment|due|settlement: the channels, then (with `&code=`) the payment code page.
 * The code lives in the address, so a reload, a shared link or the back button finds it again.
 */
export function PayBackMethods() {
  const [search] = useSearchParams();
  const type = repaymentTypeOf(search.get('type'));
  const code = search.get('code');
  return code ? <PaymentCodeView codeId={code} /> : <ChannelPicker type={type} />;
}

/** A 4312 answer waiting for the borrower: the channel chosen, today's amount and the amount the page showed. */
type Changed = { channel: Channel; amount: Rupiah; was: Rupiah; billNumber: number | null; phone?: string };

/** An OVO charge waiting for the number its request goes to. */
type AskingPhone = { channel: Channel; amount: Rupiah; billNumber: number | null };

/**
 * Today's amount for the type and every channel, grouped (QRIS, e-wallets, virtual accounts, stores); a channel that
 * cannot take the amount is greyed with the reason. Choosing one asks for a code at the amount shown (OVO first asks
 * the number its request goes to). If the server's amount changed meanwhile (4312: a day passed, a payment arrived)
 * the new amount is shown and a code is made only once the borrower confirms it: a borrower is never asked for an
 * amount they did not see.
 */
function ChannelPicker({ type }: { type: RepaymentType }) {
  const t = useT(repaymentsTexts);
  const navigate = useSafeNavigate();
  const client = useQueryClient();
  const methods = useRepayMethods(type);
  const bills = useBills();
  const create = useCreateRepayment();
  const [changed, setChanged] = useState<Changed | null>(null);
  const [askingPhone, setAskingPhone] = useState<AskingPhone | null>(null);
  const [ovoPhone, setOvoPhone] = useState('');

  const error = methods.error;
  if (error instanceof ApiError && error.kind === 'server' && !methods.data) {
    if (error.code === REPAY_CODE.NO_REPAYING_LOAN)
      return <EmptyState testId="methods-no-loan" title={t('repayment.noLoanTitle')} action={<HomeLink />} />;
    if (error.code === REPAY_CODE.NOTHING_DUE)
      return (
        <EmptyState
          testId="methods-nothing-due"
          title={t('repayment.nothingDue')}
          action={
            <Link className="kk-btn kk-btn--primary" to={paths.bill.path}>
              {t('repayment.toBills')}
            </Link>
          }
        />
      );
  }
  if ((methods.isError && !methods.data) || (bills.isError && !bills.data))
    return (
      <LoadFailed
        message={error instanceof ApiError && error.kind === 'server' ? error.message : undefined}
        onRetry={() => {
          void methods.refetch();
          void bills.refetch();
        }}
      />
    );
  if (!methods.data || !bills.data) return <Loading />;
  const loan = bills.data.loan;
  if (!loan)
    return <EmptyState testId="methods-no-loan" title={t('repayment.noLoanTitle')} action={<HomeLink />} />;
  const { amount, channels } = methods.data;
  const billNumber = bills.data.options?.instalment?.bill_number ?? null;
  // The bills' figure for the same amount; a stale one (amount moved on) shows no note rather than a wrong one.
  const option = bills.data.options?.[type];
  const excess = option?.amount === amount ? option.excess : null;

  const refresh = () => client.invalidateQueries({ queryKey: repaymentKeys.all });
  const pay = async (channel: Channel, total: Rupiah, bill: number | null, phone?: string) => {
    setChanged(null);
    setAskingPhone(null);
    try {
      const code = await create.mutateAsync({
        loan_plan: loan.order_id,
        pay_type: channel.kind,
        repayment_type: type,
        repayment_total_amount: total,
        bank_type: channel.bank_type,
        channel_id: channel.channel_id,
        ...(type === 'instalment' && bill !== null ? { current_bill_plan: bill } : {}),
        ...(phone ? { ewallet_phone: phone } : {}),
      });
      navigate(paths.homePayBackMethods.href({ type, code: code.code_id }));
    } catch (e) {
      // No connection or a time-out: the api client has said so; the borrower taps again.
      if (!(e instanceof ApiError) || e.kind !== 'server') return;
      const now = e.code === REPAY_CODE.REPAY_AMOUNT_CHANGED ? changedAmountOf(e.data) : null;
      if (now)
        setChanged({ channel, amount: now.amount, was: total, billNumber: now.billNumber ?? bill, phone });
      else toast.error(e.message);
      // A changed amount, a channel that no longer takes it, nothing due or no loan: the page reads today's figures.
      if (e.code !== REPAY_CODE.PAYMENT_GATEWAY_UNAVAILABLE) void refresh();
    }
  };

  // OVO pushes its request to a phone: the borrower names it (their own by default) before anything is asked.
  const choose = (channel: Channel) =>
    channel.channel_id === 'EWALLET_OVO'
      ? setAskingPhone({ channel, amount, billNumber })
      : void pay(channel, amount, billNumber);

  const groups = [
    { kind: 'qris', title: t('repayment.groupQris') },
    { kind: 'ewallet', title: t('repayment.groupEwallet') },
    { kind: 'va', title: t('repayment.groupVa') },
    { kind: 'store', title: t('repayment.groupStore') },
  ] as const;
  return (
    <div className="kk-repay" data-testid="page-pay-back-methods">
      <section className="kk-repay__amount-card" aria-live="polite">
        <p className="kk-repay__nearest-label" data-testid="methods-purpose">
          {purposeText(t, type, billNumber)}
        </p>
        <p className="kk-repay__nearest-amount" data-testid="methods-amount">
          {rp(amount)}
        </p>
        {excess ? (
          <p className="kk-small" data-testid="methods-excess">
            {t(type === 'settlement' ? 'repayment.excessRefund' : 'repayment.excessNext', {
              excess: rp(excess),
              min: rp(SMALLEST_PAYMENT),
            })}
          </p>
        ) : null}
      </section>
      <h2 className="kk-repay__title">{t('repayment.chooseChannel')}</h2>
      {groups.map((group) => {
        const list = channels.filter((c) => c.kind === group.kind);
        if (list.length === 0) return null;
        return (
          <section
            key={group.kind}
            className="kk-card kk-repay__channels"
            data-testid={`channels-${group.kind}`}
          >
            <h3 className="kk-repay__group">{group.title}</h3>
            <ul>
              {list.map((channel) => (
                <li key={channel.channel_id}>
                  <button
                    type="button"
                    className="kk-repay__channel"
                    disabled={!channel.available || create.isPending}
                    onClick={() => choose(channel)}
                    data-testid={`channel-${channel.channel_id}`}
                  >
                    <span className="kk-repay__channel-name">{channel.name}</span>
                    {channel.available ? (
                      <Icon name="forward" size={18} />
                    ) : (
                      <span className="kk-small kk-repay__channel-reason" data-testid="channel-reason">
                        {channel.reason === 'above_max'
                          ? t('repayment.aboveMax', { amount: rp(channel.max_amount) })
                          : t('repayment.belowMin', { amount: rp(channel.min_amount) })}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
            {group.kind === 'ewallet' ? (
              <p className="kk-small kk-muted" data-testid="ewallet-limit">
                {t('repayment.ewalletLimit', { amount: rp(EWALLET_BASIC_MAX) })}
              </p>
            ) : null}
          </section>
        );
      })}
      <p className="kk-small kk-muted">{t('repayment.noFees')}</p>
      <LoadingOverlay visible={create.isPending} label={t('repayment.creating')} />
      <TextDialog
        visible={changed !== null}
        title={t('repayment.changedTitle')}
        content={
          changed ? (
            <span data-testid="amount-changed">
              {t('repayment.changedBody', { amount: rp(changed.amount), was: rp(changed.was) })}
            </span>
          ) : (
            ''
          )
        }
        confirmText={changed ? t('repayment.changedConfirm', { amount: rp(changed.amount) }) : ''}
        cancelText={t('repayment.notNow')}
        onConfirm={() =>
          changed && void pay(changed.channel, changed.amount, changed.billNumber, changed.phone)
        }
        onCancel={() => setChanged(null)}
      />
      <TextDialog
        visible={askingPhone !== null}
        title={t('repayment.ovoTitle')}
        content={
          <div data-testid="ovo-phone-form">
            <TextField
              label={t('repayment.ovoPhone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="0812 3456 7890"
              value={ovoPhone}
              onChange={setOvoPhone}
              testId="ovo-phone"
            />
            <p className="kk-small kk-muted">{t('repayment.ovoPhoneNote')}</p>
          </div>
        }
        confirmText={t('repayment.ovoSend')}
        cancelText={t('repayment.notNow')}
        onConfirm={() =>
          askingPhone &&
          void pay(
            askingPhone.channel,
            askingPhone.amount,
            askingPhone.billNumber,
            ovoPhone.trim() || undefined,
          )
        }
        onCancel={() => setAskingPhone(null)}
      />
    </div>
  );
}
