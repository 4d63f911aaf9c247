/**
 * Banks a borrower can receive a loan into (GET /v2/config/banklist). `code` is the disbursement provider's bank
 * code (the style of Xendit's and Flip's: BCA, MANDIRI ...), `clearing` the three-digit national clearing code
 * (sandi bank) printed on transfer slips, so support staff can match either.
 */
export interface Bank {
  code: string;
  clearing: string;
  name: string;
}

export const BANKS: readonly Bank[] = [
  { code: 'BCA', clearing: '014', name: 'Bank Central Asia (BCA)' },
  { code: 'BRI', clearing: '002', name: 'Bank Rakyat Indonesia (BRI)' },
  { code: 'BNI', clearing: '009', name: 'Bank Negara Indonesia (BNI)' },
  { code: 'MANDIRI', clearing: '008', name: 'Bank Mandiri' },
  { code: 'BSI', clearing: '451', name: 'Bank Syariah Indonesia (BSI)' },
  { code: 'BTN', clearing: '200', name: 'Bank Tabungan Negara (BTN)' },
  { code: 'CIMB', clearing: '022', name: 'CIMB Niaga' },
  { code: 'PERMATA', clearing: '013', name: 'Bank Permata' },
  { code: 'DANAMON', clearing: '011', name: 'Bank Danamon' },
  { code: 'PANIN', clearing: '019', name: 'Panin Bank' },
  { code: 'OCBC', clearing: '028', name: 'OCBC Indonesia' },
  { code: 'MAYBANK', clearing: '016', name: 'Maybank Indonesia' },
  { code: 'MEGA', clearing: '426', name: 'Bank Mega' },
  { code: 'BJB', clearing: '110', name: 'Bank BJB' },
  { code: 'BANK_DKI', clearing: '111', name: 'Bank DKI' },
  { code: 'BANK_JATIM', clearing: '114', name: 'Bank Jatim' },
  { code: 'SINARMAS', clearing: '153', name: 'Bank Sinarmas' },
  { code: 'BTPN', clearing: '213', name: 'SMBC Indonesia (BTPN, Jenius)' },
  { code: 'JAGO', clearing: '542', name: 'Bank Jago' },
  { code: 'SEABANK', clearing: '535', name: 'SeaBank Indonesia' },
  { code: 'NEO', clearing: '490', name: 'Bank Neo Commerce' },
  { code: 'ALLO', clearing: '567', name: 'Allo Bank' },
];

export function findBank(code: string): Bank | undefined {
  return BANKS.find((bank) => bank.code === code);
}
