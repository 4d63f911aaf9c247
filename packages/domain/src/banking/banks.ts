/**
 * Banks and e-wallets a borrower can receive a loan into (GET /v2/config/banklist). `code` is the disbursement
 * provider's bank code (the style of Xendit's and Flip's: BCA, MANDIRI ...), `clearing` the three-digit national
 * clearing code (sandi bank) printed on transfer slips, so support staff can match either. An e-wallet account is the
 * phone number it is registered to, in the local form (08...), and is checked and paid like a bank account.
 */
export interface Bank {
  code: string;
  kind: 'bank' | 'ewallet';
  /** Null for an e-wallet: it has no clearing code. */
  clearing: string | null;
  name: string;
}

const bank = (code: string, clearing: string, name: string): Bank => ({ code, kind: 'bank', clearing, name });
const ewallet = (code: string, name: string): Bank => ({ code, kind: 'ewallet', clearing: null, name });

export const BANKS: readonly Bank[] = [
  bank('BCA', '014', 'Bank Central Asia (BCA)'),
  bank('BRI', '002', 'Bank Rakyat Indonesia (BRI)'),
  bank('BNI', '009', 'Bank Negara Indonesia (BNI)'),
  bank('MANDIRI', '008', 'Bank Mandiri'),
  bank('BSI', '451', 'Bank Syariah Indonesia (BSI)'),
  bank('BTN', '200', 'Bank Tabungan Negara (BTN)'),
  bank('CIMB', '022', 'CIMB Niaga'),
  bank('PERMATA', '013', 'Bank Permata'),
  bank('DANAMON', '011', 'Bank Danamon'),
  bank('PANIN', '019', 'Panin Bank'),
  bank('OCBC', '028', 'OCBC Indonesia'),
  bank('MAYBANK', '016', 'Maybank Indonesia'),
  bank('MEGA', '426', 'Bank Mega'),
  bank('BJB', '110', 'Bank BJB'),
  bank('BANK_DKI', '111', 'Bank DKI'),
  bank('BANK_JATIM', '114', 'Bank Jatim'),
  bank('SINARMAS', '153', 'Bank Sinarmas'),
  bank('BTPN', '213', 'SMBC Indonesia (BTPN, Jenius)'),
  bank('JAGO', '542', 'Bank Jago'),
  bank('SEABANK', '535', 'SeaBank Indonesia'),
  bank('NEO', '490', 'Bank Neo Commerce'),
  bank('ALLO', '567', 'Allo Bank'),
  ewallet('DANA', 'DANA (e-wallet)'),
  ewallet('OVO', 'OVO (e-wallet)'),
  ewallet('GOPAY', 'GoPay (e-wallet)'),
  ewallet('SHOPEEPAY', 'ShopeePay (e-wallet)'),
  ewallet('LINKAJA', 'LinkAja (e-wallet)'),
];

export function findBank(code: string): Bank | undefined {
  return BANKS.find((bank) => bank.code === code);
}
