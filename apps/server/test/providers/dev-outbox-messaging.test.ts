import { describe, expect, it } from 'vitest';
import { DevOutboxSmsProvider } from '../../src/providers/sms/dev-outbox-sms-provider.ts';
import { call, newPhone, requestCode, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

describe('dev outbox: channels', () => {
  it('records the channel of each message and shows it in the API and on the page', async () => {
    const phone = newPhone();
    await requestCode(t.app, phone);
    await t.app.jobs.whenIdle();
    t.clock.advance(1);
    // Nothing sends WhatsApp yet (the WhatsApp verification issue will): send as it will, through the outbox.
    const outbox = new DevOutboxSmsProvider(t.database.db, t.clock);
    await outbox.send({ channel: 'whatsapp', to: `62${phone.slice(1)}`, text: 'Halo dari KasKita' });

    const { body } = await call<Array<{ channel: string; text: string }>>(t.app, {
      method: 'GET',
      url: '/api/dev/outbox',
      query: { phone },
    });
    expect(body.data.map((m) => m.channel)).toEqual(['whatsapp', 'sms']);

    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox', query: { phone } });
    expect(page.body).toContain('<th>Channel</th>');
    expect(page.body).toContain('<td class="channel">whatsapp</td>');
    expect(page.body).toContain('<td class="channel">sms</td>');
  });
});
