import type { BankCards } from '@kaskita/domain/contract/bank-cards';

/** Test data for the bank accounts: answers of GET /v1/user/bank as the server gives them. */

export const card = (
  id: string,
  extra: Partial<BankCards['cards'][number]> = {},
): BankCards['cards'][number] => ({
  id,
  bank: 'MANDIRI',
  bank_name: 'Bank Mandiri',
  card_num_masked: '******7890',
  name: 'BUDI SANTOSO',
  is_default: false,
  in_use: false,
  ...extra,
});

export const cards = (...list: BankCards['cards']): BankCards => ({
  account: null,
  cards: list,
});

/** The form fields of a POST body. */
export const formBody = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));
