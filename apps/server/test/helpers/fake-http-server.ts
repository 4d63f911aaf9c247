import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The plumbing the fake provider servers (Zenziva, Flip, Xendit) share: a server on a free local port, the body as
 * text, a scripted request withheld, an answer written as JSON or, for a string, as an HTML page.
 */
export interface LocalServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** Serves `handle` on a free port of 127.0.0.1; a handler that throws drops the connection. */
export async function serveLocally(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<LocalServer> {
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // A withheld ('hang') request would otherwise keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A scripted request the fake does not answer: 'hang' never answers (the client's timeout must fire), 'drop' closes. */
export type Withholding = 'hang' | 'drop';

/** Applies a withholding behaviour; true when the request must get no answer. */
export function withheld(behaviour: unknown, req: IncomingMessage): behaviour is Withholding {
  if (behaviour === 'drop') req.socket.destroy();
  return behaviour === 'hang' || behaviour === 'drop';
}

/** Writes `answer` as JSON, or as an HTML page when it is a string (what a proxy's error page looks like). */
export function sendAnswer(
  res: ServerResponse,
  status: number,
  answer: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': typeof answer === 'string' ? 'text/html' : 'application/json',
    ...headers,
  });
  res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
}
