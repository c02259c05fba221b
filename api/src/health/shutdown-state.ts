import { Injectable } from '@nestjs/common';

/**
 * Whether this process is shutting down (issue 17 §4). main.ts sets it on SIGTERM, before the HTTP
 * server stops accepting connections, so readiness answers 503 at once and a load balancer stops
 * sending new work while in-flight requests finish.
 */
@Injectable()
export class ShutdownState {
  private draining = false;

  get shuttingDown(): boolean {
    return this.draining;
  }

  begin(): void {
    this.draining = true;
  }
}
