import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ShutdownState } from './shutdown-state.js';

/** How often the drain checks whether the requests in flight have finished. */
const POLL_MS = 25;
/**
 * Polls in a row with nothing in flight before the remaining connections are closed: a connection
 * accepted just before the server stopped listening gets this long to send its request.
 */
const QUIET_POLLS = 4;

/**
 * Counts the requests in flight for the drain, and gives answers sent while shutting down
 * `Connection: close`, so a keep-alive client sends its next request elsewhere (issue 17 §4).
 */
export function trackRequestsForDrain(app: NestFastifyApplication): void {
  const state = app.get(ShutdownState);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      state.requestStarted();
      // 'close' follows the end of the answer, or an aborted request: counted down exactly once.
      reply.raw.once('close', () => state.requestEnded());
      if (state.shuttingDown) void reply.header('connection', 'close');
      done();
    });
}

/**
 * Stops accepting connections, waits for the requests in flight to finish (at most `graceMs`), then
 * closes the connections left (idle keep-alive ones; at the deadline, busy ones too). Returns how
 * many requests were still running at the deadline. The database pool stays open until this resolves
 * (Nest closes it in `app.close()` afterwards).
 *
 * Node's own `http.Server#close()` also closes every connection without a request in flight at that
 * moment, which includes connections accepted a moment ago whose request has not been read yet: their
 * clients would see a reset. So only the listening socket is closed first (net.Server#close).
 */
export async function drainHttpServer(
  app: NestFastifyApplication,
  graceMs: number,
): Promise<{ forced: number }> {
  const server = app.getHttpServer() as Server;
  const state = app.get(ShutdownState);
  if (!server.listening) return { forced: 0 };
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  const deadline = Date.now() + graceMs;
  let quiet = 0;
  while (Date.now() < deadline && quiet < QUIET_POLLS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    quiet = state.inFlight === 0 ? quiet + 1 : 0;
  }
  const forced = state.inFlight;
  server.closeAllConnections();
  await closed;
  return { forced };
}
