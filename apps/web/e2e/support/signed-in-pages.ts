// The signed-in pages Lighthouse audits (issue 23), with borrowers made through the API and the dev helpers as a
// person would be (never written into the database): one approved borrower who may borrow, for the borrowing form
// and plan, and one whose loan has been paid out, for the bills. Their server must decide at once and let the
// sandbox bank pay out at once (CREDIT_DECISION_DELAY_SECONDS and DISBURSEMENT_SANDBOX_DELAY_SECONDS 0).
import { PRIVACY_VERSION, TERMS_VERSION } from '@kaskita/domain/legal/versions';
import { BILL_STATUS } from '@kaskita/domain/contract/user-states';
import { ktpCardOf } from '../../../server/test/helpers/live-frames.ts';
import { approveThroughApi, completeProfile } from './borrower-setup.ts';
import { contractCall } from './contract-call.ts';
import { waitForCode } from './journey.ts';

/** A page and the session it is opened with. */
export type SignedInPage = { path: string; token: string };

const ORDER = { pid: 'cash-loan', money: '2000000', period: 'month-3-3', purpose_id: '101' };

async function approvedBorrower(baseUrl: string, phone: string, nik: string): Promise<string> {
  await contractCall(baseUrl, 'sendLoginCodeByPost', { body: { phone } });
  const { token } = await contractCall<{ token: string }>(baseUrl, 'login', {
    body: {
      phone,
      sms_code: await waitForCode(baseUrl, phone),
      terms_version: TERMS_VERSION,
      privacy_version: PRIVACY_VERSION,
    },
  });
  await completeProfile(baseUrl, token, { nik, birthDate: '1990-02-15', ktpPhoto: await ktpCardOf('turnA') });
  await approveThroughApi(baseUrl, token, {
    whatsapp: phone.replace('7777', '8888'),
    waitForCode: (p) => waitForCode(baseUrl, p),
  });
  return token;
}

export async function signedInPages(baseUrl: string): Promise<SignedInPage[]> {
  const borrowing = await approvedBorrower(baseUrl, '6281277770401', '3171011502900401');
  const repaying = await approvedBorrower(baseUrl, '6281277770402', '3171011502900402');
  const agreement = await contractCall<{ version: string }>(baseUrl, 'getLoanAgreement', {
    token: repaying,
    query: ORDER,
  });
  await contractCall(baseUrl, 'createLoanOrder', {
    token: repaying,
    body: { ...ORDER, agreement_version: agreement.version, agree: '1' },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { order } = await contractCall<{ order: { bill_status: number } | null }>(
      baseUrl,
      'getCurrentOrder',
      {
        token: repaying,
      },
    );
    // The sandbox bank's callback has marked the money sent.
    if (order?.bill_status === BILL_STATUS.REPAYING) break;
    if (Date.now() > deadline)
      throw new Error(`the loan was not paid out within 60 s (${JSON.stringify(order)})`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const plan = new URLSearchParams(ORDER).toString();
  return [
    { path: '/bill', token: repaying },
    { path: '/home/pay-back', token: repaying },
    { path: '/home/loan-product', token: borrowing },
    { path: `/home/borrowing-plan?${plan}`, token: borrowing },
  ];
}
