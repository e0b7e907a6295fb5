/**
 * A collection's supply (`0x4::collection`'s `ConcurrentSupply`, and the `FixedSupply` /
 * `UnlimitedSupply` of collections made before concurrent supply): kept as the REST API prints it,
 * its aggregators as `{ max_value, value }` and the `Mint` index as `{ value }`.
 */
import type { Json, LongAddress } from '../../encoding.ts';
import { shortAddress } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import type { ResourceValue } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { resource } from '../assets.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { emitEvent, none, some } from '../vmState.ts';
import { addressToObject, outOfRange } from './tokenObjects.ts';

const COLLECTION = '0x4::collection';
const CONCURRENT_SUPPLY = '0x4::collection::ConcurrentSupply';
const FIXED_SUPPLY = '0x4::collection::FixedSupply';
const UNLIMITED_SUPPLY = '0x4::collection::UnlimitedSupply';
const MAX_U64 = (1n << 64n) - 1n;

const errors = {
  supplyExceeded: outOfRange(
    2n,
    'ECOLLECTION_SUPPLY_EXCEEDED',
    'The collection has reached its supply and no more tokens can be minted, unless some are burned',
  ),
  alreadyConcurrent: moduleError(
    ERROR_CATEGORY.invalidArgument,
    8n,
    'EALREADY_CONCURRENT',
    'Tried upgrading collection to concurrent, but collection is already concurrent',
  ),
  invalidMaxSupply: outOfRange(
    9n,
    'EINVALID_MAX_SUPPLY',
    'The new max supply cannot be less than the current supply',
  ),
  noMaxSupply: moduleError(
    ERROR_CATEGORY.invalidArgument,
    10n,
    'ENO_MAX_SUPPLY_IN_COLLECTION',
    'The collection does not have a max supply',
  ),
};

/** An `Aggregator<u64>` as the REST API prints it. */
const aggregator = (value: bigint, max: bigint): Json => ({
  max_value: max.toString(),
  value: value.toString(),
});

const supplyOf = (host: NativeHost, address: LongAddress, type: string) =>
  host.session.ctx.get(resourceKey(address, type)) as ResourceValue | null;

/** Writes a supply resource's changed fields. */
function writeSupply(host: NativeHost, supply: ResourceValue, data: ResourceValue['data']): void {
  host.session.ctx.write(resourceKey(supply.address as LongAddress, supply.type), {
    ...supply,
    data: { ...supply.data, ...data },
  });
}

interface AggregatorJson {
  max_value: string;
  value: string;
}

/**
 * `increment_supply` (friend of `token`): the token's index, `undefined` for a collection without
 * supply tracking; emits `0x4::collection::Mint`.
 */
export function incrementSupply(
  host: NativeHost,
  collection: LongAddress,
  token: LongAddress,
): bigint | undefined {
  let index: bigint;
  const concurrent = supplyOf(host, collection, CONCURRENT_SUPPLY);
  if (concurrent !== null) {
    const current = concurrent.data.current_supply as unknown as AggregatorJson;
    const minted = concurrent.data.total_minted as unknown as AggregatorJson;
    const next = BigInt(current.value) + 1n;
    if (next > BigInt(current.max_value)) abort(COLLECTION, errors.supplyExceeded);
    index = BigInt(minted.value) + 1n;
    writeSupply(host, concurrent, {
      current_supply: { ...current, value: next.toString() },
      total_minted: { ...minted, value: index.toString() },
    });
  } else {
    const fixed = supplyOf(host, collection, FIXED_SUPPLY);
    const supply = fixed ?? supplyOf(host, collection, UNLIMITED_SUPPLY);
    if (supply === null) return undefined;
    const next = BigInt(supply.data.current_supply as string) + 1n;
    index = BigInt(supply.data.total_minted as string) + 1n;
    if (fixed !== null && next > BigInt(fixed.data.max_supply as string)) {
      abort(COLLECTION, errors.supplyExceeded);
    }
    writeSupply(host, supply, { current_supply: next.toString(), total_minted: index.toString() });
  }
  host.session.ctx.emit('0x4::collection::Mint', {
    collection: shortAddress(collection),
    index: { value: index.toString() },
    token: shortAddress(token),
  });
  return index;
}

/** `decrement_supply` (friend of `token`): emits `0x4::collection::Burn`. */
export function decrementSupply(
  host: NativeHost,
  collection: LongAddress,
  token: LongAddress,
  index: bigint,
  previousOwner: LongAddress,
): void {
  const concurrent = supplyOf(host, collection, CONCURRENT_SUPPLY);
  const supply =
    concurrent ??
    supplyOf(host, collection, FIXED_SUPPLY) ??
    supplyOf(host, collection, UNLIMITED_SUPPLY);
  if (supply === null) return;
  if (concurrent !== null) {
    const current = concurrent.data.current_supply as unknown as AggregatorJson;
    writeSupply(host, concurrent, {
      current_supply: { ...current, value: (BigInt(current.value) - 1n).toString() },
    });
  } else {
    const current = BigInt(supply.data.current_supply as string) - 1n;
    writeSupply(host, supply, { current_supply: current.toString() });
  }
  emitEvent(host, '0x4::collection::Burn', [collection, index, token, previousOwner]);
}

/** `count` (after its existence check): the current supply, `none` when not tracked. */
export function count(host: NativeHost, address: LongAddress): Value {
  const concurrent = supplyOf(host, address, CONCURRENT_SUPPLY);
  if (concurrent !== null) {
    return some(BigInt((concurrent.data.current_supply as unknown as AggregatorJson).value));
  }
  const other = supplyOf(host, address, FIXED_SUPPLY) ?? supplyOf(host, address, UNLIMITED_SUPPLY);
  return other === null ? none() : some(BigInt(other.data.current_supply as string));
}

/** `upgrade_to_concurrent(&ExtendRef)`: a fixed or unlimited supply becomes `ConcurrentSupply`. */
export function upgradeToConcurrent(host: NativeHost, address: LongAddress): void {
  const fixed = supplyOf(host, address, FIXED_SUPPLY);
  const supply = fixed ?? supplyOf(host, address, UNLIMITED_SUPPLY);
  if (supply === null) abort(COLLECTION, errors.alreadyConcurrent);
  const max = fixed === null ? MAX_U64 : BigInt(fixed.data.max_supply as string);
  host.session.ctx.write(resourceKey(address, supply.type), null);
  host.session.ctx.write(
    resourceKey(address, CONCURRENT_SUPPLY),
    resource(address, CONCURRENT_SUPPLY, {
      current_supply: aggregator(BigInt(supply.data.current_supply as string), max),
      total_minted: aggregator(BigInt(supply.data.total_minted as string), MAX_U64),
    }),
  );
}

/** `set_max_supply`: a concurrent or fixed supply's maximum; emits `SetMaxSupply`. */
export function setMaxSupply(host: NativeHost, address: LongAddress, max: bigint): void {
  addressToObject(host, address, '0x4::collection::Collection');
  let old: bigint;
  const concurrent = supplyOf(host, address, CONCURRENT_SUPPLY);
  const fixed = concurrent === null ? supplyOf(host, address, FIXED_SUPPLY) : null;
  if (concurrent !== null) {
    const current = concurrent.data.current_supply as unknown as AggregatorJson;
    if (max < BigInt(current.value)) abort(COLLECTION, errors.invalidMaxSupply);
    old = BigInt(current.max_value);
    writeSupply(host, concurrent, { current_supply: aggregator(BigInt(current.value), max) });
  } else if (fixed !== null) {
    if (max < BigInt(fixed.data.current_supply as string)) {
      abort(COLLECTION, errors.invalidMaxSupply);
    }
    old = BigInt(fixed.data.max_supply as string);
    writeSupply(host, fixed, { max_supply: max.toString() });
  } else {
    abort(COLLECTION, errors.noMaxSupply);
  }
  emitEvent(host, '0x4::collection::SetMaxSupply', [[address], old, max]);
}

/** A new collection's `ConcurrentSupply` (`max` `null`: unlimited, bounded by u64). */
export function createSupply(host: NativeHost, address: LongAddress, max: bigint | null): void {
  host.session.ctx.write(
    resourceKey(address, CONCURRENT_SUPPLY),
    resource(address, CONCURRENT_SUPPLY, {
      current_supply: aggregator(0n, max ?? MAX_U64),
      total_minted: aggregator(0n, MAX_U64),
    }),
  );
}
