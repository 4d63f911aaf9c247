import { bankCardCalls, type BankCardCodeBody } from '@kaskita/domain/contract/bank-cards';
import { callApi } from '../../../lib/api-client.ts';

/**
 * Sends a code to the borrower's own registered phone (masked in the answer) to add a bank card; `captcha: 1` means
 * nothing was sent and the call is repeated with the image captcha's answer.
 */
export function sendBankCardCode(body: BankCardCodeBody = {}) {
  return callApi(bankCardCalls.sendBankCardCode, body);
}
