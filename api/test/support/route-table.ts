import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../src/common/zod-validation.pipe.js';
import { RATE_LIMIT_POLICY } from '../../src/throttling/rate-limit.guard.js';

/** One route as Nest's router holds it. */
export interface TableRoute {
  /** `GET /api/doctors/{uid}/slots`: the OpenAPI document's spelling. */
  key: string;
  method: string;
  /**
   * The query string's parameters, read from the schema of the route's `@Query` pipe; null when the
   * route reads a query without one (every route must validate its query: the tests fail on null).
   */
  query: string[] | null;
  /** The rate-limit class the route declares (`@RateLimit`), if any. */
  rateLimit: string | undefined;
}

const joinPath = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

/** The keys of a query schema: a strict object, or `querySchema`'s pipe whose first stage is one. */
function queryNames(schema: z.ZodType): string[] | null {
  const def = schema.def as { type: string; in?: z.ZodType; shape?: Record<string, unknown> };
  const object = def.type === 'pipe' ? (def.in?.def as { shape?: Record<string, unknown> }) : def;
  return object?.shape ? Object.keys(object.shape) : null;
}

/**
 * Every route of the app from Nest's own registry (controllers, their handlers' method and path
 * metadata, and the pipes of their `@Query()` arguments), so a new route is covered without a list.
 */
export function routeTable(app: NestFastifyApplication, prefix = 'api'): TableRoute[] {
  const routes: TableRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!type) continue;
      const base = (Reflect.getMetadata(PATH_METADATA, type) as string | string[] | undefined) ?? '';
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<
          string,
          { pipes?: unknown[] }
        >;
        let query: string[] | null = [];
        for (const [key, arg] of Object.entries(args)) {
          if (Number(key.split(':')[0]) !== RouteParamtypes.QUERY) continue;
          const pipe = arg.pipes?.find(
            (p): p is ZodValidationPipe<z.ZodType> => p instanceof ZodValidationPipe,
          );
          const names = pipe ? queryNames(pipe.schema) : null;
          query = names && query ? [...query, ...names] : null;
        }
        for (const b of [base].flat()) {
          for (const p of [path].flat()) {
            const template = joinPath(prefix, b, p).replace(/:(\w+)/g, '{$1}');
            const verb = RequestMethod[method];
            const rateLimit = Reflect.getMetadata(RATE_LIMIT_POLICY, handler) as string | undefined;
            routes.push({ key: `${verb} ${template}`, method: verb, query, rateLimit });
          }
        }
      }
    }
  }
  return routes;
}
