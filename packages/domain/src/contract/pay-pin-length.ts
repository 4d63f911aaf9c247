// zod-free, so the PIN field and its sheet draw their boxes without the contract's schemas (issue 23).

/** The 6-digit payment PIN. */
export const PAY_PIN_LENGTH = 6;
