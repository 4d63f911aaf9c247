import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { LIVENESS_CHALLENGE_SECONDS, type LivenessChallenge } from '@kaskita/domain/contract/verification';
import type { LivenessAction } from '@kaskita/domain/verification/liveness';
import type { LookupHasher } from '../../security/lookup-hasher.ts';

// A challenge is a signed token rather than a row: asking for one writes nothing, and the face check that answers it
// stores its nonce under a unique index (face_checks.challenge), which is what makes it single-use.
const PURPOSE = 'face_checks.challenge';

/** What a valid challenge asked. */
export interface OpenedChallenge {
  nonce: string;
  action: LivenessAction;
}

/** A new challenge for `userId`: one of `actions` at random, answerable for LIVENESS_CHALLENGE_SECONDS. */
export function issueChallenge(
  lookup: LookupHasher,
  userId: string,
  actions: readonly LivenessAction[],
  now: Date,
): LivenessChallenge {
  const action = actions[randomInt(actions.length)]!;
  const nonce = randomUUID();
  const expires = Math.floor(now.getTime() / 1000) + LIVENESS_CHALLENGE_SECONDS;
  const signed = `${nonce}.${action}.${expires}`;
  return {
    challenge_id: `${signed}.${lookup.hash(PURPOSE, `${userId}.${signed}`)}`,
    action,
    expires_in: LIVENESS_CHALLENGE_SECONDS,
  };
}

/**
 * The challenge `token` asked of `userId`, or null when it is not theirs, was altered, has expired, or asks an action
 * no longer in `actions` (an operator who drops one means it at once).
 */
export function openChallenge(
  lookup: LookupHasher,
  userId: string,
  token: string,
  now: Date,
  actions: readonly LivenessAction[],
): OpenedChallenge | null {
  const [nonce, action, expires, mac, ...rest] = token.split('.');
  if (!nonce || !action || !expires || !mac || rest.length > 0) return null;
  const expected = Buffer.from(lookup.hash(PURPOSE, `${userId}.${nonce}.${action}.${expires}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!(actions as readonly string[]).includes(action)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return { nonce, action: action as LivenessAction };
}
