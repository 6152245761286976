// Idempotency keys: the stored outcome of the first write made with a key, so a retried request
// gets the same answer instead of writing twice.
import type { Catalogue } from '../query/types.js';

/** A key as clients send it: 1-255 visible ASCII characters (no spaces, no control characters). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** What was answered: replayed as it was, byte for byte. */
export interface StoredOutcome {
  status: number;
  location: string | null;
  content_type: string | null;
  /** The serialized body ('' for none). */
  body: string;
}

export interface IdempotencyKeyDoc extends StoredOutcome {
  id: string;
  created_at: string;
  updated_at: string;
  /** Whose key: `user:<id>`, or `route:<METHOD> <route>` for anonymous calls. */
  scope: string;
  key: string;
  /** SHA-256 of method, path and body: a different request with the key is refused. */
  fingerprint: string;
  /** The stores delete the record once this has passed (MongoDB: a TTL index). */
  expires_at: string;
}

export const idempotencyKeyCatalogue: Catalogue = {
  id: { type: 'string', filterable: true },
  created_at: { type: 'date', sortable: true, filterable: true },
  expires_at: { type: 'date', sortable: true, filterable: true },
};
