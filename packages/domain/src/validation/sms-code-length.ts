// zod-free, so the code boxes (the web's code-input) draw without the schemas (issue 23).

/** Length of SMS verification codes and of the code input (spec section 9). */
export const SMS_CODE_LENGTH = 6;
