/**
 * Fungible assets of any metadata object, on the VM's values (`fungible_asset.move`,
 * `primary_fungible_store.move`, `dispatchable_fungible_asset.move`): what the three modules'
 * natives share. A `FungibleAsset` is `[Object<Metadata>, amount]`, an `Object<T>` `[address]`,
 * a ref (`MintRef`, `TransferRef`, …) `[Object<Metadata>]`. APT (`0xa`) is one such asset; the
 * JSON helpers of `assets.ts` (transfers, gas) write the same resources.
 */
import type { LongAddress } from '../encoding.ts';
import { must } from '../encoding.ts';
import { BytecodeAbort, vmError } from '../move/vm/errors.ts';
import { loadModule } from '../move/vm/loader.ts';
import type { NativeHost } from '../move/vm/loader.ts';
import { moduleStoreOf } from '../move/vm/moduleSource.ts';
import type { Ty } from '../move/vm/ty.ts';
import { tyString } from '../move/vm/ty.ts';
import type { Value } from '../move/vm/values.ts';
import { Ref } from '../move/vm/values.ts';
import type { ResourceValue } from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';
import { APT_METADATA_ADDRESS, objectCoreValue, primaryStoreAddressOf } from './assets.ts';
import { missingData } from './context.ts';
import { OBJECT_CORE, readObjectCore } from './objects.ts';
import {
  borrowResource,
  emitEvent,
  fieldsOf,
  object,
  objectAddress,
  optionValue,
  readResource,
  resourceExists,
  ty,
  updateResource,
  writeResource,
} from './vmState.ts';

export const FA = '0x1::fungible_asset';
export const METADATA = `${FA}::Metadata`;
export const STORE = `${FA}::FungibleStore`;
export const SUPPLY = `${FA}::Supply`;
export const CONCURRENT_SUPPLY = `${FA}::ConcurrentSupply`;
export const CONCURRENT_BALANCE = `${FA}::ConcurrentFungibleBalance`;
export const DISPATCH_STORE = `${FA}::DispatchFunctionStore`;
export const DERIVE_SUPPLY = `${FA}::DeriveSupply`;
export const UNTRANSFERABLE = `${FA}::Untransferable`;
export const DERIVE_REF_POD = '0x1::primary_fungible_store::DeriveRefPod';
export const TRANSFER_REF_STORE = '0x1::dispatchable_fungible_asset::TransferRefStore';
export const METADATA_OBJECT = `0x1::object::Object<${METADATA}>`;
export const STORE_OBJECT = `0x1::object::Object<${STORE}>`;
export const FA_TYPE = `${FA}::FungibleAsset`;

export const U64_MAX = (1n << 64n) - 1n;
export const U128_MAX = (1n << 128n) - 1n;

/** Aborts in a framework module; its error map names the code (`ESTORE_IS_FROZEN(0x50003)`). */
export const fail = (module: string, code: bigint): never => {
  throw new BytecodeAbort(`0x1::${module}`, code, null);
};
/** `std::error` categories. */
export const INVALID_ARGUMENT = 0x10000n;
export const OUT_OF_RANGE = 0x20000n;
export const INVALID_STATE = 0x30000n;
export const PERMISSION_DENIED = 0x50000n;
export const NOT_FOUND = 0x60000n;
export const ALREADY_EXISTS = 0x80000n;
export const UNAVAILABLE = 0xd0000n;

const faFail = (code: bigint): never => fail('fungible_asset', code);

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;
/** A public function of `0x1::object` (on the VM's values), as the Move source calls it. */
export const objectCall = (host: NativeHost, name: string, tys: string[], args: Value[]) =>
  host.call(FRAMEWORK, 'object', name, tys.map(ty), args);

/** `FungibleAsset { metadata, amount }`. */
export const asset = (metadata: LongAddress, amount: bigint): Value => [object(metadata), amount];
export const assetMetadata = (fa: Value): LongAddress => objectAddress(fieldsOf(fa)[0] as Value);
export const assetAmount = (fa: Value): bigint => fieldsOf(fa)[1] as bigint;
/** The metadata a ref (`MintRef`, `BurnRef`, `TransferRef`, …) is for. */
export const refMetadata = (ref: Value): LongAddress => objectAddress(fieldsOf(ref)[0] as Value);

/** A `&ConstructorRef`'s (or `ExtendRef`'s, `DeleteRef`'s) object address. */
export const constructorAddress = (ref: Value): LongAddress => fieldsOf(ref)[0] as LongAddress;

/** `object::address_to_object<Metadata>(address)`: the object and its `Metadata` exist. */
export const metadataObject = (host: NativeHost, address: LongAddress): Value =>
  must(objectCall(host, 'address_to_object', [METADATA], [address])[0]);

/** `borrow_global<Metadata>(metadata)`: its fields (MISSING_DATA without metadata). */
export const readMetadata = (host: NativeHost, metadata: LongAddress): Value[] =>
  borrowResource(host, metadata, METADATA) as Value[];

/** Lengths `add_fungibility` and `mutate_metadata` check (field index: name, symbol, decimals, URIs). */
export function checkMetadataField(index: number, value: Value): void {
  const length = index === 2 ? (value as number) : (fieldsOf(value)[0] as number[]).length;
  const [max, code] = (
    [
      [32, 15n],
      [32, 16n],
      [32, 17n],
      [512, 19n],
      [512, 19n],
    ] as const
  )[index] as readonly [number, bigint];
  if (length > max) faFail(OUT_OF_RANGE | code);
}

// ---------------------------------------------------------------------------------------------
// Stores

/** `borrow_store_resource`: the store's fields, `EFUNGIBLE_STORE_EXISTENCE` when it has none. */
export function borrowStore(host: NativeHost, store: LongAddress): Value[] {
  const found = readResource(host, store, STORE);
  if (found === undefined) return faFail(NOT_FOUND | 23n);
  return found as Value[];
}

export const storeMetadata = (host: NativeHost, store: LongAddress): LongAddress =>
  objectAddress(borrowStore(host, store)[0] as Value);

/** A resource kept as REST JSON whose struct holds an aggregator (no VM layout needed). */
function aggregatorOf(
  host: NativeHost,
  address: LongAddress,
  type: string,
  field: string,
): { value: bigint; max: bigint } | undefined {
  const stored = host.session.ctx.get(resourceKey(address, type)) as ResourceValue | null;
  if (stored === null) return undefined;
  const aggregator = stored.data[field] as { value: string; max_value: string };
  return { value: BigInt(aggregator.value), max: BigInt(aggregator.max_value) };
}

function writeAggregator(
  host: NativeHost,
  address: LongAddress,
  type: string,
  field: string,
  value: bigint,
  max: bigint,
): void {
  host.session.ctx.write(resourceKey(address, type), {
    kind: 'resource',
    address,
    type,
    data: { [field]: { value: value.toString(), max_value: max.toString() } },
  });
}

/** `balance_impl`: the store's balance (its concurrent balance when it has one), 0 without a store. */
export function balanceOf(host: NativeHost, store: LongAddress): bigint {
  const fields = readResource(host, store, STORE) as Value[] | undefined;
  if (fields === undefined) return 0n;
  const balance = fields[1] as bigint;
  if (balance !== 0n) return balance;
  return aggregatorOf(host, store, CONCURRENT_BALANCE, 'balance')?.value ?? 0n;
}

/** `unchecked_withdraw`: `Withdraw` event unless the amount is 0. */
export function uncheckedWithdraw(host: NativeHost, store: LongAddress, amount: bigint): Value {
  host.charge(450_000);
  if (!resourceExists(host, store, STORE)) faFail(NOT_FOUND | 23n);
  const metadata = updateResource(host, store, STORE, (fields) => {
    if (amount !== 0n) {
      const concurrent =
        fields[1] === 0n ? aggregatorOf(host, store, CONCURRENT_BALANCE, 'balance') : undefined;
      if (concurrent !== undefined) {
        if (concurrent.value < amount) faFail(INVALID_ARGUMENT | 4n);
        writeAggregator(
          host,
          store,
          CONCURRENT_BALANCE,
          'balance',
          concurrent.value - amount,
          concurrent.max,
        );
      } else {
        if ((fields[1] as bigint) < amount) faFail(INVALID_ARGUMENT | 4n);
        fields[1] = (fields[1] as bigint) - amount;
      }
    }
    return objectAddress(fields[0] as Value);
  });
  if (amount !== 0n) emitEvent(host, `${FA}::Withdraw`, [store, amount]);
  return asset(metadata, amount);
}

/** `unchecked_deposit`: `Deposit` event unless the amount is 0. */
export function uncheckedDeposit(host: NativeHost, store: LongAddress, fa: Value): void {
  host.charge(450_000);
  const metadata = assetMetadata(fa);
  const amount = assetAmount(fa);
  if (!resourceExists(host, store, STORE)) faFail(NOT_FOUND | 23n);
  updateResource(host, store, STORE, (fields) => {
    if (objectAddress(fields[0] as Value) !== metadata) faFail(INVALID_ARGUMENT | 11n);
    if (amount === 0n) return;
    const concurrent =
      fields[1] === 0n ? aggregatorOf(host, store, CONCURRENT_BALANCE, 'balance') : undefined;
    if (concurrent !== undefined) {
      if (concurrent.max - concurrent.value < amount) faFail(INVALID_ARGUMENT | 4n);
      const total = concurrent.value + amount;
      writeAggregator(host, store, CONCURRENT_BALANCE, 'balance', total, concurrent.max);
    } else {
      const total = (fields[1] as bigint) + amount;
      if (total > U64_MAX) throw vmError('ARITHMETIC_ERROR', `${FA}::unchecked_deposit`);
      fields[1] = total;
    }
  });
  if (amount !== 0n) emitEvent(host, `${FA}::Deposit`, [store, amount]);
}

/** `object::owns(store, owner)`: the owner or an owner up the chain of objects. */
export const owns = (host: NativeHost, address: LongAddress, owner: LongAddress): boolean =>
  objectCall(host, 'owns', [STORE], [object(address), owner])[0] === true;

/** `withdraw_sanity_check`: owner, dispatch hook (when asked), frozen. */
export function withdrawSanityCheck(
  host: NativeHost,
  owner: LongAddress,
  store: LongAddress,
  abortOnDispatch: boolean,
): void {
  if (!owns(host, store, owner)) faFail(PERMISSION_DENIED | 8n);
  const fields = borrowStore(host, store);
  const metadata = objectAddress(fields[0] as Value);
  if (abortOnDispatch && hook(host, metadata, 0) !== undefined) faFail(INVALID_ARGUMENT | 28n);
  if (fields[2] === true) faFail(PERMISSION_DENIED | 3n);
}

/** `deposit_sanity_check`. */
export function depositSanityCheck(
  host: NativeHost,
  store: LongAddress,
  abortOnDispatch: boolean,
): void {
  const fields = borrowStore(host, store);
  const metadata = objectAddress(fields[0] as Value);
  if (abortOnDispatch && hook(host, metadata, 1) !== undefined) faFail(INVALID_ARGUMENT | 28n);
  if (fields[2] === true) faFail(PERMISSION_DENIED | 3n);
}

/** `FungibleStore` at the constructor ref's object (`create_store`). */
export function createStore(host: NativeHost, address: LongAddress, metadata: LongAddress): Value {
  writeResource(host, address, STORE, [object(metadata), 0n, false]);
  if (resourceExists(host, metadata, UNTRANSFERABLE)) {
    // `constructor_ref.set_untransferable()` (a `ConstructorRef` can only be of a new object).
    objectCall(host, 'set_untransferable', [], [new Ref([[address, false]], 0)]);
  }
  return object(address);
}

// ---------------------------------------------------------------------------------------------
// Supply

/** `increase_supply` / `decrease_supply` (a negative delta). */
export function changeSupply(host: NativeHost, metadata: LongAddress, delta: bigint): void {
  if (delta === 0n) return;
  const concurrent = aggregatorOf(host, metadata, CONCURRENT_SUPPLY, 'current');
  if (concurrent !== undefined) {
    const next = concurrent.value + delta;
    if (next > concurrent.max) faFail(OUT_OF_RANGE | 5n);
    if (next < 0n) faFail(OUT_OF_RANGE | 20n);
    writeAggregator(host, metadata, CONCURRENT_SUPPLY, 'current', next, concurrent.max);
    return;
  }
  if (!resourceExists(host, metadata, SUPPLY)) faFail(NOT_FOUND | 21n);
  updateResource(host, metadata, SUPPLY, (fields) => {
    const current = fields[0] as bigint;
    const max = optionValue(fields[1] as Value) as bigint | undefined;
    if (delta > 0n && max !== undefined && max - current < delta) faFail(OUT_OF_RANGE | 5n);
    if (delta < 0n && current < -delta) faFail(INVALID_STATE | 20n);
    fields[0] = current + delta;
  });
}

/** `supply_impl`: `[current]` or `[]` (no supply tracked). */
export function supplyOf(host: NativeHost, metadata: LongAddress): bigint[] {
  const concurrent = aggregatorOf(host, metadata, CONCURRENT_SUPPLY, 'current');
  if (concurrent !== undefined) return [concurrent.value];
  const supply = readResource(host, metadata, SUPPLY) as Value[] | undefined;
  return supply === undefined ? [] : [supply[0] as bigint];
}

/** `maximum`: `[max]`, or `[]` when unlimited (`MAX_U128`) or untracked. */
export function maximumOf(host: NativeHost, metadata: LongAddress): bigint[] {
  const concurrent = aggregatorOf(host, metadata, CONCURRENT_SUPPLY, 'current');
  if (concurrent !== undefined) return concurrent.max === U128_MAX ? [] : [concurrent.max];
  const supply = readResource(host, metadata, SUPPLY) as Value[] | undefined;
  return supply === undefined ? [] : (fieldsOf(supply[1] as Value)[0] as bigint[]);
}

/** `ConcurrentSupply` with an unbounded aggregator (`none`) or one capped at `max`. */
export function createConcurrentSupply(
  host: NativeHost,
  metadata: LongAddress,
  current: bigint,
  max: bigint | undefined,
): void {
  writeAggregator(host, metadata, CONCURRENT_SUPPLY, 'current', current, max ?? U128_MAX);
}

// ---------------------------------------------------------------------------------------------
// Dispatch hooks

/**
 * A registered hook of the asset: 0 withdraw, 1 deposit, 2 derived balance (of
 * `DispatchFunctionStore`); `undefined` for APT (never dispatchable) or none.
 */
export function hook(host: NativeHost, metadata: LongAddress, which: 0 | 1 | 2): Value | undefined {
  if (metadata === APT_METADATA_ADDRESS) return undefined;
  const hooks = readResource(host, metadata, DISPATCH_STORE) as Value[] | undefined;
  return hooks === undefined ? undefined : optionValue(hooks[which] as Value);
}

/** The `FunctionInfo` fields: address, module, function. */
export function functionTarget(info: Value): [LongAddress, string, string] {
  const [address, module, name] = fieldsOf(info);
  const text = (v: Value) => Buffer.from(fieldsOf(v)[0] as number[]).toString('utf8');
  return [address as LongAddress, text(module as Value), text(name as Value)];
}

/** `&TransferRef` held in the asset's `TransferRefStore` (`ESTORE_NOT_FOUND` without one). */
function transferRefOf(host: NativeHost, metadata: LongAddress): Value {
  const held = readResource(host, metadata, TRANSFER_REF_STORE) as Value[] | undefined;
  if (held === undefined) fail('dispatchable_fungible_asset', NOT_FOUND | 1n);
  return new Ref(must(held), 0);
}

/** `dispatchable_fungible_asset::withdraw`: the asset's withdraw hook, else the plain withdraw. */
export function dispatchableWithdraw(
  host: NativeHost,
  owner: LongAddress,
  store: LongAddress,
  amount: bigint,
  storeTy: Ty,
): Value {
  withdrawSanityCheck(host, owner, store, false);
  const metadata = storeMetadata(host, store);
  const target = hook(host, metadata, 0);
  if (target === undefined) return uncheckedWithdraw(host, store, amount);
  const [address, module, name] = functionTarget(target);
  const ref = transferRefOf(host, metadata);
  return must(host.call(address, module, name, [storeTy], [object(store), amount, ref])[0]);
}

/** `dispatchable_fungible_asset::deposit`. */
export function dispatchableDeposit(
  host: NativeHost,
  store: LongAddress,
  fa: Value,
  storeTy: Ty,
): void {
  depositSanityCheck(host, store, false);
  const metadata = storeMetadata(host, store);
  const target = hook(host, metadata, 1);
  if (target === undefined) {
    uncheckedDeposit(host, store, fa);
    return;
  }
  const [address, module, name] = functionTarget(target);
  host.call(address, module, name, [storeTy], [object(store), fa, transferRefOf(host, metadata)]);
}

/** `fungible_asset::balance`: `EINVALID_DISPATCHABLE_OPERATIONS` with a derived balance hook. */
export function plainBalance(host: NativeHost, store: LongAddress): bigint {
  const metadata = objectAddress(borrowStore(host, store)[0] as Value);
  if (hook(host, metadata, 2) !== undefined) faFail(INVALID_ARGUMENT | 28n);
  return balanceOf(host, store);
}

/** `dispatchable_fungible_asset::derived_balance`. */
export function derivedBalance(host: NativeHost, store: LongAddress, storeTy: Ty): bigint {
  const metadata = objectAddress(borrowStore(host, store)[0] as Value);
  const target = hook(host, metadata, 2);
  if (target === undefined) return plainBalance(host, store);
  const [address, module, name] = functionTarget(target);
  return must(host.call(address, module, name, [storeTy], [object(store)])[0]) as bigint;
}

/**
 * `function_info::check_dispatch_type_compatibility(dispatcher, target)`: the target exists
 * (`EINVALID_FUNCTION` otherwise, as the native aborts) and has the dispatcher's signature.
 */
export function hookCompatible(
  host: NativeHost,
  target: Value,
  params: string[],
  returns: string[],
  typeParams: number,
): boolean {
  const [address, module, name] = functionTarget(target);
  const published = moduleStoreOf(host.session.ctx).module(address, module);
  const fn = published === null ? undefined : loadModule(published).functionByName.get(name);
  if (fn === undefined) throw new BytecodeAbort('0x1::function_info', 2n, null);
  const render = (tys: readonly Ty[]) => tys.map(tyString).join(',');
  return (
    fn.visibility === 'public' &&
    fn.typeParams.length === typeParams &&
    render(fn.params) === render(params.map((p) => ty(p))) &&
    render(fn.returns) === render(returns.map((r) => ty(r)))
  );
}

// ---------------------------------------------------------------------------------------------
// Primary stores

/** `create_primary_store`: a derived object owned by `owner`, ungated transfers off, a store. */
export function createPrimaryStore(
  host: NativeHost,
  owner: LongAddress,
  metadata: LongAddress,
): LongAddress {
  // `object::address_to_object<Metadata>`, then the metadata's `DeriveRefPod` (APT's is not kept).
  metadataObject(host, metadata);
  if (metadata !== APT_METADATA_ADDRESS && !resourceExists(host, metadata, DERIVE_REF_POD)) {
    missingData();
  }
  const address = primaryStoreAddressOf(owner, metadata);
  // `create_user_derived_object` (friend only): `create_object_internal`, then ungated transfers off.
  if (readObjectCore(host.session.ctx, address) !== null) fail('object', ALREADY_EXISTS | 1n);
  host.session.ctx.write(resourceKey(address, OBJECT_CORE), objectCoreValue(address, owner));
  createStore(host, address, metadata);
  return address;
}

/** `ensure_primary_store_exists`. */
export function ensurePrimaryStore(
  host: NativeHost,
  owner: LongAddress,
  metadata: LongAddress,
): LongAddress {
  const address = primaryStoreAddressOf(owner, metadata);
  if (resourceExists(host, address, STORE)) {
    objectCall(host, 'address_to_object', [STORE], [address]);
    return address;
  }
  return createPrimaryStore(host, owner, metadata);
}

/** `primary_store(owner, metadata)`: `object::address_to_object<FungibleStore>`. */
export function primaryStore(host: NativeHost, owner: LongAddress, metadata: LongAddress) {
  const address = primaryStoreAddressOf(owner, metadata);
  objectCall(host, 'address_to_object', [STORE], [address]);
  return address;
}

/** `may_be_unburn(owner, store)`: a burnt primary store is unburnt before it is used. */
export function mayBeUnburn(host: NativeHost, owner: LongAddress, store: LongAddress): void {
  if (objectCall(host, 'is_burnt', [STORE], [object(store)])[0] === true) {
    objectCall(host, 'unburn', [STORE], [new Ref([owner], 0), object(store)]);
  }
}
