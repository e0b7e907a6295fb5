/**
 * A transaction's write set and events as the REST API prints them (`changes`, `events`): the
 * node renders transactions with these, and a Move trace (issue 32) its writes and events.
 */
import type { Json } from '../encoding.ts';
import { shortAddress, sha3Hex, utf8 } from '../encoding.ts';
import { bytecodeModuleJson } from '../move/store.ts';
import type { ChainEvent, StateValue, WriteOp } from '../storage/types.ts';

type JsonObject = { [key: string]: Json };

function stateKeyHash(write: WriteOp): string {
  return sha3Hex(utf8(write.key));
}

export function changeJson(write: WriteOp): JsonObject {
  const value: StateValue | null = write.value ?? write.previous;
  if (value === null)
    return {
      type: 'delete_resource',
      address: '0x0',
      state_key_hash: stateKeyHash(write),
      resource: '',
    };
  if (value.kind === 'resource') {
    if (write.value === null) {
      return {
        type: 'delete_resource',
        address: shortAddress(value.address),
        state_key_hash: stateKeyHash(write),
        resource: value.type,
      };
    }
    return {
      type: 'write_resource',
      address: shortAddress(value.address),
      state_key_hash: stateKeyHash(write),
      data: { type: value.type, data: value.data },
    };
  }
  if (value.kind === 'module') {
    return write.value === null
      ? {
          type: 'delete_module',
          address: shortAddress(value.address),
          state_key_hash: stateKeyHash(write),
          module: `${shortAddress(value.address)}::${value.name}`,
        }
      : {
          type: 'write_module',
          address: shortAddress(value.address),
          state_key_hash: stateKeyHash(write),
          data: bytecodeModuleJson(value) as unknown as JsonObject,
        };
  }
  // A node's DeleteTableItem has no value field.
  if (write.value === null) {
    return {
      type: 'delete_table_item',
      state_key_hash: stateKeyHash(write),
      handle: value.handle,
      key: value.key,
      data: null,
    };
  }
  return {
    type: 'write_table_item',
    state_key_hash: stateKeyHash(write),
    handle: value.handle,
    key: value.key,
    value: value.value,
    data: null,
  };
}

export function eventJson(event: ChainEvent): JsonObject {
  return {
    guid: event.handle?.guid ?? { creation_number: '0', account_address: '0x0' },
    sequence_number: event.handle?.sequence_number ?? '0',
    type: event.type,
    data: event.data,
  };
}
