// Where this instance's change-stream position survives a restart: one small document per
// instance id, written behind delivery so a slow write never holds an event back.
import type { mongo } from 'mongoose';
import type { ResumeToken } from './change-events.js';
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
 * Serializes saves and coalesces them: while one write is in flight, later tokens replace each
 * other and only the newest is written next. The saved token therefore trails delivery by at most
 * one write; a crash in that window replays those few events after the restart, never skips one.
 */
export class ResumeTokenKeeper {
  private chain: Promise<void> = Promise.resolve();
  private pending: ResumeToken | null = null;
  private queued = false;
  /** Bumped by clear(): a write queued before a clear must not save a token after it. */
  private epoch = 0;

  constructor(
    private readonly store: ResumeTokenStore,
    private readonly logger: StoreLogger,
  ) {}

  remember(token: ResumeToken): void {
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
    this.queued = false;
    this.chain = this.chain.then(() => this.attempt('clear', () => this.store.clear()));
    return this.chain;
  }

  /** Resolves once every token remembered so far is written (or its failure logged). */
  flush(): Promise<void> {
    return this.chain;
  }

  private async writePending(epoch: number): Promise<void> {
    if (epoch !== this.epoch) return;
    this.queued = false;
    const token = this.pending;
    this.pending = null;
    if (token) await this.attempt('save', () => this.store.save(token));
  }

  private async attempt(what: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      // The next event saves a newer token; until then a restart replays a little more.
      this.logger.warn({ err: error }, `could not ${what} the change-stream resume token`);
    }
  }
}
