// The one way a route's query string is validated: fields first, then the rules between them.
import { z } from 'zod';

/** A rule between fields of a query string (`from` not after `to`), with its 400 message. */
export interface QueryRule<T> {
  ok: (query: T) => boolean;
  message: string;
  /** The field the message is reported on. */
  path: string;
}

/**
 * A route's query string: a strict object of `fields`, each parsed on its own, then `rules` in order,
 * stopping at the first that fails. The rules run only when every field parsed (zod's pipe stops on
 * the first stage's issues), so a rule may rely on each value being what its field schema says: a
 * date that failed never reaches date arithmetic.
 */
export function querySchema<S extends z.ZodRawShape>(
  fields: S,
  rules: readonly QueryRule<z.output<z.ZodObject<S, z.core.$strict>>>[] = [],
) {
  type Query = z.output<z.ZodObject<S, z.core.$strict>>;
  return z.strictObject(fields).pipe(
    z.custom<Query>().superRefine((query, ctx) => {
      const broken = rules.find((rule) => !rule.ok(query));
      if (broken) ctx.addIssue({ code: 'custom', message: broken.message, path: [broken.path] });
    }),
  );
}
