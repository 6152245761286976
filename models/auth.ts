// Authentication records (the token pair handed to a client) and stored refresh tokens.
import Type, { type Static } from 'typebox';
import type { Catalogue } from '../query/types.js';
import { Id, Timestamp } from './common.js';

export const AuthRecord = Type.Object(
  {
    auth_id: Id,
    created_at: Timestamp,
    updated_at: Timestamp,
    access_token: Type.String({ description: 'A JWT for `Authorization: Bearer`.' }),
    expires_at: Timestamp,
    refresh_token: Type.String({ description: 'Single-use; exchange it at /auth/refresh-token for a new pair.' }),
    token_type: Type.Literal('Bearer'),
    user_name: Type.String(),
  },
  { $id: 'Authentication' },
);
export type AuthRecord = Static<typeof AuthRecord>;

/** The OpenAPI's password grant; a Basic header instead of this body works too. */
export const TokenRequest = Type.Object(
  {
    grant_type: Type.Literal('password'),
    user_name: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type TokenRequest = Static<typeof TokenRequest>;

export const RefreshRequest = Type.Object(
  { refresh_token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

/** A refresh token as stored: only its SHA-256 hash, never the token itself. */
export interface RefreshTokenDoc {
  id: string;
  created_at: string;
  updated_at: string;
  token_hash: string;
  /** Every token descending from one login shares the family; reuse revokes the whole family. */
  family_id: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export const refreshTokenCatalogue: Catalogue = {
  id: { type: 'string', filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  token_hash: { type: 'string', filterable: true },
  family_id: { type: 'string', filterable: true },
  user_id: { type: 'string', filterable: true },
  expires_at: { type: 'date', filterable: true },
  // A refresh is claimed only while both are still null.
  used_at: { type: 'date', filterable: true },
  revoked_at: { type: 'date', filterable: true },
};
