// /auth: trade a user_name and password for a token pair, and a refresh token for a new pair.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemError } from '../../domain/errors.js';
import { authenticate } from '../../domain/accounts/users.js';
import { AuthRecord, RefreshRequest, TokenRequest } from '../../models/auth.js';
import { Nullable } from '../../models/common.js';
import { problems } from './shared.js';

const tags = ['Auth'];
const BASIC_CHALLENGE = { 'www-authenticate': 'Basic realm="pos", charset="UTF-8"' };

/** user_name and password from the JSON body (password grant) or else from a Basic header. */
function credentials(body: TokenRequest | null | undefined, authorization: string | undefined): { userName: string; password: string } {
  if (body) return { userName: body.user_name, password: body.password };
  const match = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(authorization ?? '');
  const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon <= 0) {
    throw new ProblemError(
      401,
      'Unauthorized',
      'Send `Authorization: Basic base64(user_name:password)` or a JSON body { "grant_type": "password", "user_name", "password" }.',
      { headers: BASIC_CHALLENGE },
    );
  }
  return { userName: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

// Tokens are credentials: an Idempotency-Key is checked but the answer never stored (a retried
// login simply logs in again), so no bearer token ever rests in the database in clear.
const config = { idempotency: 'not-stored' as const };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/token',
    {
      config,
      schema: {
        operationId: 'logIn',
        tags,
        // Basic credentials, or none when the JSON password grant carries them.
        security: [{ BasicAuth: [] }, {}],
        summary: 'Log in: get an access token and a refresh token',
        description:
          'Credentials as `Authorization: Basic` or as the JSON password grant (then a Basic header is ' +
          'ignored). Repeated failures answer 429 with Retry-After.',
        body: Nullable(TokenRequest),
        response: { 201: AuthRecord, ...problems(400, 401, 415, 429) },
      },
    },
    async (request, reply) => {
      const { userName, password } = credentials(request.body, request.headers.authorization);
      const user = await authenticate(app.pos, userName, password, request.ip);
      return reply.code(201).send(await app.pos.tokens.issue(user));
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      config,
      schema: {
        operationId: 'refreshTokens',
        tags,
        summary: 'Exchange a refresh token for a new token pair',
        description: 'Refresh tokens are single-use; presenting a used one revokes every token of that login.',
        body: RefreshRequest,
        response: { 200: AuthRecord, ...problems(400, 401, 415) },
      },
    },
    async (request) => app.pos.tokens.refresh(request.body.refresh_token),
  );
};

export default routes;
