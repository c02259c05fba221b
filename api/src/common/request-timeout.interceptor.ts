import {
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { MESSAGES } from '@medora/shared';
import { TimeoutError, catchError, throwError, timeout, type Observable } from 'rxjs';
import { CONFIG, type Config } from '../config/config.js';
import { ApiException } from './http-exception.filter.js';

/**
 * No request keeps its client waiting longer than REQUEST_TIMEOUT_MS. A handler that has
 * not answered by then gets a 503 with the catalogue's message (and `Retry-After` via the filter);
 * its database work is bounded separately by `statement_timeout`.
 */
@Injectable()
export class RequestTimeoutInterceptor implements NestInterceptor {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      timeout(this.config.requestTimeoutMs),
      catchError((error: unknown) =>
        throwError(() =>
          error instanceof TimeoutError ? new ApiException(503, MESSAGES.requestTimedOut) : error,
        ),
      ),
    );
  }
}
