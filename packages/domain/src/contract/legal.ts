import { z } from 'zod';
import { defineCall } from './define-call.ts';

/** GET /v1/legal/versions: the versions of the documents a borrower accepts at sign-in, as the server accepts them. */
export const legalVersionsSchema = z.object({
  terms_version: z
    .string()
    .describe('The terms of use in force: send it as `terms_version` with the login that registers a phone.'),
  privacy_version: z
    .string()
    .describe('The privacy policy in force: send it as `privacy_version` with the same login.'),
});

export const legalCalls = {
  getLegalVersions: defineCall('getLegalVersions', {
    tag: 'sign-in',
    summary: 'The versions of the terms of use and privacy policy in force',
    description:
      'What a sign-in form shows the borrower and sends back: the first login of a phone (registration) and a password reset carry `terms_version` and `privacy_version`, and only these values are accepted (any other answers 4000 with `fields.terms_version` or `fields.privacy_version` = `agreement.outdated` and the versions in force in `data.versions`). A version is the date its text took effect; fetch them again when a login answers agreement.outdated. Never cached.',
    errors: [],
    response: legalVersionsSchema,
  }),
};
