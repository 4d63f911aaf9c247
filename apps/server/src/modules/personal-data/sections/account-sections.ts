import { asc, eq } from 'drizzle-orm';
import { sessions, signInDevices } from '../../auth/auth-schema.ts';
import { agreementAcceptances, consentWithdrawals, users } from '../../user/user-schema.ts';
import { accountClosures } from '../personal-data-schema.ts';
import {
  OWN_ID,
  ROW_ID,
  covers,
  defineSection,
  excluded,
  exported,
  type SectionData,
} from '../personal-data-registry.ts';
import { inTurn } from '../../../db/in-turn.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The account itself: the registered number, when, the application's standing, a staff block. */
export const accountSection = defineSection({
  key: 'account',
  covers: [
    covers(users, {
      id: exported('account.uid'),
      phoneEnc: exported('account.phone'),
      phoneHash: excluded(
        'a keyed hash of the phone, which cannot be read back: account.phone is the number',
      ),
      passwordHash: excluded('a password hash is a secret; account.has_password says whether one is set'),
      verify: exported('account.verify'),
      billStatus: excluded("the current loan's status as the spec's status call reports it: loans[].state"),
      loanFailStatus: excluded("whether the current loan's transfer failed: loans[].fail_status"),
      afPushStatus: excluded('an app flag of the spec’s status call, never set from borrower data'),
      afStatus: excluded('an app flag of the spec’s status call, never set from borrower data'),
      reapplyOn: exported('account.reapply_on'),
      blockedAt: exported('account.blocked_at'),
      timeZone: exported('account.time_zone'),
      closedAt: excluded('set when the account is deleted: a deleted account cannot sign in to export'),
      signupChannel: exported('account.signup_channel'),
      promotePlatform: exported('account.promote_platform'),
      promoteAgency: exported('account.promote_agency'),
      createdAt: exported('account.registered_at'),
      updatedAt: exported('account.updated_at'),
    }),
    covers(accountClosures, {
      userId: OWN_ID,
      closedAt: excluded('a deleted account cannot sign in to export'),
      retention: excluded('a deleted account cannot sign in to export'),
      retainUntil: excluded('a deleted account cannot sign in to export'),
      phoneEnc: excluded('a deleted account cannot sign in to export'),
      purgedAt: excluded('a deleted account cannot sign in to export'),
    }),
  ],
  collect: async ({ user }) => ({
    uid: user.id,
    phone: user.phone,
    registered_at: user.createdAt.toISOString(),
    has_password: Boolean(user.passwordHash),
    verify: user.verify,
    reapply_on: user.reapplyOn,
    blocked_at: iso(user.blockedAt),
    time_zone: user.timeZone,
    signup_channel: user.signupChannel,
    promote_platform: user.promotePlatform,
    promote_agency: user.promoteAgency,
    updated_at: user.updatedAt.toISOString(),
  }),
});

/** Each sign-in (a session family): when it started, until when it may be renewed, when it ended. */
export const sessionsSection = defineSection({
  key: 'sessions',
  covers: [
    covers(sessions, {
      id: ROW_ID,
      userId: OWN_ID,
      familyId: excluded("groups a sign-in's token renewals: each sign-in is one item of sessions[]"),
      accessHash: excluded('a keyed hash of a token: a secret'),
      refreshHash: excluded('a keyed hash of a token: a secret'),
      accessExpiresAt: excluded('the minutes an access token lives: sessions[].expires_at is the sign-in’s'),
      refreshExpiresAt: exported('sessions[].expires_at'),
      rotatedAt: excluded('a renewal of the token within the same sign-in'),
      rotatedBy: excluded('a keyed hash of the renewing client: a secret'),
      revokedAt: exported('sessions[].ended_at'),
      createdAt: exported('sessions[].started_at'),
    }),
  ],
  collect: async ({ db, user }) => {
    const rows = await db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(asc(sessions.createdAt));
    const families = new Map<string, SectionData<'sessions'>[number]>();
    for (const row of rows) {
      const seen = families.get(row.familyId);
      // A renewal is a new row of the same family: the sign-in lasts from the first to the last.
      families.set(row.familyId, {
        started_at: seen?.started_at ?? row.createdAt.toISOString(),
        expires_at: row.refreshExpiresAt.toISOString(),
        ended_at: iso(row.revokedAt),
      });
    }
    return [...families.values()];
  },
});

export const devicesSection = defineSection({
  key: 'devices',
  covers: [
    covers(signInDevices, {
      familyId: excluded('the sign-in it stands for (internal)'),
      userId: OWN_ID,
      deviceKeyHash: excluded("a keyed hash of the device's cookie: a secret"),
      label: exported('devices[].label'),
      network: exported('devices[].network'),
      createdAt: exported('devices[].signed_in_at'),
    }),
  ],
  collect: async ({ db, user }) => {
    const rows = await db
      .select()
      .from(signInDevices)
      .where(eq(signInDevices.userId, user.id))
      .orderBy(asc(signInDevices.createdAt));
    return rows.map((d) => ({ label: d.label, network: d.network, signed_in_at: d.createdAt.toISOString() }));
  },
});

/** The proof of every consent given (UU PDP Pasal 24) and every withdrawal. */
export const consentsSection = defineSection({
  key: 'consents',
  covers: [
    covers(agreementAcceptances, {
      id: ROW_ID,
      userId: OWN_ID,
      document: exported('consents.accepted[].kind'),
      version: exported('consents.accepted[].version'),
      ip: exported('consents.accepted[].ip'),
      acceptedAt: exported('consents.accepted[].accepted_at'),
    }),
    covers(consentWithdrawals, {
      id: ROW_ID,
      userId: OWN_ID,
      document: exported('consents.withdrawn[].kind'),
      version: exported('consents.withdrawn[].version'),
      withdrawnAt: exported('consents.withdrawn[].withdrawn_at'),
      restoredAt: exported('consents.withdrawn[].restored_at'),
    }),
  ],
  collect: async ({ db, user }) => {
    const [accepted, withdrawn] = await inTurn(
      () =>
        db
          .select()
          .from(agreementAcceptances)
          .where(eq(agreementAcceptances.userId, user.id))
          .orderBy(asc(agreementAcceptances.acceptedAt)),
      () =>
        db
          .select()
          .from(consentWithdrawals)
          .where(eq(consentWithdrawals.userId, user.id))
          .orderBy(asc(consentWithdrawals.withdrawnAt)),
    );
    return {
      accepted: accepted.map((a) => ({
        kind: a.document,
        version: a.version,
        accepted_at: a.acceptedAt.toISOString(),
        ip: a.ip,
      })),
      withdrawn: withdrawn.map((w) => ({
        kind: w.document,
        version: w.version,
        withdrawn_at: w.withdrawnAt.toISOString(),
        restored_at: iso(w.restoredAt),
      })),
    };
  },
});
