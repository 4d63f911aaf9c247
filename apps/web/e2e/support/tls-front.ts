// The app as production serves it: behind a TLS front that speaks HTTP/2 to the browser and HTTP/1.1 to the server,
// as Caddy does in the container recipe (compose.yaml, deploy/Caddyfile). Over HTTP/1.1 a browser opens six
// connections to a host, and a signed-in page's ~60 files queue for them on Lighthouse's simulated slow 4G; over
// HTTP/2 they share one.
// The certificate is made for the run by the system's openssl (Chromium is told to accept it): nothing secret is kept.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import {
  Agent,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { createSecureServer, type Http2SecureServer, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { join } from 'node:path';

/** Chromium's flag for the run's own certificate (lighthouse.ts passes it when auditing through a front). */
export const ACCEPT_RUN_CERTIFICATE = '--ignore-certificate-errors';

/** Headers that belong to one connection: HTTP/2 refuses them, and a proxy never passes them on (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'http2-settings',
]);

const passed = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );

function runCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'kaskita-tls-'));
  try {
    execFileSync(
      'openssl',
      // prettier-ignore
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
        '-subj', '/CN=localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A request as node:http and node:http2's compatibility API both give it. */
type Incoming = Readable & Pick<IncomingMessage, 'url' | 'method' | 'headers' | 'socket'>;
/** An answer as both give it. */
type Outgoing = Writable & { writeHead(status: number, headers: OutgoingHttpHeaders): unknown };

/**
 * A handler passing each request on to `target` over HTTP/1.1 and its answer back, without the headers that belong to
 * one connection; `adjust` says what the target is told (the TLS front below, the bench's uncompressed proxy).
 */
export function forwarder(
  target: string,
  adjust: (headers: OutgoingHttpHeaders, req: Incoming) => OutgoingHttpHeaders,
) {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true });
  return {
    handle(req: Incoming, res: Outgoing) {
      const upstream = request(
        {
          host: to.hostname,
          port: to.port,
          path: req.url,
          method: req.method,
          agent,
          headers: adjust(passed(req.headers), req),
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, passed(answer.headers));
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    },
    close: () => agent.destroy(),
  };
}

export type TlsFront = { url: string; close: () => Promise<void> };

/** An HTTPS (HTTP/2, HTTP/1.1 for older clients) front for `target`, telling it the request came over TLS. */
export async function startTlsFront(target: string): Promise<TlsFront> {
  const forward = forwarder(target, (headers, req) => ({
    ...headers,
    // HTTP/2 names the host in its :authority pseudo-header, HTTP/1.1 in Host.
    host: typeof req.headers[':authority'] === 'string' ? req.headers[':authority'] : req.headers.host,
    'x-forwarded-proto': 'https',
    'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
  }));
  const server: Http2SecureServer = createSecureServer(
    { ...runCertificate(), allowHTTP1: true },
    forward.handle,
  );
  // Chromium keeps its sessions open: closing the server alone would wait for them.
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const session of sessions) session.destroy();
      await new Promise((ok) => server.close(ok));
      forward.close();
    },
  };
}
