// Users: accounts of the client app and the kitchen, each with a role.
import Type, { type Static } from 'typebox';
import type { Catalogue } from '../query/types.js';
import { Id, Timestamp } from './common.js';

export const ROLES = ['patron', 'expeditor', 'chef', 'manager'] as const;
export type Role = (typeof ROLES)[number];

export const UserName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^\\S+$',
  description: 'Used to log in; no whitespace; unique whatever its case.',
  examples: ['john_doe'],
});
/** At least 8 characters with an upper, a lower, a digit and one of @$!%*?&. */
export const Password = Type.String({
  minLength: 8,
  maxLength: 128,
  pattern: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[@$!%*?&]).*$',
  description: 'At least 8 characters, with an uppercase letter, a lowercase letter, a digit and one of @ $ ! % * ? &.',
  examples: ['P@ssw0rd!'],
});
const Email = Type.String({ format: 'email', maxLength: 254, examples: ['johndoe@example.com'] });
const RoleSchema = Type.Enum(ROLES);

/** The password is never returned: not even its hash. */
export const User = Type.Object(
  { id: Id, created_at: Timestamp, updated_at: Timestamp, user_name: UserName, email: Email, role: RoleSchema },
  { $id: 'User' },
);
export type User = Static<typeof User>;
export type UserDoc = User & { password_hash: string };

export const UserCreate = Type.Object(
  { user_name: UserName, email: Email, password: Password, role: RoleSchema },
  { additionalProperties: false },
);
export type UserCreate = Static<typeof UserCreate>;

/** PUT replaces user_name, email and role; the password changes only when given. */
export const UserReplace = Type.Object(
  { user_name: UserName, email: Email, password: Type.Optional(Password), role: RoleSchema },
  { additionalProperties: false },
);
export type UserReplace = Static<typeof UserReplace>;

export const UserPatch = Type.Partial(UserCreate, { additionalProperties: false, minProperties: 1 });
export type UserPatch = Static<typeof UserPatch>;

export const userCatalogue: Catalogue = {
  id: { type: 'string', sortable: true, filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  updated_at: { type: 'date', sortable: true, filterable: true },
  user_name: { type: 'string', sortable: true, filterable: true },
  email: { type: 'string' },
  role: { type: 'enum', enum: ROLES, sortable: true, filterable: true },
};
