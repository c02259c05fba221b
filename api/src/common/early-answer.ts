import type { FastifyInstance } from 'fastify';

/**
 * How long a connection may go on sending the body of a request that was already answered (a 413
 * decided on Content-Length, a 503 while draining) before it is closed.
 */
export const EARLY_ANSWER_DRAIN_MS = 10_000;

/**
 * An answer sent before the request body was read keeps its connection while the rest of the body
 * arrives: Node reads it and throws it away, and the client (a gateway above all) reads the answer.
 * Fastify asks for `Connection: close` on a 413, and Node would then close the socket with the
 * unread body still in it, which the kernel answers with a reset that can erase the answer before the
 * client has read it: a gateway sees a broken pipe and its client a 502 instead of the 413. A body
 * still arriving `drainMs` after the answer loses the connection.
 */
export function keepConnectionForEarlyAnswers(
  instance: FastifyInstance,
  drainMs: number = EARLY_ANSWER_DRAIN_MS,
): void {
  instance.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (!raw.complete && String(reply.getHeader('connection') ?? '').toLowerCase() === 'close') {
      reply.removeHeader('connection');
      const timer = setTimeout(() => raw.socket?.destroy(), drainMs);
      timer.unref();
      raw.once('end', () => clearTimeout(timer));
      raw.socket?.once('close', () => clearTimeout(timer));
    }
    done(null, payload);
  });
}
