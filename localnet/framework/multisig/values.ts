/**
 * multisig_account's arguments as its functions take them from the VM (`vector<String>`,
 * `vector<vector<u8>>`…) in the shapes its state helpers (`accounts.ts`) keep.
 */
import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import type { Value } from '../../move/vm/values.ts';
import { deref, textOf } from '../vmState.ts';

export const addressArg = (v: Value | undefined): LongAddress => deref(must(v)) as LongAddress;
export const addressesArg = (v: Value | undefined): LongAddress[] => [
  ...(deref(must(v)) as LongAddress[]),
];
export const u64Arg = (v: Value | undefined): bigint => deref(must(v)) as bigint;
export const bytesArg = (v: Value | undefined): Uint8Array =>
  Uint8Array.from(deref(must(v)) as number[]);
export const bytesVectorArg = (v: Value | undefined): Uint8Array[] =>
  (deref(must(v)) as number[][]).map((bytes) => Uint8Array.from(bytes));
export const stringsArg = (v: Value | undefined): string[] =>
  (deref(must(v)) as Value[]).map(textOf);
