// One queue for every write and transaction of a store: SQLite allows a single writer, and a
// transaction must never interleave with other writes of this process.
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every task queued before it has settled. */
  run<R>(task: () => R | Promise<R>): Promise<R> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
