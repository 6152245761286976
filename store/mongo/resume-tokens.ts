// Where this instance's change-stream position survives a restart: one small document per
// instance id, written behind delivery so a slow write never holds an event back.
import type { mongo } from 'mongoose';
import { sameToken, type ResumeToken } from './change-events.js';
import type { StoreLogger } from '../logger.js';

export interface ResumeTokenStore {
  load(): Promise<ResumeToken | null>;
  save(token: ResumeToken): Promise<void>;
  clear(): Promise<void>;
}

/** Not one of the watched collections: saving a token never produces an event of its own. */
export const RESUME_TOKENS_COLLECTION = 'change_stream_resume_tokens';

interface TokenDoc {
  _id: string;
  token: ResumeToken;
  saved_at: Date;
}

export function mongoResumeTokenStore(db: mongo.Db, instanceId: string): ResumeTokenStore {
  const tokens = db.collection<TokenDoc>(RESUME_TOKENS_COLLECTION);
  return {
    load: async () => (await tokens.findOne({ _id: instanceId }))?.token ?? null,
    save: async (token) => {
      await tokens.updateOne({ _id: instanceId }, { $set: { token, saved_at: new Date() } }, { upsert: true });
    },
    clear: async () => {
      await tokens.deleteOne({ _id: instanceId });
    },
  };
}

/**
 * How often a heartbeat (an empty batch's post-batch token: the stream moved on, nothing happened)
 * is saved: an idle instance otherwise upserts its token about once a second forever. Resuming from
 * a heartbeat this much older replays nothing (no event lies between), it only starts a little
 * further back in the oplog.
 */
export const HEARTBEAT_SAVE_MS = 60_000;

export interface KeeperOptions {
  now?: () => number;
  heartbeatSaveMs?: number;
}

/**
 * Serializes saves and coalesces them: while one write is in flight, later tokens replace each
 * other and only the newest is written next. The saved token therefore trails delivery by at most
 * one write; a crash in that window replays those few events after the restart, never skips one.
 * A token equal to the last one written is not written again, and heartbeats are written at most
 * once per HEARTBEAT_SAVE_MS (the newest one waits for the next save, or for flush()).
 */
export class ResumeTokenKeeper {
  private chain: Promise<void> = Promise.resolve();
  private pending: ResumeToken | null = null;
  private queued = false;
  /** Bumped by clear(): a write queued before a clear must not save a token after it. */
  private epoch = 0;
  /** The last token handed to a write (or, once cleared, none), and when. */
  private written: ResumeToken | null = null;
  private writtenAt = Number.NEGATIVE_INFINITY;
  /** A heartbeat held back by the pacing, written by the next save or by flush(). */
  private heartbeat: ResumeToken | null = null;
  private readonly now: () => number;
  private readonly heartbeatSaveMs: number;

  constructor(
    private readonly store: ResumeTokenStore,
    private readonly logger: StoreLogger,
    options: KeeperOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.heartbeatSaveMs = options.heartbeatSaveMs ?? HEARTBEAT_SAVE_MS;
  }

  /** `heartbeat`: the token came with no event (see HEARTBEAT_SAVE_MS). */
  remember(token: ResumeToken, { heartbeat = false } = {}): void {
    if (this.written && sameToken(this.written, token) && !this.queued) return;
    if (heartbeat && this.now() - this.writtenAt < this.heartbeatSaveMs) {
      this.heartbeat = token;
      return;
    }
    this.heartbeat = null;
    this.pending = token;
    if (this.queued) return;
    this.queued = true;
    const epoch = this.epoch;
    this.chain = this.chain.then(() => this.writePending(epoch));
  }

  /** A cleared token must win over any save still queued before it. */
  clear(): Promise<void> {
    this.epoch += 1;
    this.pending = null;
    this.heartbeat = null;
    this.queued = false;
    this.written = null;
    this.writtenAt = Number.NEGATIVE_INFINITY;
    this.chain = this.chain.then(() => this.attempt('clear', () => this.store.clear()));
    return this.chain;
  }

  /** Writes a held-back heartbeat; resolves once every token remembered so far is written (or its failure logged). */
  flush(): Promise<void> {
    const heartbeat = this.heartbeat;
    if (heartbeat) {
      this.heartbeat = null;
      this.writtenAt = Number.NEGATIVE_INFINITY;
      this.remember(heartbeat);
    }
    return this.chain;
  }

  private async writePending(epoch: number): Promise<void> {
    if (epoch !== this.epoch) return;
    this.queued = false;
    const token = this.pending;
    this.pending = null;
    if (!token || (this.written && sameToken(this.written, token))) return;
    this.written = token;
    this.writtenAt = this.now();
    await this.attempt('save', () => this.store.save(token));
  }

  private async attempt(what: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      // The next event saves a newer token; until then a restart replays a little more.
      if (what === 'save') this.written = null;
      this.logger.warn({ err: error }, `could not ${what} the change-stream resume token`);
    }
  }
}
