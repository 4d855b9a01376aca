/**
 * Runs work for the same key one at a time within this process, in arrival order; other keys
 * run freely. Not a lock between instances (the database's constraints are that): it keeps
 * this process's own calls from racing each other for nothing.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // The last in line removes the entry, so finished keys do not accumulate.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
