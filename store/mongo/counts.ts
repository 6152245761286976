// The numbers of matches of filtered lists, counted once and kept until the collection changes:
// a full page of a list otherwise runs countDocuments on every request, an index scan as long as
// its matches. A count is forgotten when this process writes the collection and when the change
// stream reports a write to it (from any instance, or mongosh); it is neither kept nor used while
// the stream is not live, since another instance's writes would then go unnoticed.
import type { CollectionName } from '../types.js';

/** Counts kept per collection; enough for every board's and manager's filters at once. */
const KEPT_PER_COLLECTION = 200;

export class MatchCounts {
  private readonly kept = new Map<CollectionName, Map<string, number>>();
  /** Bumped by every forget: a count that started before a write must not be kept after it. */
  private readonly generations = new Map<CollectionName, number>();

  constructor(private readonly live: () => boolean) {}

  async count(collection: CollectionName, key: string, compute: () => Promise<number>): Promise<number> {
    const counts = this.live() ? this.kept.get(collection) : undefined;
    const known = counts?.get(key);
    if (known !== undefined) return known;
    const generation = this.generations.get(collection) ?? 0;
    const total = await compute();
    if (this.live() && (this.generations.get(collection) ?? 0) === generation) this.keep(collection, key, total);
    return total;
  }

  forget(collection: CollectionName): void {
    this.generations.set(collection, (this.generations.get(collection) ?? 0) + 1);
    this.kept.delete(collection);
  }

  forgetAll(): void {
    for (const collection of [...this.kept.keys()]) this.forget(collection);
  }

  private keep(collection: CollectionName, key: string, total: number): void {
    const counts = this.kept.get(collection) ?? new Map<string, number>();
    if (counts.size >= KEPT_PER_COLLECTION) counts.delete(counts.keys().next().value as string);
    counts.set(key, total);
    this.kept.set(collection, counts);
  }
}
