// Accounts: sign-up, the bootstrap manager, logins, and changes within the role table's limits.
import type { Role, User, UserCreate, UserDoc, UserPatch } from '../../models/user.js';
import type { ListQuery, ListResult } from '../../query/types.js';
import { DuplicateKeyError, type Store } from '../../store/types.js';
import { assertMayAccessUser, assertMayChangeRole, assertMayCreateUser, requireManager } from './access.js';
import type { Deps } from '../deps.js';
import { conflict, notFound, ProblemError } from '../errors.js';
import type { LoginThrottle } from './login-throttle.js';
import type { Passwords } from './passwords.js';
import type { Principal } from './principal.js';
import type { TokenService } from './tokens.js';

export interface UserDeps extends Deps {
  passwords: Passwords;
  tokens: TokenService;
}

/** What clients see: never the password, nor its hash. */
export function publicUser({ password_hash: _hash, ...user }: UserDoc): User {
  return user;
}

function takenName(userName: string) {
  return conflict(`The user_name "${userName}" is already taken (user names are unique whatever their case).`);
}

/**
 * The account a typed name signs in as, whatever its case: names are unique case-insensitively, so
 * "Anna" and "anna" are one account (the exact spelling first, should an older store hold both).
 * Staff are tens, and the folded comparison reads them through `contains`, which both stores fold.
 */
export async function userNamed(store: Store, userName: string): Promise<UserDoc | undefined> {
  const candidates = await store.collection('users').find([{ field: 'user_name', op: 'contains', value: userName }]);
  const folded = userName.toLowerCase();
  return candidates.find((user) => user.user_name === userName) ?? candidates.find((user) => user.user_name.toLowerCase() === folded);
}

async function insertUser({ store, passwords }: UserDeps, body: UserCreate): Promise<UserDoc> {
  const { password, ...fields } = body;
  try {
    return await store.collection('users').insert({ ...fields, password_hash: await passwords.hash(password) });
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw takenName(body.user_name);
    throw error;
  }
}

export async function createUser(deps: UserDeps, principal: Principal | null, body: UserCreate): Promise<User> {
  assertMayCreateUser(principal, body.role);
  return publicUser(await insertUser(deps, body));
}

/** The first manager, from configuration; created once, never overwritten. */
export async function ensureBootstrapManager(
  deps: UserDeps,
  admin: { userName: string; password: string; email: string },
): Promise<'created' | 'exists'> {
  const existing = await userNamed(deps.store, admin.userName);
  if (existing) return 'exists';
  try {
    await insertUser(deps, { user_name: admin.userName, email: admin.email, password: admin.password, role: 'manager' });
    return 'created';
  } catch (error) {
    // Another instance got there first.
    if ((error as { status?: number }).status === 409) return 'exists';
    throw error;
  }
}

/** A manager lifts the login throttle for a user (and for the addresses staff sign in from). */
export async function unlockUser(deps: Deps & { throttle: LoginThrottle }, principal: Principal | null, id: string): Promise<void> {
  requireManager(principal, 'unlock users');
  const user = await deps.store.collection('users').get(id);
  if (!user) throw notFound(`No user with id ${id}.`);
  await deps.throttle.unlock(user.user_name);
}

/**
 * Recovery on the server's own machine (npm run reset-admin): the named account becomes a manager
 * with this password, created if missing; its refresh tokens are revoked.
 */
export async function resetManager(
  deps: UserDeps,
  admin: { userName: string; password: string; email: string },
): Promise<'created' | 'reset'> {
  const existing = await userNamed(deps.store, admin.userName);
  if (!existing) {
    await insertUser(deps, { user_name: admin.userName, email: admin.email, password: admin.password, role: 'manager' });
    return 'created';
  }
  const passwordHash = await deps.passwords.hash(admin.password);
  await deps.store.transaction(async (tx) => {
    await tx.collection('users').update(existing.id, { set: { role: 'manager', password_hash: passwordHash } });
    await deps.tokens.revokeUser(existing.id, tx);
  });
  return 'reset';
}

export async function listUsers({ store }: Deps, principal: Principal | null, query: ListQuery): Promise<ListResult<User>> {
  requireManager(principal, 'list users');
  const page = await store.collection('users').list(query);
  return { results: page.results.map(publicUser), total_results: page.total_results };
}

async function loadUser({ store }: Deps, principal: Principal, id: string): Promise<UserDoc> {
  assertMayAccessUser(principal, id);
  const user = await store.collection('users').get(id);
  if (!user) throw notFound(`No user with id ${id}.`);
  return user;
}

export async function getUser(deps: Deps, principal: Principal, id: string): Promise<User> {
  return publicUser(await loadUser(deps, principal, id));
}

/** PUT (every field but the password required) and PATCH; a new password revokes refresh tokens. */
export async function changeUser(deps: UserDeps, principal: Principal, id: string, changes: UserPatch): Promise<User> {
  const current = await loadUser(deps, principal, id);
  assertMayChangeRole(principal, current.role, changes.role as Role | undefined);
  const { password, ...fields } = changes;
  const set = { ...fields, ...(password !== undefined && { password_hash: await deps.passwords.hash(password) }) };
  let updated: UserDoc | null;
  try {
    // A new password and the revocation commit together (with the request's idempotency record):
    // a stored 200 never stands for a change that left the old sessions valid.
    updated = await deps.store.transaction(async (tx) => {
      const user = await tx.collection('users').update(id, { set });
      if (user && password !== undefined) await deps.tokens.revokeUser(id, tx);
      return user;
    });
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw takenName(changes.user_name ?? current.user_name);
    throw error;
  }
  if (!updated) throw notFound(`No user with id ${id}.`);
  return publicUser(updated);
}

export async function deleteUser(deps: UserDeps, principal: Principal | null, id: string): Promise<void> {
  requireManager(principal, 'delete users');
  const deleted = await deps.store.transaction(async (tx) => {
    const gone = await tx.collection('users').delete(id);
    if (gone) await deps.tokens.revokeUser(id, tx);
    return gone;
  });
  if (!deleted) throw notFound(`No user with id ${id}.`);
}

/** Checks a user_name (in any case) and password; the same 401 whether the user exists or not. */
export async function authenticate(
  deps: UserDeps & { throttle: LoginThrottle },
  userName: string,
  password: string,
  address: string,
): Promise<UserDoc> {
  await deps.throttle.check(userName, address);
  const user = await userNamed(deps.store, userName);
  if (!(await deps.passwords.verify(password, user?.password_hash)) || !user) {
    await deps.throttle.recordFailure(userName, address);
    throw new ProblemError(401, 'Unauthorized', 'The user_name or password is wrong.', {
      headers: { 'www-authenticate': 'Basic realm="pos", charset="UTF-8"' },
    });
  }
  await deps.throttle.recordSuccess(userName, address);
  return user;
}
