/** Callers of `wait_by_hash` parked until their transaction leaves the mempool (committed or dropped). */
export class Waiters {
  private readonly waiting = new Map<string, Set<() => void>>();

  /** Resolves when `settle(hash)` is called or after `timeoutMs`, whichever comes first. */
  wait(hash: string, timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      let set = this.waiting.get(hash);
      if (set === undefined) this.waiting.set(hash, (set = new Set()));
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0) this.waiting.delete(hash);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      set.add(done);
    });
  }

  settle(hash: string): void {
    const set = this.waiting.get(hash);
    if (set !== undefined) for (const done of [...set]) done();
  }

  settleAll(): void {
    for (const hash of [...this.waiting.keys()]) this.settle(hash);
  }
}
