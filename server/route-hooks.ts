// Hooks for some routes only. A plugin that concerns only some routes adds its hooks to those
// routes' own options as they are declared (from an onRoute hook) instead of to the app, so a
// request to any other route never runs them: a global hook costs every request, reads included.
import type { RouteOptions } from 'fastify';

/** The methods that change data: what Request-Deadline and Idempotency-Key apply to. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isWriteRoute(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((method) => WRITE_METHODS.has(method));
}

type RouteHookName = 'onRequest' | 'onSend' | 'onResponse' | 'onRequestAbort';

/**
 * Adds `hook` to the route's own `name` hooks: last, or first (before hooks other plugins added to
 * the route, such as the rate limit's, as a global hook would run).
 */
export function addRouteHook<Name extends RouteHookName>(
  route: RouteOptions,
  name: Name,
  hook: Extract<NonNullable<RouteOptions[Name]>, (...args: never[]) => unknown>,
  at: 'first' | 'last' = 'last',
): void {
  const current = route[name];
  const hooks = current === undefined ? [] : Array.isArray(current) ? [...current] : [current];
  if (at === 'first') hooks.unshift(hook as never);
  else hooks.push(hook as never);
  (route as { [key in RouteHookName]?: unknown })[name] = hooks;
}
