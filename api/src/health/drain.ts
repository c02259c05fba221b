import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import type { ErrorBody } from '@medora/shared';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { HTTP_MESSAGES } from '../common/http-messages.js';
import { markDrainAnswer } from '../common/drain-answer.js';
import { ShutdownState } from './shutdown-state.js';

/** How often the drain checks whether the requests in flight have finished. */
const POLL_MS = 25;
/**
 * Polls in a row with nothing in flight before the server stops listening: a connection accepted a
 * moment ago gets this long to send its request (and get its answer).
 */
const QUIET_POLLS = 4;

/**
 * Counts the requests in flight for the drain. Once the drain has begun (after the pre-stop delay), a new request
 * (other than the health routes, which report the shutdown themselves) is answered at once with 503
 * and `Connection: close`: a proper answer that tells a client or load balancer to go elsewhere,
 * instead of a connection reset.
 */
export function trackRequestsForDrain(app: NestFastifyApplication): void {
  const state = app.get(ShutdownState);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      if (state.refusingNew && !request.url.startsWith('/api/health')) {
        markDrainAnswer(reply.raw);
        const body: ErrorBody = {
          statusCode: 503,
          error: 'Service Unavailable',
          message: HTTP_MESSAGES.serviceUnavailable,
        };
        void reply
          .code(503)
          .header('connection', 'close')
          .header('retry-after', '1')
          .header('content-type', 'application/json; charset=utf-8')
          .send(JSON.stringify(body));
        return;
      }
      state.requestStarted();
      // 'close' follows the end of the answer, or an aborted request: counted down exactly once.
      reply.raw.once('close', () => state.requestEnded());
      if (state.shuttingDown) void reply.header('connection', 'close');
      done();
    });
}

/**
 * Waits for the requests in flight to finish (at most `graceMs`) while new ones are turned away with
 * 503, then stops listening and closes the connections left (idle keep-alive ones; at the deadline,
 * busy ones too). Returns how many requests were still running at the deadline. The database pool
 * stays open until this resolves (Nest closes it in `app.close()` afterwards).
 *
 * The listening socket stays open while draining: closing it resets the connections the kernel has
 * accepted but Node has not yet taken (a reset, not an answer), and Node's `http.Server#close()` also
 * closes connections whose request has not been read yet. Clients that got their 503 have left by
 * the time it closes.
 */
export async function drainHttpServer(
  app: NestFastifyApplication,
  graceMs: number,
): Promise<{ forced: number }> {
  const server = app.getHttpServer() as Server;
  const state = app.get(ShutdownState);
  if (!server.listening) return { forced: 0 };
  const deadline = Date.now() + graceMs;
  let quiet = 0;
  while (Date.now() < deadline && quiet < QUIET_POLLS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    quiet = state.inFlight === 0 ? quiet + 1 : 0;
  }
  const forced = state.inFlight;
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  server.closeAllConnections();
  await closed;
  return { forced };
}
