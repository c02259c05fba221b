import { Injectable, type PipeTransform } from '@nestjs/common';
import { MESSAGES, fieldErrors } from '@medora/shared';
import type { z } from 'zod';
import { ApiException } from './http-exception.filter.js';
import { MAX_ERROR_FIELDS } from './input-limits.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Postgres text and jsonb cannot hold NUL; a lone surrogate would be stored as U+FFFD, silently. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Field paths longer than this are not echoed back in `fields` (they are the client's own junk). */
const MAX_FIELD_PATH = 100;

/**
 * The path of the first string (object keys included) that cannot be stored unchanged, or null.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function unstorableTextPath(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (unstorable(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (unstorable(key)) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

const fieldKey = (path: string) => (path === '' || path.length > MAX_FIELD_PATH ? '_' : path);

/**
 * zod's message for unknown keys quotes them ('Unrecognized key: "isAdmin"'), helpful for a typo but
 * not for ten thousand keys or a 1 MiB one: past a few short keys the message is the catalogue's.
 */
const errorMap = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' &&
  (!issue.keys || issue.keys.length > 5 || issue.keys.some((k) => k.length > 64))
    ? MESSAGES.unknownField
    : undefined;

/**
 * The one validation pipe: `@Body(new ZodValidationPipe(createUserSchema))` (also for params and query).
 * On failure: 400, message = the first issue's message (so rules like adminRoleRefused reach the client
 * verbatim), fields = each field's first message, for at most MAX_ERROR_FIELDS fields. Valid input whose text Postgres cannot store as
 * sent (NUL, lone surrogates) is refused too, instead of failing in the database or being altered.
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value, { error: errorMap });
    if (!result.success) {
      const first = result.error.issues[0];
      const fields: Record<string, string> = {};
      let named = 0;
      for (const [path, message] of Object.entries(fieldErrors(result.error))) {
        const key = fieldKey(path);
        if (key in fields) continue;
        fields[key] = message;
        if (++named === MAX_ERROR_FIELDS) break;
      }
      throw new ApiException(400, first?.message ?? MESSAGES.validationFailed, fields);
    }
    const bad = unstorableTextPath(result.data);
    if (bad !== null) {
      throw new ApiException(400, MESSAGES.validationFailed, { [fieldKey(bad)]: MESSAGES.validationFailed });
    }
    return result.data;
  }
}
