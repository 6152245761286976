// /users through HTTP: sign-up, staff accounts, self-service, manager administration, and that no
// response ever carries a password or its hash.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { PASSWORD, type TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import {
  aTimestamp,
  anId,
  bearer,
  expectCreated,
  expectInvalid,
  expectNoContent,
  expectProblem,
  expectQueryError,
  expectUnauthorized,
  UNKNOWN_ID,
} from './support.js';

// Tests that create their own users, or only read and are refused, share one app for the file; a
// test that lists every user or changes one of the seeded accounts (patron1, chef1, expeditor1,
// manager1) that the others sign in as starts a fresh app (`fresh`).
let t: TestApp;
fileScene(
  async (app) => app,
  (app) => (t = app),
);
async function fresh(startApp: StartApp) {
  t = await startApp();
}

/** No user response may name the password in any form. */
function expectNoPassword(response: LightMyRequestResponse): void {
  expect(response.body).not.toMatch(/password/i);
  expect(response.body).not.toContain('$2');
}

const signUp = (userName: string, extra: Record<string, unknown> = {}) => ({
  user_name: userName,
  email: `${userName.toLowerCase()}@example.com`,
  password: PASSWORD,
  role: 'patron',
  ...extra,
});

async function login(userName: string, password = PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', user_name: userName, password } });
}

describe('POST /users', () => {
  it('anyone may sign up as a patron: 201, Location, the user without a password', async () => {
    const response = await t.inject({ method: 'POST', url: '/users', payload: signUp('Ada') });
    const created = expectCreated(response, '/users');
    expect(created).toStrictEqual({
      id: anId(),
      created_at: aTimestamp(),
      updated_at: created.created_at,
      user_name: 'Ada',
      email: 'ada@example.com',
      role: 'patron',
    });
    expectNoPassword(response);
    expect((await login('Ada')).statusCode).toBe(201);
  });

  it('a manager creates staff of any role, who then log in', async () => {
    for (const role of ['chef', 'expeditor', 'manager', 'patron']) {
      const created = expectCreated(
        await t.inject({ method: 'POST', url: '/users', as: 'manager', payload: signUp(`staff-${role}`, { role }) }),
        '/users',
      );
      expect(created.role).toBe(role);
      // The test app seeds its users through the store: this is where signing staff up over HTTP is proved.
      expect((await login(`staff-${role}`)).statusCode).toBe(201);
    }
  });

  it('403 when anyone but a manager asks for a staff role', async () => {
    expectProblem(
      await t.inject({ method: 'POST', url: '/users', payload: signUp('Eve', { role: 'manager' }) }),
      403,
      'Only managers may create manager accounts; sign-ups create patrons.',
    );
    expectProblem(
      await t.inject({ method: 'POST', url: '/users', as: 'chef', payload: signUp('Eve', { role: 'chef' }) }),
      403,
      'Only managers may create chef accounts; sign-ups create patrons.',
    );
  });

  it('400 naming each invalid field', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/users',
      payload: { user_name: 'Ada Lovelace', email: 'not-an-address', password: 'lowercase1!', role: 'cook' },
    });
    expectInvalid(response, 'body', [
      { path: 'user_name', message: 'must not contain whitespace' },
      { path: 'email', message: 'must match format "email"' },
      { path: 'password', message: 'must contain an uppercase letter, a lowercase letter, a digit and one of @$!%*?&' },
      { path: 'role', message: 'must be one of: patron, expeditor, chef, manager' },
    ]);
  });

  it.each(['Short1!', 'NoDigits!!', 'nouppercase1!', 'NOLOWERCASE1!', 'NoSpecial123'])('400 for the password %j', async (password) => {
    const response = await t.inject({ method: 'POST', url: '/users', payload: signUp('Ada', { password }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toStrictEqual([
      {
        path: 'password',
        message:
          password.length < 8
            ? 'must NOT have fewer than 8 characters'
            : 'must contain an uppercase letter, a lowercase letter, a digit and one of @$!%*?&',
      },
    ]);
  });

  it('400 for a user_name over 64 characters and for read-only properties', async () => {
    expectInvalid(await t.inject({ method: 'POST', url: '/users', payload: signUp('a'.repeat(65)) }), 'body', [
      { path: 'user_name', message: 'must NOT have more than 64 characters' },
    ]);
    expectInvalid(
      await t.inject({
        method: 'POST',
        url: '/users',
        payload: { ...signUp('Ada'), id: UNKNOWN_ID, created_at: '2024-01-01T00:00:00.000Z' },
      }),
      'body',
      [
        { path: 'id', message: 'is read-only and cannot be set' },
        { path: 'created_at', message: 'is read-only and cannot be set' },
      ],
    );
  });

  it('409 for a user_name already taken, whatever its case', async () => {
    const response = await t.inject({ method: 'POST', url: '/users', payload: signUp('PATRON1') });
    expectProblem(response, 409, 'The user_name "PATRON1" is already taken (user names are unique whatever their case).');
  });

  it('two concurrent sign-ups of Bob and bob leave exactly one user and one 409', async () => {
    const answers = await Promise.all([
      t.inject({ method: 'POST', url: '/users', payload: signUp('Bob') }),
      t.inject({ method: 'POST', url: '/users', payload: signUp('bob') }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toStrictEqual([201, 409]);
    const users = (await t.inject({ method: 'GET', url: '/users?filter=user_name.in~Bob,bob', as: 'manager' })).json();
    expect(users.total_results).toBe(1);
  });

  it('401 for a bad token even though sign-up needs none; 415 for a non-JSON body', async () => {
    expectUnauthorized(
      await t.inject({ method: 'POST', url: '/users', headers: bearer('not.a.jwt'), payload: signUp('Ada') }),
      'The access token is invalid.',
    );
    expectProblem(
      await t.inject({ method: 'POST', url: '/users', headers: { 'content-type': 'text/plain' }, payload: 'Ada' }),
      415,
      'Send the body as application/json.',
    );
  });
});

describe('GET /users', () => {
  it('a manager lists every user, without passwords', async ({ startApp }) => {
    await fresh(startApp);
    const response = await t.inject({ method: 'GET', url: '/users?fields=user_name|role', as: 'manager' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({
      results: [
        { user_name: 'manager1', role: 'manager' },
        { user_name: 'patron1', role: 'patron' },
        { user_name: 'chef1', role: 'chef' },
        { user_name: 'expeditor1', role: 'expeditor' },
      ],
      total_results: 4,
    });
    const whole = await t.inject({ method: 'GET', url: '/users?filter=role.eq~chef', as: 'manager' });
    expect(whole.json()).toStrictEqual({
      results: [
        {
          id: t.userIds.chef,
          created_at: aTimestamp(),
          updated_at: aTimestamp(),
          user_name: 'chef1',
          email: 'chef1@example.com',
          role: 'chef',
        },
      ],
      total_results: 1,
    });
    expectNoPassword(whole);
  });

  it('401 without a token, 403 for every other role, 400 for a bad parameter', async () => {
    expectUnauthorized(await t.inject({ method: 'GET', url: '/users' }));
    for (const role of ['patron', 'chef', 'expeditor'] as const) {
      expectProblem(
        await t.inject({ method: 'GET', url: '/users', as: role }),
        403,
        `Your role (${role}) may not list users; this needs manager.`,
      );
    }
    expectQueryError(
      await t.inject({ method: 'GET', url: '/users?fields=password_hash', as: 'manager' }),
      'fields',
      "Unknown field 'password_hash' in fields; valid fields: created_at, email, id, role, updated_at, user_name",
    );
  });
});

describe('GET /users/{id}', () => {
  it('a user reads themselves; a manager reads anyone', async () => {
    const self = await t.inject({ method: 'GET', url: `/users/${t.userIds.patron}`, as: 'patron' });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toStrictEqual({
      id: t.userIds.patron,
      created_at: aTimestamp(),
      updated_at: aTimestamp(),
      user_name: 'patron1',
      email: 'patron1@example.com',
      role: 'patron',
    });
    expectNoPassword(self);
    expect((await t.inject({ method: 'GET', url: `/users/${t.userIds.patron}?fields=role`, as: 'manager' })).json()).toStrictEqual({
      role: 'patron',
    });
  });

  it('403 for someone else; 404 for an unknown or malformed id; 401 without a token', async () => {
    expectProblem(
      await t.inject({ method: 'GET', url: `/users/${t.userIds.chef}`, as: 'expeditor' }),
      403,
      'You may only read or change your own account.',
    );
    expectProblem(await t.inject({ method: 'GET', url: `/users/${UNKNOWN_ID}`, as: 'manager' }), 404, `No user with id ${UNKNOWN_ID}.`);
    expectProblem(await t.inject({ method: 'GET', url: '/users/me', as: 'manager' }), 404, 'No user with id me.');
    expectUnauthorized(await t.inject({ method: 'GET', url: `/users/${t.userIds.chef}` }));
  });
});

describe('PUT /users/{id}', () => {
  it('replaces user_name, email and role; the password is kept when not given', async ({ startApp }) => {
    await fresh(startApp);
    const response = await t.inject({
      method: 'PUT',
      url: `/users/${t.userIds.chef}`,
      as: 'chef',
      payload: { user_name: 'head_chef', email: 'head@example.com', role: 'chef' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({
      id: t.userIds.chef,
      created_at: aTimestamp(),
      updated_at: aTimestamp(),
      user_name: 'head_chef',
      email: 'head@example.com',
      role: 'chef',
    });
    expectNoPassword(response);
    expect((await login('head_chef')).statusCode).toBe(201);
  });

  it('400 when a required field is missing', async () => {
    expectInvalid(
      await t.inject({ method: 'PUT', url: `/users/${t.userIds.chef}`, as: 'chef', payload: { user_name: 'chef1', role: 'chef' } }),
      'body',
      [{ path: 'email', message: 'is required' }],
    );
  });

  it('403 for a role change by a non-manager and for someone else; 409 for a taken name; 404 for an unknown id', async () => {
    expectProblem(
      await t.inject({
        method: 'PUT',
        url: `/users/${t.userIds.patron}`,
        as: 'patron',
        payload: { user_name: 'patron1', email: 'patron1@example.com', role: 'manager' },
      }),
      403,
      'Only managers may change roles.',
    );
    expectProblem(
      await t.inject({
        method: 'PUT',
        url: `/users/${t.userIds.chef}`,
        as: 'patron',
        payload: { user_name: 'chef1', email: 'chef1@example.com', role: 'chef' },
      }),
      403,
      'You may only read or change your own account.',
    );
    expectProblem(
      await t.inject({
        method: 'PUT',
        url: `/users/${t.userIds.patron}`,
        as: 'patron',
        payload: { user_name: 'Chef1', email: 'patron1@example.com', role: 'patron' },
      }),
      409,
      'The user_name "Chef1" is already taken (user names are unique whatever their case).',
    );
    expectProblem(
      await t.inject({
        method: 'PUT',
        url: `/users/${UNKNOWN_ID}`,
        as: 'manager',
        payload: { user_name: 'x', email: 'x@example.com', role: 'chef' },
      }),
      404,
      `No user with id ${UNKNOWN_ID}.`,
    );
    expectUnauthorized(
      await t.inject({
        method: 'PUT',
        url: `/users/${t.userIds.patron}`,
        payload: { user_name: 'x', email: 'x@example.com', role: 'patron' },
      }),
    );
  });
});

describe('PATCH /users/{id}', () => {
  it('changes only the given fields', async ({ startApp }) => {
    await fresh(startApp);
    const response = await t.inject({
      method: 'PATCH',
      url: `/users/${t.userIds.expeditor}`,
      as: 'expeditor',
      payload: { email: 'pass@example.com' },
    });
    expect(response.json()).toStrictEqual({
      id: t.userIds.expeditor,
      created_at: aTimestamp(),
      updated_at: aTimestamp(),
      user_name: 'expeditor1',
      email: 'pass@example.com',
      role: 'expeditor',
    });
  });

  it('a new password replaces the old one and revokes the refresh tokens', async ({ startApp }) => {
    await fresh(startApp);
    const before = (await login('patron1')).json().refresh_token as string;
    const response = await t.inject({
      method: 'PATCH',
      url: `/users/${t.userIds.patron}`,
      as: 'patron',
      payload: { password: 'N3w&Password' },
    });
    expect(response.statusCode).toBe(200);
    expectNoPassword(response);
    expectProblem(await login('patron1'), 401, 'The user_name or password is wrong.');
    expect((await login('patron1', 'N3w&Password')).statusCode).toBe(201);
    expectUnauthorized(
      await t.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refresh_token: before } }),
      'The refresh token is unknown or revoked; log in again.',
    );
  });

  it('a manager changes a role, effective at once for the existing token', async ({ startApp }) => {
    await fresh(startApp);
    // Used first, so the token and the account behind it are known to the server when the role changes.
    expect((await t.inject({ method: 'GET', url: '/orders', as: 'expeditor' })).statusCode).toBe(200);
    const response = await t.inject({ method: 'PATCH', url: `/users/${t.userIds.expeditor}`, as: 'manager', payload: { role: 'patron' } });
    expect(response.json().role).toBe('patron');
    expectProblem(
      await t.inject({ method: 'GET', url: '/users', as: 'expeditor' }),
      403,
      'Your role (patron) may not list users; this needs manager.',
    );
  });

  it('a user may resend their own role; 403 for changing it', async ({ startApp }) => {
    await fresh(startApp);
    expect((await t.inject({ method: 'PATCH', url: `/users/${t.userIds.chef}`, as: 'chef', payload: { role: 'chef' } })).statusCode).toBe(
      200,
    );
    expectProblem(
      await t.inject({ method: 'PATCH', url: `/users/${t.userIds.chef}`, as: 'chef', payload: { role: 'manager' } }),
      403,
      'Only managers may change roles.',
    );
  });

  it('400 for an empty body; 403 for someone else; 404 for an unknown id; 401 without a token', async () => {
    expectInvalid(await t.inject({ method: 'PATCH', url: `/users/${t.userIds.chef}`, as: 'chef', payload: {} }), 'body', [
      { path: 'body', message: 'must NOT have fewer than 1 properties' },
    ]);
    expectProblem(
      await t.inject({ method: 'PATCH', url: `/users/${t.userIds.manager}`, as: 'chef', payload: { email: 'x@example.com' } }),
      403,
      'You may only read or change your own account.',
    );
    expectProblem(
      await t.inject({ method: 'PATCH', url: `/users/${UNKNOWN_ID}`, as: 'manager', payload: { email: 'x@example.com' } }),
      404,
      `No user with id ${UNKNOWN_ID}.`,
    );
    expectUnauthorized(await t.inject({ method: 'PATCH', url: `/users/${t.userIds.chef}`, payload: { email: 'x@example.com' } }));
  });
});

describe('DELETE /users/{id}', () => {
  it("204 with no body; the user's tokens stop working", async ({ startApp }) => {
    await fresh(startApp);
    expect((await t.inject({ method: 'GET', url: '/orders', as: 'chef' })).statusCode).toBe(200);
    expectNoContent(await t.inject({ method: 'DELETE', url: `/users/${t.userIds.chef}`, as: 'manager' }));
    expectUnauthorized(await t.inject({ method: 'GET', url: '/orders', as: 'chef' }), 'The account of this access token no longer exists.');
    expectProblem(
      await t.inject({ method: 'GET', url: `/users/${t.userIds.chef}`, as: 'manager' }),
      404,
      `No user with id ${t.userIds.chef}.`,
    );
  });

  it('401 without a token, 403 for every other role (even for themselves), 404 for an unknown id', async () => {
    expectUnauthorized(await t.inject({ method: 'DELETE', url: `/users/${t.userIds.patron}` }));
    for (const role of ['patron', 'chef', 'expeditor'] as const) {
      expectProblem(
        await t.inject({ method: 'DELETE', url: `/users/${t.userIds[role]}`, as: role }),
        403,
        `Your role (${role}) may not delete users; this needs manager.`,
      );
    }
    expectProblem(await t.inject({ method: 'DELETE', url: `/users/${UNKNOWN_ID}`, as: 'manager' }), 404, `No user with id ${UNKNOWN_ID}.`);
  });
});
