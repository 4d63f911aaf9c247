import { z } from 'zod';
import { jobType } from '../../jobs/job-type.ts';

/**
 * Decides one application. Sent in the submit's transaction (keyed by the application id, so a repeated send is a
 * no-op) and delayed by CREDIT_DECISION_DELAY_SECONDS. Retried while the credit bureau is unavailable: about 1, 2, 4
 * ... minutes apart, for about 17 hours in all, and never decided without the bureau's answer.
 */
export const CREDIT_DECISION = jobType({
  name: 'credit.decide',
  payload: z.object({ applicationId: z.string().uuid() }),
  retry: { limit: 10, delaySeconds: 60, backoff: true },
  expireInSeconds: 120,
});
