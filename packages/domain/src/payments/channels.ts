import { rupiah, type Rupiah } from '../money/rupiah.ts';

/**
 * Where a borrower repays a bill (GET /v1/order/repay_method, POST /v1/order/repay): a bank virtual account, a
 * convenience-store payment code, a dynamic QRIS code any banking or e-wallet app pays, or a charge to an e-wallet. `id` is the API's `channel_id` and `bank_type` the gateway's bank or outlet code;
 * both are stable, as repayment orders store them.
 */
export const PAYMENT_CHANNEL_IDS = [
  'VA_BCA',
  'VA_BNI',
  'VA_BRI',
  'VA_MANDIRI',
  'VA_PERMATA',
  'VA_CIMB',
  'VA_BSI',
  'STORE_ALFAMART',
  'STORE_INDOMARET',
  'QRIS',
  'EWALLET_DANA',
  'EWALLET_OVO',
  'EWALLET_SHOPEEPAY',
  'EWALLET_LINKAJA',
  'EWALLET_ASTRAPAY',
  'EWALLET_SAKUKU',
] as const;
export type PaymentChannelId = (typeof PAYMENT_CHANNEL_IDS)[number];

/** Banks that issue our repayment virtual accounts, by the gateway's bank code. */
export type VirtualAccountBankCode = 'BCA' | 'BNI' | 'BRI' | 'MANDIRI' | 'PERMATA' | 'CIMB' | 'BSI';
/** Convenience stores that take a payment code. */
export type RetailOutletCode = 'ALFAMART' | 'INDOMARET';
/** QRIS is one network: whichever app the borrower pays with, the code is the same. */
export type QrNetworkCode = 'QRIS';
/** E-wallets charged directly: DANA and ShopeePay open the wallet and come back, OVO pushes a request to its app. */
export type EwalletCode = 'DANA' | 'OVO' | 'SHOPEEPAY' | 'LINKAJA' | 'ASTRAPAY' | 'SAKUKU';

export const CHANNEL_KINDS = ['va', 'store', 'qris', 'ewallet'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/**
 * What the borrower types in: a virtual account number, Mandiri's biller code plus bill key (Mandiri Bill Payment,
 * paid through the "Multipayment" menu), or a store payment code shown to the cashier.
 */
export type PaysWith =
  'va_number' | 'bill_key' | 'payment_code' | 'qr_code' | 'wallet_redirect' | 'wallet_push';

export interface PaymentChannel {
  readonly id: PaymentChannelId;
  readonly kind: ChannelKind;
  readonly bank_type: VirtualAccountBankCode | RetailOutletCode | QrNetworkCode | EwalletCode;
  /** The same in both languages: bank and store names are not translated. */
  readonly name: string;
  readonly paysWith: PaysWith;
  /** Smallest amount the channel takes, whole rupiah, inclusive. */
  readonly minAmount: Rupiah;
  /** Largest amount the channel takes, whole rupiah, inclusive. */
  readonly maxAmount: Rupiah;
}

// Limits are Xendit's for closed-amount (exact expected amount) virtual accounts and payment codes, the kind we
// create. VA minimums: Xendit documents Rp 1 for some banks (BNI ...) and Rp 10,000 for others (BCA); we use
// Rp 10,000 for all, for simplicity. VA maximums: Rp 50,000,000 (BCA's documented maximum; some banks allow more),
// so the same bill shows the same banks whatever their own ceilings.
const VA_MIN = rupiah(10_000);
const VA_MAX = rupiah(50_000_000);
// Stores, from Xendit's Retail Outlet limits: Alfamart Rp 10,000 to 2,500,000 (its cash ceiling, and Alfamidi takes
// no more), Indomaret Rp 10,000 to 5,000,000. Xendit's newer pages state these two maximums inconsistently.
const STORE_MIN = rupiah(10_000);
// QRIS, from Xendit's QR code limits (IDR 1 to 10,000,000 for a dynamic code). Our floor is Rp 1,000, not Rp 1: a
// remainder below it is raised to Rp 1,000 and the excess kept as credit (repayment-amounts.ts), so no borrower is
// asked to make a separate payment of a few rupiah. It is still the smallest payment any channel takes, so small
// remainders no longer have to be raised to a virtual account's Rp 10,000.
const QRIS_MIN = rupiah(1_000);
const QRIS_MAX = rupiah(10_000_000);
// E-wallets, from Xendit's e-wallet rules: IDR 100 to 20,000,000 for a premium (verified) account (LinkAja's and
// Sakuku's premium 10,000,000), 2,000,000 for a basic one (the pay page says so). Jenius Pay, the one Xendit wallet left
// out, asks for the payer's $cashtag instead of a phone or a redirect: not offered until the pay page can ask for it. Our floor is QRIS's Rp 1,000 for the same reason.
const EWALLET_MIN = rupiah(1_000);
const EWALLET_MAX = rupiah(20_000_000);
/** What a basic (unverified) e-wallet account may pay at once: shown beside the wallets, the gateway refuses more. */
export const EWALLET_BASIC_MAX = rupiah(2_000_000);

const va = (
  bank_type: VirtualAccountBankCode,
  name: string,
  paysWith: PaysWith = 'va_number',
): PaymentChannel => ({
  id: `VA_${bank_type}`,
  kind: 'va',
  bank_type,
  name,
  paysWith,
  minAmount: VA_MIN,
  maxAmount: VA_MAX,
});

const store = (bank_type: RetailOutletCode, name: string, maxAmount: Rupiah): PaymentChannel => ({
  id: `STORE_${bank_type}`,
  kind: 'store',
  bank_type,
  name,
  paysWith: 'payment_code',
  minAmount: STORE_MIN,
  maxAmount,
});

function ewallet(
  bank_type: EwalletCode,
  name: string,
  paysWith: PaysWith,
  maxAmount: Rupiah = EWALLET_MAX,
): PaymentChannel {
  return {
    id: `EWALLET_${bank_type}`,
    kind: 'ewallet',
    bank_type,
    name,
    paysWith,
    minAmount: EWALLET_MIN,
    maxAmount,
  };
}

export const PAYMENT_CHANNELS: readonly PaymentChannel[] = [
  va('BCA', 'BCA Virtual Account'),
  va('BNI', 'BNI Virtual Account'),
  va('BRI', 'BRI Virtual Account (BRIVA)'),
  va('MANDIRI', 'Mandiri Bill Payment', 'bill_key'),
  va('PERMATA', 'Permata Virtual Account'),
  va('CIMB', 'CIMB Niaga Virtual Account'),
  va('BSI', 'BSI Virtual Account'),
  store('ALFAMART', 'Alfamart', rupiah(2_500_000)),
  store('INDOMARET', 'Indomaret', rupiah(5_000_000)),
  {
    id: 'QRIS',
    kind: 'qris',
    bank_type: 'QRIS',
    name: 'QRIS',
    paysWith: 'qr_code',
    minAmount: QRIS_MIN,
    maxAmount: QRIS_MAX,
  },
  ewallet('DANA', 'DANA', 'wallet_redirect'),
  ewallet('OVO', 'OVO', 'wallet_push'),
  ewallet('SHOPEEPAY', 'ShopeePay', 'wallet_redirect'),
  ewallet('LINKAJA', 'LinkAja', 'wallet_redirect', rupiah(10_000_000)),
  ewallet('ASTRAPAY', 'AstraPay', 'wallet_redirect'),
  ewallet('SAKUKU', 'Sakuku', 'wallet_redirect', rupiah(10_000_000)),
];

/** The smallest amount some channel takes: no repayment is offered below it (payments/repayment-amounts.ts). */
export const SMALLEST_PAYMENT: Rupiah = PAYMENT_CHANNELS.reduce(
  (least, c) => (c.minAmount < least ? c.minAmount : least),
  PAYMENT_CHANNELS[0]!.minAmount,
);

/** The channel with this `channel_id`, or undefined for an unknown one (the id comes from a request). */
export function paymentChannel(id: string): PaymentChannel | undefined {
  return PAYMENT_CHANNELS.find((channel) => channel.id === id);
}

/** The name a borrower reads for a channel id; the id itself when the catalogue no longer has it (an old record). */
export function channelName(id: string): string {
  return paymentChannel(id)?.name ?? id;
}

export type UnavailableReason = 'below_min' | 'above_max';

/** A channel offered for one amount: `reason` says why it is not available, and is null when it is. */
export type ChannelOption = PaymentChannel &
  (
    | { readonly available: true; readonly reason: null }
    | { readonly available: false; readonly reason: UnavailableReason }
  );

/**
 * Every channel, in catalogue order, with whether it takes `amount` (both limits inclusive). Channels that do not
 * are kept, so the app can show them greyed out with the reason.
 * @throws MoneyError when `amount` is not a whole number of rupiah.
 */
export function channelsFor(amount: Rupiah): ChannelOption[] {
  rupiah(amount, 'repayment amount');
  return PAYMENT_CHANNELS.map((channel) => {
    if (amount < channel.minAmount) return { ...channel, available: false, reason: 'below_min' };
    if (amount > channel.maxAmount) return { ...channel, available: false, reason: 'above_max' };
    return { ...channel, available: true, reason: null };
  });
}
