import { Injectable } from '@nestjs/common';

/**
 * "Now" for the reminder sweep: the system clock plus an offset that only the local
 * mode's `POST /api/dev/clock` can change (the dev module exists only there), so a reminder can be
 * made due in a browser test without waiting a day. Per process; production never moves it.
 */
@Injectable()
export class AppClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  get offsetMinutes(): number {
    return this.offsetMs / 60_000;
  }

  setOffsetMinutes(minutes: number): void {
    this.offsetMs = minutes * 60_000;
  }
}
