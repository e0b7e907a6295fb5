import type { Json, LongAddress } from '../../encoding.ts';
import { sha3, toHex } from '../../encoding.ts';
import type { NativeContext } from './nativeContext.ts';
import type { EventHandleKey, ResourceValue, TableItemValue } from '../../storage/types.ts';
import { resourceKey, tableKey } from '../../storage/types.ts';
import type { CompiledModule, Visibility } from '../binary/types.ts';
import type { CalleeInfo } from '../verifier/dependencies.ts';
import { calleeInModule } from '../verifier/dependencies.ts';
import { vmError } from './errors.ts';
import type { LoadedModule, LoadedStruct, NativeImpl, NativeSession } from './loader.ts';
import { loadModule } from './loader.ts';
import type { StructName, Ty } from './ty.ts';
import { structId, subst, tyString } from './ty.ts';
import type { Layout, Value } from './values.ts';
import { deserialize, serialize } from './values.ts';
import type { MoveTracer } from './trace.ts';
import { tracerOf } from './trace.ts';
import { fromJson, toJson } from './valuesJson.ts';

/** Where bytecode modules come from (the publisher's storage, read at the session's version). */
export interface ModuleStore {
  module(address: LongAddress, name: string): CompiledModule | null;
}

/**
 * What the VM takes from the native framework above it (`localnet/framework/vmBridge.ts` builds
 * it): its functions callable from bytecode, and the layouts of its structs bytecode may hold.
 */
export interface FrameworkLink {
  /** A natively implemented function at a framework address; `undefined` when none. */
  function(address: LongAddress, module: string, name: string): NativeImpl | undefined;
  /** The layout of a framework struct the framework implements natively. */
  struct(name: StructName): LoadedStruct | undefined;
  /** The visibility of a framework function from its ABI; `undefined` when the chain has none. */
  visibility(address: LongAddress, module: string, name: string): Visibility | undefined;
}

/** A global resource loaded into the session: `cell[0]` is the value (`undefined` when absent). */
interface GlobalCell {
  cell: Value[];
  ty: Ty;
  address: LongAddress;
  tag: string;
  /** The JSON it had when loaded (`null`: absent), to write only what changed. */
  before: string | null;
}

interface TableCell {
  cell: Value[];
  handle: LongAddress;
  keyHex: `0x${string}`;
  keyTy: Ty;
  valueTy: Ty;
  key: Value;
  before: string | null;
}

const loadedCache = new WeakMap<CompiledModule, LoadedModule>();

/** The module at `address::name` in `store`, loaded once per compiled module. */
export function loadStored(
  store: ModuleStore,
  address: LongAddress,
  name: string,
): LoadedModule | null {
  const compiled = store.module(address, name);
  if (compiled === null) return null;
  let loaded = loadedCache.get(compiled);
  if (loaded === undefined) loadedCache.set(compiled, (loaded = loadModule(compiled)));
  return loaded;
}

/**
 * One transaction's (or view's) VM state over a `NativeContext`: loaded modules, the global
 * resources and table items it touched, and the write-back at the end. The native framework's
 * own state goes through the same context, so both meet in one write buffer.
 */
export class VmSession implements NativeSession {
  private readonly modules = new Map<string, LoadedModule | null>();
  private readonly globals = new Map<string, GlobalCell>();
  private readonly tables = new Map<string, TableCell>();
  private handleCounter = 0;

  constructor(
    readonly ctx: NativeContext,
    readonly store: ModuleStore,
    /** Seeds table handles (a transaction's hash), so re-execution gives the same handles. */
    readonly seed: Uint8Array,
    readonly framework: FrameworkLink,
  ) {
    this.tracer = tracerOf(ctx);
  }

  /** The call-trace recorder when this execution is traced. */
  readonly tracer: MoveTracer | null;

  module(address: LongAddress, name: string): LoadedModule | null {
    const key = `${address}::${name}`;
    let loaded = this.modules.get(key);
    if (loaded === undefined) {
      loaded = loadStored(this.store, address, name);
      this.modules.set(key, loaded);
    }
    return loaded;
  }

  /**
   * A called function as the dependency check sees it: from its module's bytecode, else from the
   * framework's ABI (a framework module's friends are framework modules, never a caller here).
   */
  callee(address: LongAddress, module: string, name: string): CalleeInfo {
    const loaded = this.module(address, module);
    if (loaded !== null) return calleeInModule(loaded.compiled, name);
    const visibility = this.framework.visibility(address, module, name);
    return visibility === undefined ? 'unknown' : { visibility, friends: [] };
  }

  struct(name: StructName): LoadedStruct {
    const module = this.module(name.address, name.module);
    const found = module?.structByName.get(name.name) ?? this.framework.struct(name);
    if (found === undefined) throw vmError('TYPE_RESOLUTION_FAILURE', structId(name));
    return found;
  }

  readonly layout = (s: StructName, args: readonly Ty[]): Layout => {
    const struct = this.struct(s);
    if (struct.variants !== null) {
      return {
        kind: 'enum',
        variants: struct.variants.map((variant) => ({
          name: variant.name,
          fields: variant.fields.map((f) => ({ name: f.name, ty: subst(f.ty, args) })),
        })),
      };
    }
    return {
      kind: 'struct',
      fields: (struct.fields ?? []).map((f) => ({ name: f.name, ty: subst(f.ty, args) })),
    };
  };

  // -------------------------------------------------------------------------------------------
  // Global storage

  /** The session's cell for resource `ty` at `address`, loaded from state on first use. */
  global(address: LongAddress, ty: Ty, tag = tyString(ty)): GlobalCell {
    const key = resourceKey(address, tag);
    this.tracer?.touch(key, false);
    let cell = this.globals.get(key);
    if (cell === undefined) {
      const stored = this.ctx.get(key);
      let value: Value | undefined;
      let before: string | null = null;
      if (stored !== null && stored.kind === 'resource') {
        before = JSON.stringify(stored.data);
        value = fromJson(ty, stored.data, this.layout);
      }
      cell = { cell: [value as Value], ty, address, tag, before };
      this.globals.set(key, cell);
    }
    return cell;
  }

  resourceExists(address: LongAddress, ty: Ty): boolean {
    return this.global(address, ty).cell[0] !== undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Tables

  newTableHandle(): LongAddress {
    this.handleCounter += 1;
    const counter = new Uint8Array(4);
    new DataView(counter.buffer).setUint32(0, this.handleCounter, true);
    return toHex(sha3(this.seed, counter)) as LongAddress;
  }

  private auidCounter = 0;

  /** `transaction_context::generate_auid_address`: sha3(seed ‖ counter ‖ scheme). */
  uniqueAddress(scheme: number): LongAddress {
    this.auidCounter += 1;
    const counter = new Uint8Array(8);
    new DataView(counter.buffer).setBigUint64(0, BigInt(this.auidCounter), true);
    return toHex(sha3(this.seed, counter, Uint8Array.of(scheme))) as LongAddress;
  }

  tableItem(handle: LongAddress, keyTy: Ty, valueTy: Ty, key: Value): TableCell {
    const keyHex = toHex(serialize(keyTy, key, this.layout));
    const stateKey = tableKey(handle, keyHex);
    this.tracer?.touch(stateKey, false);
    let item = this.tables.get(stateKey);
    if (item === undefined) {
      const stored = this.ctx.get(stateKey);
      let value: Value | undefined;
      let before: string | null = null;
      if (stored !== null && stored.kind === 'table_item') {
        before = stored.value;
        value = deserialize(valueTy, Buffer.from(stored.value.slice(2), 'hex'), this.layout);
      }
      item = { cell: [value as Value], handle, keyHex, keyTy, valueTy, key, before };
      this.tables.set(stateKey, item);
    }
    return item;
  }

  // -------------------------------------------------------------------------------------------
  // Events

  emit(ty: Ty, value: Value, handle?: EventHandleKey): void {
    const data = toJson(ty, value, this.layout);
    this.ctx.emit(
      tyString(ty),
      (data !== null && typeof data === 'object' && !Array.isArray(data)
        ? data
        : { value: data }) as { [field: string]: Json },
      handle,
    );
  }

  /** Writes every changed resource and table item to the context's write buffer. */
  finish(): void {
    for (const [key, g] of this.globals) {
      const value = g.cell[0];
      if (value === undefined) {
        if (g.before !== null) this.ctx.write(key, null);
        continue;
      }
      const data = toJson(g.ty, value, this.layout) as ResourceValue['data'];
      if (JSON.stringify(data) === g.before) continue;
      this.ctx.write(key, { kind: 'resource', address: g.address, type: g.tag, data });
    }
    for (const [key, t] of this.tables) {
      const value = t.cell[0];
      if (value === undefined) {
        if (t.before !== null) this.ctx.write(key, null);
        continue;
      }
      const hex = toHex(serialize(t.valueTy, value, this.layout));
      if (hex === t.before) continue;
      const item: TableItemValue = {
        kind: 'table_item',
        handle: t.handle,
        key: t.keyHex,
        value: hex,
        keyType: tyString(t.keyTy),
        valueType: tyString(t.valueTy),
        decodedKey: toJson(t.keyTy, t.key, this.layout),
        decodedValue: toJson(t.valueTy, value, this.layout),
      };
      this.ctx.write(key, item);
    }
  }
}
