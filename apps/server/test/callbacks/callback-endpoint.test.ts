import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCallbackEndpoint, type CallbackEndpointSpec } from '../../src/callbacks/callback-endpoint.ts';
import { tokenVerifier } from '../../src/callbacks/callback-verifiers.ts';

const spec: CallbackEndpointSpec<{ id: string; nik?: string }, { id: string }> = {
  provider: 'acme-pay',
  path: '/va-payments',
  summary: 'A virtual account payment',
  description: 'Sent when a borrower pays into a virtual account.',
  verify: tokenVerifier({ header: 'x-token', token: 't' }),
  body: z.object({ id: z.string(), nik: z.string().optional() }),
  toEvent: (body) => ({ eventId: body.id, type: 'va.paid', payload: { id: body.id } }),
  handle: async () => {},
};

describe('defineCallbackEndpoint', () => {
  it('places the endpoint under its provider', () => {
    expect(defineCallbackEndpoint(spec).url).toBe('/acme-pay/va-payments');
  });

  it('refuses a provider or path that is not kebab-case at start-up', () => {
    expect(() => defineCallbackEndpoint({ ...spec, provider: 'Acme' })).toThrow(/kebab-case/);
    expect(() => defineCallbackEndpoint({ ...spec, path: 'va' })).toThrow(/kebab-case/);
    expect(() => defineCallbackEndpoint({ ...spec, path: '/../admin' })).toThrow(/kebab-case/);
  });

  it('reads a valid body into an event', () => {
    const read = defineCallbackEndpoint(spec).read(Buffer.from('{"id":"e1"}'));
    expect(read.ok && read.callback.event).toEqual({ eventId: 'e1', type: 'va.paid', payload: { id: 'e1' } });
  });

  it('reports malformed bodies and empty event ids by field path only, never by value', () => {
    const endpoint = defineCallbackEndpoint(spec);
    expect(endpoint.read(Buffer.from('{"id":'))).toEqual({ ok: false, problems: ['body'] });
    const wrong = endpoint.read(Buffer.from('{"id":"e1","nik":3201234567890001}'));
    expect(wrong).toEqual({ ok: false, problems: ['nik'] });
    expect(JSON.stringify(wrong)).not.toContain('3201234567890001');
    expect(endpoint.read(Buffer.from('{"id":"  "}'))).toEqual({ ok: false, problems: ['event.eventId'] });
  });
});
