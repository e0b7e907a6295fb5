/**
 * The sizes a node's gas meter charges by: a state key's and a state value's BCS length, and the
 * slot a resource lives in. State is kept as REST JSON here; the value's BCS is rebuilt from its
 * type's layout (`fromJson` then `serialize`, the VM's own codecs), so IO gas and storage fees
 * follow what a node would store, not the JSON text.
 *
 * Members of a resource group (`#[resource_group_member(group = 0x1::object::ObjectGroup)]`) share
 * one slot per address on a node: its key names the group, its value is the BCS of a
 * `BTreeMap<StructTag, vector<u8>>` of every member there.
 */
import { parseTypeTag } from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../encoding.ts';
import { FRAMEWORK_LINK } from '../framework/vmBridge.ts';
import { moduleStoreOf } from '../move/vm/moduleSource.ts';
import type { NativeContext } from '../move/vm/nativeContext.ts';
import { VmSession } from '../move/vm/session.ts';
import type { StructName, Ty } from '../move/vm/ty.ts';
import { K, parseTy, structId, subst } from '../move/vm/ty.ts';
import type { LoadedStruct } from '../move/vm/loader.ts';
import { VmStatusError } from '../move/vm/errors.ts';
import type { Layout, LayoutResolver } from '../move/vm/values.ts';
import { serialize } from '../move/vm/values.ts';
import { fromJson } from '../move/vm/valuesJson.ts';
import type { Json } from '../encoding.ts';
import type {
  ChainEvent,
  ResourceValue,
  StateKey,
  StateReader,
  StateValue,
} from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';

const OBJECT_GROUP = '0x1::object::ObjectGroup';
const KEYLESS_GROUP = '0x1::keyless_account::Group';

/** The framework's resource group members (from its sources' `resource_group_member` attributes). */
export const GROUP_MEMBERS: ReadonlyMap<string, string> = new Map([
  ...[
    '0x1::account_abstraction::DispatchableAuthenticator',
    '0x1::coin::PairedCoinType',
    '0x1::coin::PairedFungibleAssetRefs',
    '0x1::coin::MigrationFlag',
    '0x1::dispatchable_fungible_asset::TransferRefStore',
    '0x1::fungible_asset::Supply',
    '0x1::fungible_asset::ConcurrentSupply',
    '0x1::fungible_asset::Metadata',
    '0x1::fungible_asset::Untransferable',
    '0x1::fungible_asset::FungibleStore',
    '0x1::fungible_asset::DispatchFunctionStore',
    '0x1::fungible_asset::DeriveSupply',
    '0x1::fungible_asset::ConcurrentFungibleBalance',
    '0x1::fungible_asset::FungibleAssetEvents',
    '0x1::object::ObjectCore',
    '0x1::object::TombStone',
    '0x1::object::Untransferable',
    '0x1::object_code_deployment::ManagingRefs',
    '0x1::primary_fungible_store::DeriveRefPod',
    '0x4::aptos_token::AptosCollection',
    '0x4::aptos_token::AptosToken',
    '0x4::collection::Collection',
    '0x4::collection::FixedSupply',
    '0x4::collection::UnlimitedSupply',
    '0x4::collection::ConcurrentSupply',
    '0x4::property_map::PropertyMap',
    '0x4::royalty::Royalty',
    '0x4::token::Token',
    '0x4::token::TokenIdentifiers',
    '0x4::token::ConcurrentTokenIdentifiers',
  ].map((member): [string, string] => [member, OBJECT_GROUP]),
  ['0x1::keyless_account::Groth16VerificationKey', KEYLESS_GROUP],
  ['0x1::keyless_account::Configuration', KEYLESS_GROUP],
]);

const MEMBERS_OF = new Map<string, string[]>();
for (const [member, group] of GROUP_MEMBERS) {
  const list = MEMBERS_OF.get(group) ?? [];
  list.push(member);
  MEMBERS_OF.set(group, list);
}

const uleb = (n: number): number => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : 4);
const withLength = (n: number): number => uleb(n) + n;

/**
 * A cache of `compute` by string key, emptied when it holds `limit` keys (keys come from state and
 * clients): a hit is one map read, where memoize's LRU moves the entry on every hit.
 */
function clearingCache<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = compute(key);
      if (cache.size >= limit) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
}

/** BCS length of a `StructTag` (a `TypeTag::Struct` without its variant byte). */
const structTagBytes = clearingCache(1024, (type): number => {
  try {
    return parseTypeTag(type).bcsToBytes().length - 1;
  } catch {
    return type.length;
  }
});

/** A group's `BTreeMap` entry: the member's struct tag and its value as a `vector<u8>`. */
const entryBytes = (member: string, valueBytes: number): number =>
  structTagBytes(member) + withLength(valueBytes);

/** A group slot's members (struct tag → its entry's bytes) and their entries' total. */
interface GroupEntries {
  members: Map<string, number>;
  bytes: number;
}

/** `AccessPath { address, path }` of a `StateKey` whose path is `path` bytes long. */
const accessPathBytes = (path: number): number => 1 + 32 + withLength(path);

/** The slot a state key belongs to: a group member's is its group at that address. */
export function slotOf(key: StateKey): StateKey {
  if (!key.startsWith('r|')) return key;
  const at = key.indexOf('|', 2);
  const group = GROUP_MEMBERS.get(key.slice(at + 1));
  return group === undefined ? key : `g|${key.slice(2, at)}|${group}`;
}

/** BCS length of the `StateKey` of a slot (`slotOf`'s result). */
export function slotKeyBytes(slot: StateKey): number {
  const kind = slot[0];
  const at = slot.indexOf('|', 2);
  const rest = slot.slice(at + 1);
  switch (kind) {
    case 'r':
    case 'g':
      // Path::Resource(StructTag) / Path::ResourceGroup(StructTag)
      return accessPathBytes(1 + structTagBytes(rest));
    case 'm':
      // Path::Code(ModuleId { address, name })
      return accessPathBytes(1 + 32 + withLength(Buffer.byteLength(rest)));
    default:
      // StateKeyInner::TableItem { handle, key: vector<u8> }
      return 1 + 32 + withLength((rest.length - 2) / 2);
  }
}

const UNMETERED: Omit<NativeContext, 'get'> = {
  signers: [],
  timestampMicros: 0n,
  chainId: 4,
  write: () => undefined,
  emit: () => undefined,
  charge: () => undefined,
};

const FRAMEWORK_ADDRESSES = new Set(
  ['1', '3', '4', '5', '7'].map((last) => `0x${last.padStart(64, '0')}`),
);

/** Parsed resource and event types. */
const typeOf = clearingCache(4096, (type): Ty | null => {
  try {
    return parseTy(type);
  } catch {
    return null;
  }
});

/** `structId` of the struct names met here (parsed types and layouts are cached, so names repeat). */
const ids = new WeakMap<StructName, string>();
function idOf(s: StructName): string {
  let id = ids.get(s);
  if (id === undefined) {
    id = structId(s);
    ids.set(s, id);
  }
  return id;
}

/** Layouts of the framework's non-generic structs (a fixed set: the chain's own declarations). */
const frameworkLayouts = new Map<string, Layout>();
/**
 * Layouts of the framework's generic structs by their type arguments' list, which belongs to one
 * (immutable) type node of a cached type or layout: the same instantiation asked again.
 */
const genericLayouts = new WeakMap<readonly Ty[], { s: StructName; layout: Layout }>();

function layoutOf(struct: LoadedStruct, args: readonly Ty[]): Layout {
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
}

/** Thrown by the size walker for a value it does not measure (the slow path then decides). */
class NotMeasured extends Error {}

const FIXED: Partial<Record<number, number>> = {
  [K.BOOL]: 1,
  [K.U8]: 1,
  [K.I8]: 1,
  [K.U16]: 2,
  [K.I16]: 2,
  [K.U32]: 4,
  [K.I32]: 4,
  [K.U64]: 8,
  [K.I64]: 8,
  [K.U128]: 16,
  [K.I128]: 16,
  [K.U256]: 32,
  [K.I256]: 32,
  [K.ADDRESS]: 32,
  [K.SIGNER]: 32,
};

/**
 * The BCS length of a REST JSON value of type `ty`, read off the JSON without building the value
 * (the JSON conventions of `valuesJson.ts`' `fromJson`); `NotMeasured` for anything unusual.
 */
function jsonSize(ty: Ty, json: Json, layouts: LayoutResolver): number {
  const fixed = FIXED[ty.k];
  if (fixed !== undefined) return fixed;
  if (ty.k === K.VECTOR) {
    if (ty.elem.k === K.U8 && typeof json === 'string') return withLength((json.length - 2) / 2);
    if (!Array.isArray(json)) throw new NotMeasured();
    let bytes = uleb(json.length);
    for (const item of json) bytes += jsonSize(ty.elem, item, layouts);
    return bytes;
  }
  if (ty.k !== K.STRUCT) throw new NotMeasured();
  const id = idOf(ty.s);
  if (id === '0x1::string::String') {
    if (typeof json !== 'string') throw new NotMeasured();
    return withLength(Buffer.byteLength(json, 'utf8'));
  }
  if (id === '0x1::option::Option') {
    const items =
      json !== null && typeof json === 'object' && !Array.isArray(json) && Array.isArray(json.vec)
        ? json.vec
        : null;
    if (items === null) throw new NotMeasured();
    let bytes = uleb(items.length);
    for (const item of items) bytes += jsonSize(ty.args[0] as Ty, item, layouts);
    return bytes;
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new NotMeasured();
  const layout = layouts(ty.s, ty.args);
  let fields: ReadonlyArray<{ name: string; ty: Ty }>;
  let bytes = 0;
  if (layout.kind === 'struct') fields = layout.fields;
  else {
    const tag = layout.variants.findIndex((variant) => variant.name === json.__variant__);
    const variant = layout.variants[tag];
    if (variant === undefined) throw new NotMeasured();
    fields = variant.fields;
    bytes = uleb(tag);
  }
  for (const field of fields) bytes += jsonSize(field.ty, json[field.name] ?? null, layouts);
  return bytes;
}

/**
 * Sizes over one state reader: values' BCS lengths (cached per stored value). Layouts come from
 * the framework's declarations, else from published modules through a session that only
 * resolves layouts — nothing it reads is metered.
 */
export class StateSizes {
  private session: VmSession | null = null;
  private static readonly cache = new WeakMap<StateValue, number>();

  constructor(private readonly state: StateReader) {}

  private readonly layout: LayoutResolver = (s, args) => {
    if (FRAMEWORK_ADDRESSES.has(s.address)) {
      const generic = args.length === 0 ? undefined : genericLayouts.get(args);
      const cached =
        args.length === 0
          ? frameworkLayouts.get(idOf(s))
          : generic?.s === s
            ? generic.layout
            : undefined;
      if (cached !== undefined) return cached;
      const struct = FRAMEWORK_LINK.struct(s);
      if (struct !== undefined) {
        const layout = layoutOf(struct, args);
        if (args.length === 0) frameworkLayouts.set(idOf(s), layout);
        else genericLayouts.set(args, { s, layout });
        return layout;
      }
    }
    if (this.session === null) {
      const ctx: NativeContext = { ...UNMETERED, get: (key) => this.state.get(key) };
      this.session = new VmSession(ctx, moduleStoreOf(ctx), new Uint8Array(), FRAMEWORK_LINK);
    }
    return this.session.layout(s, args);
  };

  /** BCS length of a Move value of type `type` given as REST JSON (`null`: no layout known). */
  jsonBytes(type: string, data: Json): number | null {
    const ty = typeOf(type);
    if (ty === null) return null;
    try {
      return jsonSize(ty, data, this.layout);
    } catch (error) {
      if (!(error instanceof NotMeasured) && !(error instanceof VmStatusError)) throw error;
    }
    // An unusual value (a closure, an option written bare): build it, as the VM would.
    try {
      return serialize(ty, fromJson(ty, data, this.layout), this.layout).length;
    } catch {
      return null;
    }
  }

  /** BCS length of a `ContractEvent::V2 { type_tag, event_data }`. */
  eventBytes(event: ChainEvent): number {
    const data = this.jsonBytes(event.type, event.data) ?? JSON.stringify(event.data).length;
    // ContractEvent::V1 adds its EventKey (u64 and address) and its sequence number (u64).
    const key = event.handle === undefined ? 0 : 8 + 32 + 8;
    return 1 + key + 1 + structTagBytes(event.type) + withLength(data);
  }

  /** BCS length of a stored value: module bytes, a table item's value, a resource's BCS. */
  valueBytes(value: StateValue): number {
    const cached = StateSizes.cache.get(value);
    if (cached !== undefined) return cached;
    let bytes: number;
    if (value.kind === 'module') bytes = (value.bytecode.length - 2) / 2;
    else if (value.kind === 'table_item') bytes = (value.value.length - 2) / 2;
    else bytes = this.resourceBytes(value);
    StateSizes.cache.set(value, bytes);
    return bytes;
  }

  private resourceBytes(value: ResourceValue): number {
    // Without a layout (a struct this chain cannot resolve), the JSON text stands in for the BCS.
    return this.jsonBytes(value.type, value.data) ?? JSON.stringify(value.data).length;
  }

  /** A group slot's entries in this state (once per slot). */
  private readonly groups = new Map<StateKey, GroupEntries>();

  private entriesOf(slot: StateKey): GroupEntries {
    let entries = this.groups.get(slot);
    if (entries === undefined) {
      entries = { members: new Map(), bytes: 0 };
      const at = slot.indexOf('|', 2);
      const address = slot.slice(2, at) as LongAddress;
      const group = slot.slice(at + 1);
      // The address's keys when the state lists them (a few), else every member type probed.
      const keys =
        this.state.keysOf?.(address) ??
        (MEMBERS_OF.get(group) ?? []).map((member) => resourceKey(address, member));
      for (const key of keys) {
        const member = key.slice(key.indexOf('|', 2) + 1);
        if (key[0] !== 'r' || GROUP_MEMBERS.get(member) !== group) continue;
        // A listing may name a key twice (an overlay's written key its base lists too).
        if (entries.members.has(member)) continue;
        const value = this.state.get(key);
        if (value === null) continue;
        const bytes = entryBytes(member, this.valueBytes(value));
        entries.members.set(member, bytes);
        entries.bytes += bytes;
      }
      this.groups.set(slot, entries);
    }
    return entries;
  }

  /**
   * BCS length of a slot's value in this state, or `null` when the slot is empty: a group's is a
   * `BTreeMap<StructTag, vector<u8>>` of the members present at its address. With `writes`, the
   * slot as those writes leave it (a group's other members as they are in this state).
   */
  slotBytes(
    slot: StateKey,
    writes?: ReadonlyMap<StateKey, StateValue | null>,
    /** The written keys in this slot (a group's members), when the caller has them. */
    written?: readonly StateKey[],
  ): number | null {
    if (slot[0] !== 'g') {
      const change = writes?.get(slot);
      const value = change !== undefined ? change : this.state.get(slot);
      return value === null ? null : this.valueBytes(value);
    }
    const { members, bytes: before } = this.entriesOf(slot);
    let count = members.size;
    let bytes = before;
    if (writes !== undefined) {
      // Each written member (its key appears once) replaces, adds or removes its entry.
      for (const key of written ?? [...writes.keys()].filter((k) => slotOf(k) === slot)) {
        const change = writes.get(key);
        const member = key.slice(key.indexOf('|', 2) + 1);
        const entry = members.get(member);
        if (entry !== undefined) {
          count -= 1;
          bytes -= entry;
        }
        if (change !== null && change !== undefined) {
          count += 1;
          bytes += entryBytes(member, this.valueBytes(change));
        }
      }
    }
    return count === 0 ? null : uleb(count) + bytes;
  }
}
