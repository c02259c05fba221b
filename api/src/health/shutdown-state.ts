import { Injectable } from '@nestjs/common';

/**
 * Whether this process is shutting down, and how many requests it is answering.
 * main.ts calls `announce()` on SIGTERM, so readiness answers 503 at once while requests are still
 * served (the pre-stop delay, SHUTDOWN_DELAY_MS, in which a load balancer stops sending here), then
 * `begin()`, from which new requests are answered 503; the drain waits for `inFlight` to reach 0.
 */
@Injectable()
export class ShutdownState {
  private stopping = false;
  private draining = false;
  private requests = 0;

  /** Shutdown has been announced: readiness says 503 and answers carry `Connection: close`. */
  get shuttingDown(): boolean {
    return this.stopping;
  }

  /** New requests are turned away with 503 (after the pre-stop delay). */
  get refusingNew(): boolean {
    return this.draining;
  }

  /** Requests read and not yet answered (or aborted). */
  get inFlight(): number {
    return this.requests;
  }

  announce(): void {
    this.stopping = true;
  }

  /** Announces shutdown (if not yet) and turns new requests away. */
  begin(): void {
    this.stopping = true;
    this.draining = true;
  }

  requestStarted(): void {
    this.requests++;
  }

  requestEnded(): void {
    this.requests--;
  }
}
