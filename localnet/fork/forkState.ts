/**
 * A fork's upstream state, read lazily and cached: the `BaseState` beneath the ledger. Execution
 * is synchronous and reads state through `get`; HTTP is not. So a read the cache does not hold
 * answers "absent" and is noted as a miss; `settle(run)` runs a computation, fetches what it
 * missed, and runs it again until it misses nothing. Reads are pure (the same state at a version
 * gives the same answers), so the last run is exactly the run a node with all the state would
 * make, and the runs before it are thrown away (they never commit: see `BlockProducer`'s `stall`).
 */
import type { LongAddress } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { BaseState } from '../storage/ledger.ts';
import type {
  ModuleValue,
  ResourceValue,
  StateKey,
  StateValue,
  TableItemValue,
} from '../storage/types.ts';
import { moduleKey, resourceKey } from '../storage/types.ts';
import type { ForkDiskCache } from './diskCache.ts';
import type { Upstream } from './upstream.ts';

/** Thrown by `need` when an upstream answer is not cached yet; `settle` fetches it and runs again. */
export class ForkMiss extends Error {
  override readonly name = 'ForkMiss';
}

/** Framework addresses: this chain runs its own (native) framework there, never the upstream's bytecode. */
const FRAMEWORK_ADDRESSES = new Set(
  ['0x1', '0x3', '0x4', '0x5', '0x7'].map((a) => `0x${a.slice(2).padStart(64, '0')}`),
);
export const isFrameworkAddress = (address: string): boolean =>
  FRAMEWORK_ADDRESSES.has(`0x${address.replace(/^0x/, '').padStart(64, '0')}`);

/** A type with every address in long form: a node may print `0x1` or `0x000…1` in a struct tag. */
const longTypeAddresses = (type: string) =>
  type.replace(
    /0x([0-9a-fA-F]{1,64})\b/g,
    (_, hex: string) => `0x${hex.toLowerCase().padStart(64, '0')}`,
  );

/** How many settle rounds before giving up (a computation that keeps finding new state). */
const MAX_ROUNDS = 64;
/** Upstream requests in flight at once. */
const CONCURRENCY = 8;
/** Resources missed under one account in one round from which its listing is read instead. */
const GROUP_LISTING = 4;

/** Fills a table item's decoded fields from its BCS value (the node knows a few tables' types). */
export type TableDecoder = (item: TableItemValue) => TableItemValue;

export class ForkState implements BaseState {
  private readonly cache = new Map<string, unknown>();
  private readonly pending = new Map<string, () => Promise<unknown>>();
  private readonly inflight = new Map<string, Promise<void>>();
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    readonly upstream: Upstream,
    private readonly decodeTable: TableDecoder = (item) => item,
    private readonly disk: ForkDiskCache | null = null,
  ) {
    if (disk !== null) for (const [id, value] of disk.load()) this.cache.set(id, value);
  }

  /**
   * Caches an answer (and keeps it on disk). State at a version never changes, absent included;
   * an absent transaction, block or hash may exist later upstream, so only found ones are kept.
   */
  private remember(id: string, value: unknown): void {
    this.cache.set(id, value);
    if (this.disk !== null && (value !== null || id.startsWith('s|') || id.startsWith('k|')))
      this.disk.append(id, value);
  }

  /** Reads that found nothing cached, ever: a computation that saw it change missed something. */
  misses = 0;

  private miss(id: string, load: () => Promise<unknown>): void {
    this.misses += 1;
    if (!this.pending.has(id)) this.pending.set(id, load);
  }

  /** The upstream's value of `key` at `version`, if cached; otherwise `null`, noted as a miss. */
  get(key: StateKey, version: number): StateValue | null {
    // This chain runs its own framework natively: the upstream's bytecode there is not read.
    if (key.startsWith('m|') && isFrameworkAddress(key.slice(2, 68))) return null;
    const id = `s|${version}|${key}`;
    if (this.cache.has(id)) return this.cache.get(id) as StateValue | null;
    this.miss(id, () => this.fetchValue(key, version));
    return null;
  }

  /** Resource and module keys under `address` upstream (listed once per version). */
  keysOf(address: LongAddress, version: number): StateKey[] {
    const id = `k|${version}|${address}`;
    if (this.cache.has(id)) return this.cache.get(id) as StateKey[];
    this.miss(id, () => this.fetchKeys(address, version));
    return [];
  }

  /** An upstream answer by id, cached; throws `ForkMiss` (after noting it) when not fetched yet. */
  need<T>(id: string, load: () => Promise<T>): T {
    if (this.cache.has(id)) return this.cache.get(id) as T;
    this.miss(id, load);
    throw new ForkMiss(`not fetched yet: ${id}`);
  }

  /** `need` without the throw: `undefined` (noted as a miss) when not fetched yet. */
  peek<T>(id: string, load: () => Promise<T>): T | undefined {
    if (this.cache.has(id)) return this.cache.get(id) as T;
    this.miss(id, load);
    return undefined;
  }

  /**
   * Runs `run` until it misses no upstream state: after each run that missed, fetches what it
   * missed and runs again. Its last answer (or error) is the result; an upstream failure rejects
   * with the upstream's `NodeError` and nothing of the runs is kept.
   */
  async settle<T>(run: () => T | Promise<T>): Promise<T> {
    for (let round = 0; ; round += 1) {
      let result: T | undefined;
      let failure: unknown;
      let failed = false;
      const missesBefore = this.misses;
      try {
        result = await run();
      } catch (error) {
        failure = error;
        failed = true;
      }
      if (this.misses === missesBefore) {
        if (failed) throw failure;
        return result as T;
      }
      if (round >= MAX_ROUNDS) {
        throw new NodeError({
          code: 'internal_error',
          message: `Fork: still reading new upstream state after ${MAX_ROUNDS} rounds`,
        });
      }
      await this.fetchPending();
    }
  }

  /** Fetches every noted miss (in parallel, a few at a time); rejects with the first failure. */
  async fetchPending(): Promise<void> {
    const work = this.grouped([...this.pending]);
    this.pending.clear();
    const results = await Promise.allSettled(
      work.map(([id, load]) => {
        let running = this.inflight.get(id);
        if (running === undefined) {
          running = this.limited(load).then(
            (value) => {
              this.remember(id, value);
            },
            (error: unknown) => {
              throw error;
            },
          );
          const forget = () => this.inflight.delete(id);
          running.then(forget, forget);
          this.inflight.set(id, running);
        }
        return running;
      }),
    );
    // What failed stays noted: a caller that runs again (an enclosing `settle`) meets the error too.
    results.forEach((result, i) => {
      const [id, load] = work[i] as [string, () => Promise<unknown>];
      if (result.status === 'rejected' && !this.pending.has(id)) this.pending.set(id, load);
    });
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure !== undefined) throw failure.reason;
  }

  /**
   * Several resources missed under one address at one version (an object's resource group: its
   * members are each looked for): one listing of the account answers them all, present or absent.
   */
  private grouped(work: Array<[string, () => Promise<unknown>]>): typeof work {
    const byAccount = new Map<string, string[]>();
    for (const [id] of work) {
      const match = /^s\|(\d+)\|r\|(0x[0-9a-f]{64})\|/.exec(id);
      if (match === null) continue;
      const account = `${match[1]}|${match[2]}`;
      byAccount.set(account, [...(byAccount.get(account) ?? []), id]);
    }
    const listings = new Map<string, Promise<Map<string, ResourceValue>>>();
    return work.map(([id, load]) => {
      const match = /^s\|(\d+)\|r\|(0x[0-9a-f]{64})\|(.*)$/.exec(id);
      if (match === null) return [id, load];
      const [, version, address, type] = match as unknown as [string, string, LongAddress, string];
      const account = `${version}|${address}`;
      if ((byAccount.get(account)?.length ?? 0) < GROUP_LISTING) return [id, load];
      return [
        id,
        async () => {
          let listing = listings.get(account);
          if (listing === undefined) {
            listing = this.listResources(address, Number(version));
            listings.set(account, listing);
          }
          const value = (await listing).get(longTypeAddresses(type));
          return value === undefined ? null : { ...value, type };
        },
      ];
    });
  }

  private async limited<T>(load: () => Promise<T>): Promise<T> {
    if (this.active >= CONCURRENCY) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active += 1;
    try {
      return await load();
    } finally {
      this.active -= 1;
      this.queue.shift()?.();
    }
  }

  private async fetchValue(key: StateKey, version: number): Promise<StateValue | null> {
    const [kind, address, rest] = [key.slice(0, 1), key.slice(2, 68) as LongAddress, key.slice(69)];
    const at = `ledger_version=${version}`;
    this.upstream.countKey();
    if (kind === 'r') {
      const json = (await this.upstream.json(
        `/accounts/${address}/resource/${encodeURIComponent(rest)}?${at}`,
      )) as { data: ResourceValue['data'] } | null;
      return json === null ? null : { kind: 'resource', address, type: rest, data: json.data };
    }
    if (kind === 'm') {
      const json = (await this.upstream.json(
        `/accounts/${address}/module/${encodeURIComponent(rest)}?${at}`,
      )) as { bytecode: `0x${string}` } | null;
      return json === null
        ? null
        : { kind: 'module', address, name: rest, bytecode: json.bytecode };
    }
    const keyHex = rest as `0x${string}`;
    const raw = await this.upstream.bcs(`/tables/${address}/raw_item?${at}`, {
      json: { key: keyHex },
    });
    if (raw === null) return null;
    const value = `0x${Buffer.from(raw.bytes).toString('hex')}` as const;
    return this.decodeTable({
      kind: 'table_item',
      handle: address,
      key: keyHex,
      value,
      keyType: '',
      valueType: '',
      decodedKey: keyHex,
      decodedValue: value,
    });
  }

  /** Every page of an account listing (`/resources`, `/modules`) at a version. */
  private async pages(path: string, version: number): Promise<Array<Record<string, unknown>>> {
    const items: Array<Record<string, unknown>> = [];
    let cursor: string | null = null;
    do {
      const query: string = `ledger_version=${version}&limit=1000${cursor === null ? '' : `&start=${encodeURIComponent(cursor)}`}`;
      const response = await this.upstream.request(`${path}?${query}`);
      if (response.status === 404) break;
      items.push(...(JSON.parse(response.body.toString('utf8')) as Array<Record<string, unknown>>));
      cursor = response.headers.get('x-aptos-cursor');
    } while (cursor !== null);
    return items;
  }

  /** An account's resources at a version, each cached on the way. */
  private async listResources(
    address: LongAddress,
    version: number,
  ): Promise<Map<string, ResourceValue>> {
    const resources = new Map<string, ResourceValue>();
    for (const item of await this.pages(`/accounts/${address}/resources`, version)) {
      const type = item.type as string;
      const value: ResourceValue = {
        kind: 'resource',
        address,
        type,
        data: item.data as ResourceValue['data'],
      };
      this.remember(`s|${version}|${resourceKey(address, type)}`, value);
      this.upstream.countKey();
      resources.set(longTypeAddresses(type), value);
    }
    return resources;
  }

  /** Lists an account's resources and modules (every page), caching each value on the way. */
  private async fetchKeys(address: LongAddress, version: number): Promise<StateKey[]> {
    const keys = [...(await this.listResources(address, version)).values()].map((value) =>
      resourceKey(address, value.type),
    );
    if (!isFrameworkAddress(address)) {
      for (const item of await this.pages(`/accounts/${address}/modules`, version)) {
        const bytecode = item.bytecode as `0x${string}`;
        const name = (item.abi as { name: string } | undefined)?.name;
        if (name === undefined) continue;
        const value: ModuleValue = { kind: 'module', address, name, bytecode };
        const key = moduleKey(address, name);
        this.remember(`s|${version}|${key}`, value);
        this.upstream.countKey();
        keys.push(key);
      }
    }
    return keys;
  }
}
