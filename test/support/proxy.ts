import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin load balancer on loopback, as a deployment would put in front of
 * instances: each request goes to the next upstream, with the client's address appended to
 * X-Forwarded-For. An upstream that refuses the connection (a killed instance) is skipped,
 * which is safe because nothing reached it; a GET cut off is sent again; any other request cut off mid-way is answered 502.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  /** Upstreams that refused a connection: out of the rotation, as a load balancer's health check would take them out. */
  const down = new Set<string>();
  const pick = (): string => {
    const live = upstreams.filter((upstream) => !down.has(upstream));
    return live.at(next++ % Math.max(1, live.length)) ?? upstreams.at(0) ?? '';
  };
  // A connection per request: a reused connection to a killed instance would fail after the request was sent.
  const agent = new http.Agent({ keepAlive: false, maxSockets: 256 });
  const server = http.createServer((req, res) => void forward(req, res));
  async function forward(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const attempt = (tries: number) => {
      const chosen = pick();
      const upstream = new URL(chosen);
      const outgoing = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, agent, headers: { ...req.headers, host: upstream.host, 'x-forwarded-for': forwarded } },
        (response) => {
          res.writeHead(response.statusCode ?? 502, { ...response.headers, 'x-upstream': upstream.port });
          response.pipe(res);
        },
      );
      outgoing.once('error', (error: NodeJS.ErrnoException) => {
        // A GET is safe to send again, as a load balancer would after a reset keep-alive connection.
        if (error.code === 'ECONNREFUSED') down.add(chosen);
        if ((error.code === 'ECONNREFUSED' || req.method === 'GET') && tries <= upstreams.length) return attempt(tries + 1);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'bad_gateway', message: error.message } }));
      });
      outgoing.end(body);
    };
    attempt(1);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      agent.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
