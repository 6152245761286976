// Bearer-token authentication. Routes declare `preValidation: app.authenticate(check)`: the caller
// is identified (a bad token is always a 401) and checked against the role table before the body
// is even validated, then `request.principal` holds who is asking.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { unauthorized } from '../../domain/errors.js';
import type { Principal } from '../../domain/accounts/principal.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A hook identifying the caller, then applying `check` (which throws 401/403). */
    authenticate(check?: (principal: Principal | null) => unknown): preValidationAsyncHookHandler;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!match?.[1]) throw unauthorized('The Authorization header must be `Bearer <access_token>`.');
  return match[1];
}

/** Whether a route's hooks need an access token (a check) or only take one: for the OpenAPI security. */
const tokenHooks = new WeakMap<object, 'required' | 'optional'>();
export function accessTokenUse(hooks: unknown): 'required' | 'optional' | undefined {
  const uses = [hooks].flat().map((hook) => (typeof hook === 'function' ? tokenHooks.get(hook) : undefined));
  return uses.includes('required') ? 'required' : uses.includes('optional') ? 'optional' : undefined;
}

async function auth(app: FastifyInstance) {
  app.decorateRequest('principal', null);
  app.decorate('authenticate', (check?: (principal: Principal | null) => unknown) => {
    const identify = async function identify(request: FastifyRequest) {
      const token = bearerToken(request.headers.authorization);
      request.principal = token === null ? null : await app.pos.tokens.verify(token);
      check?.(request.principal);
    };
    tokenHooks.set(identify, check ? 'required' : 'optional');
    return identify;
  });
}

export default fp(auth, { name: 'pos-auth', dependencies: ['pos-services'] });
