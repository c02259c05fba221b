import { Injectable } from '@nestjs/common';

/**
 * Whether this process is shutting down, and how many requests it is answering.
 * main.ts sets it on SIGTERM, before the HTTP server stops accepting connections, so readiness answers
 * 503 at once; the drain waits for `inFlight` to reach 0.
 */
@Injectable()
export class ShutdownState {
  private draining = false;
  private requests = 0;

  get shuttingDown(): boolean {
    return this.draining;
  }

  /** Requests read and not yet answered (or aborted). */
  get inFlight(): number {
    return this.requests;
  }

  begin(): void {
    this.draining = true;
  }

  requestStarted(): void {
    this.requests++;
  }

  requestEnded(): void {
    this.requests--;
  }
}
