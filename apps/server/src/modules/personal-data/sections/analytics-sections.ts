import { asc, eq } from 'drizzle-orm';
import { analyticsEvents } from '../../../providers/analytics/analytics-events-schema.ts';
import { OWN_ID, ROW_ID, covers, defineSection, exported } from '../personal-data-registry.ts';

/**
 * The events a browser sent while the borrower was signed in. The device id and the fingerprint are pseudonymous
 * identifiers: alone they name no one, but tied to the account by user_id they are the borrower's data (UU PDP), so
 * they are exported with it, and the rows are deleted when the account closes (retention-eraser.ts). Events sent
 * signed out carry no user_id and stay the browser's, tied to nobody we know.
 */
export const analyticsSection = defineSection({
  key: 'analytics',
  covers: [
    covers(analyticsEvents, {
      id: ROW_ID,
      userId: OWN_ID,
      name: exported('analytics[].event'),
      occurredAt: exported('analytics[].occurred_at'),
      receivedAt: exported('analytics[].received_at'),
      deviceId: exported('analytics[].device_id'),
      fingerprint: exported('analytics[].fingerprint'),
      channel: exported('analytics[].channel'),
      promotePlatform: exported('analytics[].promote_platform'),
      promoteAgency: exported('analytics[].promote_agency'),
      page: exported('analytics[].page'),
      params: exported('analytics[].kind'),
    }),
  ],
  collect: async ({ db, user }) => {
    const rows = await db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, user.id))
      .orderBy(asc(analyticsEvents.id));
    return rows.map((r) => ({
      event: r.name,
      page: r.page,
      channel: r.channel,
      promote_platform: r.promotePlatform,
      promote_agency: r.promoteAgency,
      device_id: r.deviceId,
      fingerprint: r.fingerprint,
      kind: r.params.kind ?? null,
      payment_count: r.params.payments ?? null,
      occurred_at: r.occurredAt.toISOString(),
      received_at: r.receivedAt.toISOString(),
    }));
  },
});
