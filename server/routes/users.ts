// /users: sign-up for patrons, staff accounts by managers, each user their own profile.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../domain/accounts/access.js';
import * as users from '../../domain/accounts/users.js';
import { FieldsQuery, IdParams, ListQuerystring } from '../../models/common.js';
import { User, userCatalogue, UserCreate, UserPatch, UserReplace } from '../../models/user.js';
import { parseFields, parseListQuery, project } from '../../query/parse.js';
import { ListResponse, NoContent, problems, Projectable, projectPage, sendCreated } from './shared.js';

const tags = ['Users'];
const security = [{ AccessToken: [] }];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const signedIn = app.authenticate(requireUser);

  app.post(
    '/users',
    {
      preValidation: app.authenticate(),
      schema: {
        operationId: 'createUser',
        tags,
        // Public for a patron's sign-up; a manager's token makes staff accounts.
        security: [{}, { AccessToken: [] }],
        summary: 'Create a user',
        description:
          'Anyone may create a patron account; only managers (with a token) create staff accounts. The password is never returned.',
        body: UserCreate,
        response: { 201: User, ...problems(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => sendCreated(reply, '/users', await users.createUser(app.pos, request.principal, request.body)),
  );

  app.get(
    '/users',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'listUsers',
        tags,
        security,
        summary: 'List users (managers)',
        querystring: ListQuerystring,
        response: { 200: ListResponse(User, 'A page of users'), ...problems(400, 401, 403) },
      },
    },
    async (request) => {
      const query = parseListQuery(request.query, userCatalogue);
      return projectPage(await users.listUsers(app.pos, request.principal, query), query.fields);
    },
  );

  app.get(
    '/users/:id',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'getUser',
        tags,
        security,
        summary: 'Get a user (yourself, or anyone for managers)',
        params: IdParams,
        querystring: FieldsQuery,
        response: { 200: Projectable(User), ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const fields = parseFields(request.query.fields, userCatalogue);
      return project(await users.getUser(app.pos, requireUser(request.principal), request.params.id), fields);
    },
  );

  app.put(
    '/users/:id',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'replaceUser',
        tags,
        security,
        summary: 'Replace a user (the password changes only when given)',
        params: IdParams,
        body: UserReplace,
        response: { 200: User, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => users.changeUser(app.pos, requireUser(request.principal), request.params.id, request.body),
  );

  app.patch(
    '/users/:id',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'updateUser',
        tags,
        security,
        summary: 'Change some fields of a user',
        params: IdParams,
        body: UserPatch,
        response: { 200: User, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => users.changeUser(app.pos, requireUser(request.principal), request.params.id, request.body),
  );

  app.post(
    '/users/:id/unlock',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'unlockUser',
        tags,
        security,
        summary: 'Lift the login throttle for a user (managers)',
        description:
          'After too many failed logins a user (or the address staff sign in from) gets 429 for the throttling ' +
          "window; this clears that user's failed logins and every address's. To set a new password, PATCH the " +
          'user with `password` (their refresh tokens are revoked).',
        params: IdParams,
        response: { 204: NoContent, ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await users.unlockUser(app.pos, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/users/:id',
    {
      preValidation: signedIn,
      schema: {
        operationId: 'deleteUser',
        tags,
        security,
        summary: 'Delete a user (managers)',
        params: IdParams,
        response: { 204: NoContent, ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await users.deleteUser(app.pos, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
