/** `0x3::token`'s `mutate_tokendata_*` functions: the creator changes a mutable field. */
import type { LongAddress } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { copyValue } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction } from '../../context.ts';
import { emitEvent, fieldsOf, none, signerAddress, some } from '../../vmState.ts';
import {
  checkNotReserved,
  checkUri,
  ownTokenData,
  TD,
  TD_DESCRIPTION,
  TD_MUTABILITY,
  TD_PROPERTIES,
} from './core.ts';
import { addProperty, borrowValue, containsKey, updateValue } from './propertyMap.ts';
import { check, ROYALTY, STRING, TOKEN_DATA_ID } from './shared.ts';

const storeEvent = (name: string) => `0x3::token_event_store::${name}`;

/** `[creator, collection, token]`, the first fields of the token mutation events. */
const eventHead = (creator: LongAddress, dataId: Value): Value[] => [
  creator,
  ...(copyValue(dataId) as Value[]).slice(1),
];

/** The token data after the mutability flag `flag` of its config is checked. */
function mutable(host: NativeHost, creator: LongAddress, dataId: Value, flag: number): Value[] {
  const data = ownTokenData(host, creator, dataId);
  check(
    fieldsOf(data[TD_MUTABILITY] as Value)[flag] === true,
    'permissionDenied',
    'EFIELD_NOT_MUTABLE',
  );
  return data;
}

export const tokenDataMutators: NativeFunction[] = [
  fn(
    'mutate_tokendata_maximum',
    { params: ['&signer', TOKEN_DATA_ID, 'u64'] },
    (host, _t, [signer, dataId, maximum]) => {
      const creator = signerAddress(signer as Value);
      const data = ownTokenData(host, creator, dataId as Value);
      check(data[TD.maximum] !== 0n && maximum !== 0n, 'invalidArgument', 'EINVALID_MAXIMUM');
      check(
        (maximum as bigint) >= (data[TD.supply] as bigint),
        'invalidArgument',
        'EINVALID_MAXIMUM',
      );
      check(
        fieldsOf(data[TD_MUTABILITY] as Value)[0] === true,
        'permissionDenied',
        'EFIELD_NOT_MUTABLE',
      );
      const head = eventHead(creator, dataId as Value);
      emitEvent(host, storeEvent('MaximumMutate'), [
        ...head,
        data[TD.maximum] as Value,
        maximum as Value,
      ]);
      data[TD.maximum] = maximum as Value;
      return [];
    },
  ),
  fn(
    'mutate_tokendata_uri',
    { params: ['&signer', TOKEN_DATA_ID, STRING] },
    (host, _t, [signer, dataId, uri]) => {
      checkUri(uri as Value);
      const creator = signerAddress(signer as Value);
      const data = mutable(host, creator, dataId as Value, 1);
      const head = eventHead(creator, dataId as Value);
      emitEvent(host, storeEvent('UriMutation'), [
        ...head,
        copyValue(data[TD.uri] as Value),
        copyValue(uri as Value),
      ]);
      data[TD.uri] = uri as Value;
      return [];
    },
  ),
  fn(
    'mutate_tokendata_royalty',
    { params: ['&signer', TOKEN_DATA_ID, ROYALTY] },
    (host, _t, [signer, dataId, royalty]) => {
      const creator = signerAddress(signer as Value);
      const data = mutable(host, creator, dataId as Value, 2);
      const head = eventHead(creator, dataId as Value);
      const old = fieldsOf(data[TD.royalty] as Value);
      emitEvent(host, storeEvent('RoyaltyMutate'), [
        ...head,
        ...old,
        ...fieldsOf(royalty as Value),
      ]);
      data[TD.royalty] = royalty as Value;
      return [];
    },
  ),
  fn(
    'mutate_tokendata_description',
    { params: ['&signer', TOKEN_DATA_ID, STRING] },
    (host, _t, [signer, dataId, description]) => {
      const creator = signerAddress(signer as Value);
      const data = mutable(host, creator, dataId as Value, 3);
      const head = eventHead(creator, dataId as Value);
      const change = [copyValue(data[TD_DESCRIPTION] as Value), copyValue(description as Value)];
      emitEvent(host, storeEvent('DescriptionMutate'), [...head, ...change]);
      data[TD_DESCRIPTION] = description as Value;
      return [];
    },
  ),
];

/** `mutate_tokendata_property`: upserts default properties, `DefaultPropertyMutate` with the old values. */
export function mutateTokenData(
  host: NativeHost,
  creator: LongAddress,
  dataId: Value,
  changes: Value[],
): void {
  const data = ownTokenData(host, creator, dataId);
  const [keys, values, types] = changes.map(fieldsOf) as [Value[], Value[], Value[]];
  check(keys.length === values.length, 'invalidState', 'ETOKEN_PROPERTIES_COUNT_NOT_MATCH');
  check(keys.length === types.length, 'invalidState', 'ETOKEN_PROPERTIES_COUNT_NOT_MATCH');
  check(
    fieldsOf(data[TD_MUTABILITY] as Value)[4] === true,
    'permissionDenied',
    'EFIELD_NOT_MUTABLE',
  );
  checkNotReserved(changes[0] as Value);
  const defaults = data[TD_PROPERTIES] as Value;
  const oldValues: Value[] = [];
  const newValues: Value[] = [];
  keys.forEach((key, i) => {
    const old = containsKey(defaults, key) ? some(copyValue(borrowValue(defaults, key))) : none();
    oldValues.push(old);
    const value = [copyValue(values[i] as Value), copyValue(types[i] as Value)];
    newValues.push(copyValue(value));
    if ((fieldsOf(old)[0] as Value[]).length > 0) updateValue(defaults, key, value);
    else addProperty(defaults, copyValue(key), value);
  });
  const head = eventHead(creator, dataId);
  emitEvent(host, storeEvent('DefaultPropertyMutate'), [
    ...head,
    copyValue(changes[0] as Value),
    oldValues,
    newValues,
  ]);
}
