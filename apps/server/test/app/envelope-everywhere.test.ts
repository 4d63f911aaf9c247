import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
let port = 0;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.app.server.closeAllConnections());

/** Sends raw bytes (what a broken client or an attacker sends) and reads the whole answer. */
function raw(request: string): Promise<{ status: number; body: string; headers: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    setTimeout(() => socket.end(), 2000);
  });
}

const envelope = (body: string) => JSON.parse(body) as { code: number; msg: string; data: unknown };

describe('every answer is an envelope, even before routing', () => {
  it('a URL that is not valid percent-encoding', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A', headers: { lan: 'en-US' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 4002, msg: 'The request could not be read', data: null });
  });

  it('oversized headers', async () => {
    const res = await raw(
      `GET /api/v1/config HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(envelope(res.body)).toMatchObject({ code: 4140, data: null });
    expect(res.headers).toMatch(/content-type: application\/json/i);
  });

  it('a request Node cannot parse', async () => {
    for (const request of [
      'GET /api/v1/config HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'NOT-HTTP\r\n\r\n',
    ]) {
      const res = await raw(request);
      expect(res.status).toBe(400);
      expect(envelope(res.body)).toMatchObject({ code: 4002, data: null });
    }
  });

  it('a multipart body its parser cannot read, on every upload call', async () => {
    const { token } = await signIn(t.app, '081234567891');
    const fields = {
      '/api/v1/order/payment_claim': 'proof',
      '/api/v1/user/ocr_check': 'id_card',
      '/api/v1/user/face_check': 'selfie',
    };
    for (const [url, field] of Object.entries(fields))
      for (const [type, payload] of [
        ['multipart/form-data', '--x\r\n'], // no boundary at all
        ['multipart/form-data; boundary=abc', 'garbage'], // no part
        [
          'multipart/form-data; boundary=abc', // cut off inside the file
          `--abc\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nab`,
        ],
      ] as Array<[string, string]>) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type, authorization: `Bearer ${token}`, lan: 'en-US', os: 'h5' },
          payload,
        });
        // Past the session and cross-site checks, into the parser: refused as unreadable.
        expect(res.json(), `${url} ${type} ${payload.slice(0, 20)}`).toMatchObject({ code: 4002 });
        expect(res.statusCode).toBe(400);
      }
  });

  it('a well-formed request still answers normally on the same server', async () => {
    const res = await raw('GET /api/v1/config HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});
