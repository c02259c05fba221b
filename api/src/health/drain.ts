import type { Server } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ShutdownState } from './shutdown-state.js';

/** How often idle keep-alive connections are closed while draining. */
const IDLE_SWEEP_MS = 50;

/**
 * Answers given while shutting down carry `Connection: close`, so a keep-alive client opens its next
 * request elsewhere instead of on a connection that is about to close (issue 17 §4).
 */
export function closeConnectionsWhenDraining(app: NestFastifyApplication): void {
  const state = app.get(ShutdownState);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      if (state.shuttingDown) void reply.header('connection', 'close');
      done();
    });
}

/**
 * Stops accepting connections and waits for the requests in flight to finish, at most `graceMs`;
 * then closes whatever is still open. Returns how many connections had to be cut. The database pool
 * stays open until this resolves (Nest closes it in `app.close()` afterwards).
 */
export async function drainHttpServer(
  app: NestFastifyApplication,
  graceMs: number,
): Promise<{ forced: number }> {
  const server = app.getHttpServer() as Server;
  if (!server.listening) return { forced: 0 };
  const count = () =>
    new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive connection becomes idle after its answer: close it then rather than at the deadline.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  try {
    if ((await Promise.race([closed, deadline])) !== 'late') return { forced: 0 };
    const open = await count();
    server.closeAllConnections();
    await closed;
    return { forced: open };
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}
