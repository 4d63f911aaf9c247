import type { Bilingual, Locale } from '../i18n/locale.ts';
import { formatRupiah, nonNegativeRupiah, type Rupiah } from '../money/rupiah.ts';
import type { PaymentChannelId } from './channels.ts';

/**
 * How to repay through each channel (the PayBackMethods screen): for a virtual account by ATM, internet banking and
 * mobile banking; for a store at the cashier; for QRIS by scanning the code from another phone or from the saved
 * image in the borrower's own banking or e-wallet app. Each step is one short sentence, as borrowers read them on small
 * cheap phones. Menu names are the bank's own Indonesian labels, quoted as the screen shows them, in both languages.
 * The last step of every method asks the borrower to check the payee is KasKita before confirming, as fraudsters
 * send look-alike account numbers.
 *
 * Steps hold placeholders the app fills in with {@link howToPay}: {number} (virtual account number or store payment
 * code), {amount}, and for Mandiri {biller_code} and {bill_key}.
 */

export type PaymentMethod =
  'atm' | 'internet_banking' | 'mobile_banking' | 'cashier' | 'qris_scan' | 'qris_gallery' | 'wallet_app';

export const VA_METHODS = [
  'atm',
  'internet_banking',
  'mobile_banking',
] as const satisfies readonly PaymentMethod[];
export const STORE_METHODS = ['cashier'] as const satisfies readonly PaymentMethod[];
export const QRIS_METHODS = ['qris_scan', 'qris_gallery'] as const satisfies readonly PaymentMethod[];
export const EWALLET_METHODS = ['wallet_app'] as const satisfies readonly PaymentMethod[];

export const PAYMENT_METHOD_TITLES: Record<PaymentMethod, Bilingual> = {
  atm: { 'id-ID': 'ATM', 'en-US': 'ATM' },
  internet_banking: { 'id-ID': 'Internet Banking', 'en-US': 'Internet banking' },
  mobile_banking: { 'id-ID': 'Mobile Banking', 'en-US': 'Mobile banking' },
  cashier: { 'id-ID': 'Bayar di kasir', 'en-US': 'Pay at the cashier' },
  qris_scan: { 'id-ID': 'Pindai dari HP lain', 'en-US': 'Scan from another phone' },
  qris_gallery: { 'id-ID': 'Dari galeri HP ini', 'en-US': "From this phone's gallery" },
  wallet_app: { 'id-ID': 'Di aplikasi e-wallet', 'en-US': 'In the e-wallet app' },
};

export const PLACEHOLDERS = ['number', 'amount', 'biller_code', 'bill_key'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** The gateway whose name the cashier looks up (our limits are Xendit's too, see channels.ts). */
const GATEWAY = 'Xendit';

const s = (id: string, en: string): Bilingual => ({ 'id-ID': id, 'en-US': en });

/** The anti-fraud check, always the last step of a bank method: `then` is how that screen confirms. */
const checkThen = (thenId: string, thenEn: string): Bilingual =>
  s(
    `Pastikan nama yang tampil adalah KasKita dan jumlahnya {amount}, lalu ${thenId}.`,
    `Check the name shown is KasKita and the amount is {amount}, then ${thenEn}.`,
  );

const insertCard = (bank: string): Bilingual =>
  s(`Masukkan kartu ATM ${bank} dan PIN Anda.`, `Insert your ${bank} ATM card and enter your PIN.`);
const logIn = (service: string): Bilingual => s(`Masuk ke ${service}.`, `Log in to ${service}.`);
const openApp = (app: string): Bilingual =>
  s(`Buka aplikasi ${app} dan masuk.`, `Open the ${app} app and log in.`);
const choose = (menu: string): Bilingual => s(`Pilih ${menu}.`, `Choose ${menu}.`);
const enterVa = (label = 'nomor virtual account', labelEn = 'virtual account number'): Bilingual =>
  s(`Masukkan ${label} {number}.`, `Enter the ${labelEn} {number}.`);
const pressYes = checkThen('tekan "Ya"', 'press "Ya"');

type VaSteps = Record<(typeof VA_METHODS)[number], readonly Bilingual[]>;
type StoreSteps = Record<(typeof STORE_METHODS)[number], readonly Bilingual[]>;
type QrisSteps = Record<(typeof QRIS_METHODS)[number], readonly Bilingual[]>;
type EwalletSteps = Record<(typeof EWALLET_METHODS)[number], readonly Bilingual[]>;

const cashier = (store: string): StoreSteps => ({
  cashier: [
    s(
      `Datang ke ${store} terdekat sebelum kode bayar kedaluwarsa.`,
      `Go to any ${store} before the payment code expires.`,
    ),
    s(
      `Katakan ke kasir Anda ingin membayar "KasKita" lewat ${GATEWAY}.`,
      `Tell the cashier you want to pay "KasKita" via ${GATEWAY}.`,
    ),
    s('Tunjukkan kode bayar {number} ke kasir.', 'Show the cashier the payment code {number}.'),
    s(
      'Pastikan layar kasir menampilkan KasKita, lalu bayar tepat {amount} dan simpan struknya.',
      "Check the cashier's screen shows KasKita, then pay exactly {amount} and keep the receipt.",
    ),
  ],
});

/** The QRIS check: the payer's app shows the merchant's name and the amount before the PIN. */
const qrisConfirm = s(
  'Pastikan nama penerima KasKita dan jumlahnya {amount}, lalu masukkan PIN aplikasi Anda.',
  "Check the payee is KasKita and the amount is {amount}, then enter your app's PIN.",
);
const openAnyQrisApp = s(
  'Buka aplikasi m-banking atau e-wallet apa pun yang mendukung QRIS.',
  'Open any mobile banking or e-wallet app that takes QRIS.',
);
const QRIS_STEPS: QrisSteps = {
  qris_scan: [
    openAnyQrisApp,
    s('Pilih "Scan" atau "Bayar dengan QRIS".', 'Choose "Scan" or "Pay with QRIS".'),
    s('Arahkan kamera ke kode QR di layar ini.', 'Point the camera at the QR code on this screen.'),
    qrisConfirm,
  ],
  qris_gallery: [
    s('Tekan "Simpan gambar QR" di atas.', 'Tap "Save QR image" above.'),
    openAnyQrisApp,
    s(
      'Pilih "Scan", lalu ikon galeri, dan pilih gambar QR yang tadi disimpan.',
      'Choose "Scan", then the gallery icon, and pick the QR image you saved.',
    ),
    qrisConfirm,
  ],
};

/** DANA and ShopeePay: the wallet opens from the pay page and sends the borrower back to it. */
const walletRedirect = (wallet: string): EwalletSteps => ({
  wallet_app: [
    s(`Tekan "Lanjut ke ${wallet}" di atas.`, `Tap "Continue to ${wallet}" above.`),
    s(
      `Masuk ke ${wallet} bila diminta; saldo Anda harus cukup.`,
      `Log in to ${wallet} if asked; your balance must cover the amount.`,
    ),
    s(
      `Pastikan penerima KasKita dan jumlahnya {amount}, lalu masukkan PIN ${wallet}.`,
      `Check the payee is KasKita and the amount is {amount}, then enter your ${wallet} PIN.`,
    ),
  ],
});

/** OVO: a request is pushed to the OVO app of the number given, to approve within 55 seconds. */
const OVO_STEPS: EwalletSteps = {
  wallet_app: [
    s(
      'Buka aplikasi OVO di HP dengan nomor di atas.',
      'Open the OVO app on the phone with the number above.',
    ),
    s(
      'Permintaan pembayaran menunggu di notifikasi OVO: jawab dalam 55 detik.',
      'A payment request waits in your OVO notifications: answer it within 55 seconds.',
    ),
    s(
      'Pastikan penerima KasKita dan jumlahnya {amount}, lalu masukkan PIN OVO.',
      'Check the payee is KasKita and the amount is {amount}, then enter your OVO PIN.',
    ),
  ],
};

const STEPS: Record<PaymentChannelId, VaSteps | StoreSteps | QrisSteps | EwalletSteps> = {
  VA_BCA: {
    atm: [
      insertCard('BCA'),
      choose('"Transaksi Lainnya" > "Transfer" > "ke Rek BCA Virtual Account"'),
      enterVa(),
      pressYes,
    ],
    internet_banking: [
      logIn('KlikBCA Individual'),
      choose('"Transfer Dana" > "Transfer ke BCA Virtual Account"'),
      enterVa(),
      checkThen('masukkan respons KeyBCA', 'enter your KeyBCA response'),
    ],
    mobile_banking: [
      openApp('BCA mobile'),
      choose('"m-BCA" > "m-Transfer" > "BCA Virtual Account"'),
      enterVa(),
      checkThen('masukkan PIN m-BCA', 'enter your m-BCA PIN'),
    ],
  },
  VA_BNI: {
    atm: [
      insertCard('BNI'),
      choose('"Menu Lain" > "Transfer" > "Virtual Account Billing"'),
      enterVa(),
      pressYes,
    ],
    internet_banking: [
      logIn('BNI Internet Banking'),
      choose('"Transfer" > "Virtual Account Billing"'),
      enterVa(),
      checkThen('masukkan kode otentikasi', 'enter the authentication code'),
    ],
    mobile_banking: [
      openApp('BNI Mobile Banking'),
      choose('"Transfer" > "Virtual Account Billing"'),
      enterVa(),
      checkThen('masukkan password transaksi', 'enter your transaction password'),
    ],
  },
  VA_BRI: {
    atm: [
      insertCard('BRI'),
      choose('"Transaksi Lain" > "Pembayaran" > "Lainnya" > "BRIVA"'),
      enterVa('nomor BRIVA', 'BRIVA number'),
      pressYes,
    ],
    internet_banking: [
      logIn('Internet Banking BRI'),
      choose('"Pembayaran Tagihan" > "BRIVA"'),
      enterVa('nomor BRIVA', 'BRIVA number'),
      checkThen('masukkan password dan mToken', 'enter your password and mToken'),
    ],
    mobile_banking: [
      openApp('BRImo'),
      choose('menu "BRIVA"'),
      enterVa('nomor BRIVA', 'BRIVA number'),
      checkThen('masukkan PIN BRImo', 'enter your BRImo PIN'),
    ],
  },
  // Mandiri Bill Payment: no account number, but the biller code (our company code) and the bill key.
  VA_MANDIRI: {
    atm: [
      insertCard('Mandiri'),
      choose('"Bayar/Beli" > "Lainnya" > "Multipayment"'),
      s(
        'Masukkan kode perusahaan {biller_code}, lalu "Benar".',
        'Enter the biller code {biller_code}, then "Benar".',
      ),
      s('Masukkan kode bayar {bill_key}, lalu "Benar".', 'Enter the bill key {bill_key}, then "Benar".'),
      pressYes,
    ],
    internet_banking: [
      logIn('Mandiri Internet Banking'),
      choose('"Bayar" > "Multipayment"'),
      s('Pilih penyedia jasa dengan kode {biller_code}.', 'Choose the biller with code {biller_code}.'),
      s('Masukkan kode bayar {bill_key}.', 'Enter the bill key {bill_key}.'),
      checkThen('masukkan PIN atau token Anda', 'enter your PIN or token'),
    ],
    mobile_banking: [
      openApp("Livin' by Mandiri"),
      choose('"Bayar" > "Multipayment"'),
      s('Cari penyedia jasa dengan kode {biller_code}.', 'Search for the biller code {biller_code}.'),
      s('Masukkan kode bayar {bill_key}.', 'Enter the bill key {bill_key}.'),
      checkThen("masukkan PIN Livin'", "enter your Livin' PIN"),
    ],
  },
  VA_PERMATA: {
    atm: [
      insertCard('Permata'),
      choose('"Transaksi Lainnya" > "Pembayaran" > "Pembayaran Lainnya" > "Virtual Account"'),
      enterVa(),
      pressYes,
    ],
    internet_banking: [
      logIn('PermataNet'),
      choose('"Pembayaran Tagihan" > "Virtual Account"'),
      enterVa(),
      checkThen('masukkan kode otentikasi', 'enter the authentication code'),
    ],
    mobile_banking: [
      openApp('PermataMobile X'),
      choose('menu "Virtual Account"'),
      enterVa(),
      checkThen('masukkan PIN Anda', 'enter your PIN'),
    ],
  },
  VA_CIMB: {
    atm: [insertCard('CIMB Niaga'), choose('"Transfer" > "Virtual Account"'), enterVa(), pressYes],
    internet_banking: [
      logIn('OCTO Clicks'),
      choose('"Transfer" > "Virtual Account"'),
      enterVa(),
      checkThen('masukkan kode mPIN', 'enter your mPIN code'),
    ],
    mobile_banking: [
      openApp('OCTO Mobile'),
      choose('"Transfer" > "Virtual Account"'),
      enterVa(),
      checkThen('masukkan PIN Anda', 'enter your PIN'),
    ],
  },
  VA_BSI: {
    atm: [insertCard('BSI'), choose('"Pembayaran/Pembelian" > "Virtual Account"'), enterVa(), pressYes],
    internet_banking: [
      logIn('BSI Net Banking'),
      choose('"Pembayaran" > "Virtual Account"'),
      enterVa(),
      checkThen('masukkan kode otentikasi', 'enter the authentication code'),
    ],
    mobile_banking: [
      openApp('BSI Mobile'),
      choose('"Pembayaran" > "Virtual Account"'),
      enterVa(),
      checkThen('masukkan PIN Anda', 'enter your PIN'),
    ],
  },
  STORE_ALFAMART: cashier('Alfamart'),
  STORE_INDOMARET: cashier('Indomaret'),
  QRIS: QRIS_STEPS,
  EWALLET_DANA: walletRedirect('DANA'),
  EWALLET_OVO: OVO_STEPS,
  EWALLET_SHOPEEPAY: walletRedirect('ShopeePay'),
  EWALLET_LINKAJA: walletRedirect('LinkAja'),
  EWALLET_ASTRAPAY: walletRedirect('AstraPay'),
  EWALLET_SAKUKU: walletRedirect('Sakuku'),
};

/** The step templates of a channel, placeholders unfilled, methods in display order. */
export function howToPayTemplates(
  channelId: PaymentChannelId,
): readonly { method: PaymentMethod; steps: readonly Bilingual[] }[] {
  return Object.entries(STEPS[channelId]).map(([method, steps]) => ({
    method: method as PaymentMethod,
    steps,
  }));
}

/** What fills the placeholders: Mandiri's steps need `biller_code` and a bill key, the others `number`. */
export interface HowToPayValues {
  /** The virtual account number, the store payment code, or Mandiri's bill key (as the gateway returns it); QRIS's
   * steps need none. */
  number?: string;
  amount: Rupiah;
  biller_code?: string;
  /** Mandiri's bill key when given apart from `number`; defaults to `number`. */
  bill_key?: string;
}

export interface HowToPayMethod {
  method: PaymentMethod;
  title: string;
  steps: string[];
}

/** Thrown when a step needs a value the caller did not give: a wrong instruction must never reach a borrower. */
export class HowToPayError extends Error {
  override readonly name = 'HowToPayError';
}

/**
 * The ways to pay through `channelId` in `locale`, every placeholder filled; the amount is shown as "Rp 1.234.567".
 * @throws HowToPayError when a step needs a value missing from `values`.
 * @throws MoneyError when the amount is not a whole, non-negative number of rupiah.
 */
export function howToPay(
  channelId: PaymentChannelId,
  locale: Locale,
  values: HowToPayValues,
): HowToPayMethod[] {
  const filled: Record<Placeholder, string | undefined> = {
    number: values.number,
    amount: formatRupiah(nonNegativeRupiah(values.amount)),
    biller_code: values.biller_code,
    bill_key: values.bill_key ?? values.number,
  };
  const fill = (template: string): string =>
    template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
      const value = Object.hasOwn(filled, name) ? filled[name as Placeholder] : undefined;
      if (value === undefined || value === '')
        throw new HowToPayError(`${channelId}: no value for ${placeholder}`);
      return value;
    });
  return howToPayTemplates(channelId).map(({ method, steps }) => ({
    method,
    title: PAYMENT_METHOD_TITLES[method][locale],
    steps: steps.map((step) => fill(step[locale])),
  }));
}
