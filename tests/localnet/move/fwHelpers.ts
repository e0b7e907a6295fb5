import type {
  Event,
  UserTransactionResponse,
  WriteSetChangeDeleteResource,
  WriteSetChangeWriteResource,
} from '@aptos-labs/ts-sdk';
import { AccountAddress } from '@aptos-labs/ts-sdk';
import { sha3_256 } from '@noble/hashes/sha3';
import type { Bytecode } from '../../../localnet/move/binary/types.ts';

/**
 * Short bytecode and write-set readers for the tests of framework functions called from Move
 * (`fw*.test.ts`): modules are built with `ModuleBuilder`, results read as a node's REST API
 * gives them.
 */
export const op = {
  mv: (local: number): Bytecode => ({ op: 'MoveLoc', local }),
  cp: (local: number): Bytecode => ({ op: 'CopyLoc', local }),
  st: (local: number): Bytecode => ({ op: 'StLoc', local }),
  ref: (local: number): Bytecode => ({ op: 'ImmBorrowLoc', local }),
  mut: (local: number): Bytecode => ({ op: 'MutBorrowLoc', local }),
  call: (fn: number): Bytecode => ({ op: 'Call', fn }),
  callG: (fn: number): Bytecode => ({ op: 'CallGeneric', fn }),
  u64: (value: bigint): Bytecode => ({ op: 'LdU64', value }),
  pop: { op: 'Pop' } as Bytecode,
  ret: { op: 'Ret' } as Bytecode,
  ldFalse: { op: 'LdFalse' } as Bytecode,
};

/** Abilities as `ModuleBuilder` takes them. */
export const AB = { copy: 1, drop: 2, store: 4, key: 8 } as const;

export const long = (address: string): string => `0x${address.slice(2).padStart(64, '0')}`;
/** An address as the REST API writes it in values and changes: without leading zeros. */
export const short = (address: string): string => `0x${address.slice(2).replace(/^0+/, '') || '0'}`;

const hex = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;

/** sha3-256 of the parts, as an address (the framework's address derivations). */
export function derived(...parts: Uint8Array[]): string {
  const all = Buffer.concat(parts.map((p) => Buffer.from(p)));
  return short(hex(sha3_256(all)));
}

export const addressBytes = (address: string): Uint8Array =>
  AccountAddress.from(long(address)).toUint8Array();

export const u64le = (value: bigint): Uint8Array => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(value);
  return out;
};

/** The resources of type `type` a transaction wrote, by address. */
/** A type with every address in its short form (a node prints struct tags that way). */
const shortTypes = (type: string): string =>
  type.replace(/0x([0-9a-fA-F]+)/g, (_m, hex: string) => short(`0x${hex}`));

/** A map keyed by short addresses that finds an entry by either form of its address. */
class ByAddress<V> extends Map<string, V> {
  override get(address: string): V | undefined {
    return super.get(short(address));
  }
}

export function written(
  done: UserTransactionResponse,
  type: string,
): Map<string, Record<string, unknown>> {
  // Compared in short form: a random account address that begins with 0 prints shorter.
  const wanted = shortTypes(type);
  const found = new ByAddress<Record<string, unknown>>();
  for (const change of done.changes) {
    const write = change as WriteSetChangeWriteResource;
    if (write.type === 'write_resource' && shortTypes(write.data.type) === wanted) {
      found.set(short(write.address), write.data.data as Record<string, unknown>);
    }
  }
  return found;
}

/** The addresses where a transaction deleted a resource of type `type`. */
export function deleted(done: UserTransactionResponse, type: string): string[] {
  return done.changes
    .filter((change) => change.type === 'delete_resource')
    .filter((change) => (change as WriteSetChangeDeleteResource).resource === type)
    .map((change) => short((change as WriteSetChangeDeleteResource).address));
}

/** The events of type `type` a transaction emitted. */
export const eventsOf = (done: UserTransactionResponse, type: string): Event[] =>
  done.events.filter((event) => event.type === type);
