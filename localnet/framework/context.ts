import type { LongAddress } from '../encoding.ts';
import type { NativeImpl } from '../move/vm/loader.ts';
import { VmStatusError } from '../move/vm/errors.ts';
import type { NativeContext } from '../move/vm/nativeContext.ts';
import { STATUS_CODES } from '../move/vm/statusCodes.ts';

// The VM owns the native context, the abort and status errors and std::error's codes; natives
// import them from here.
export {
  abort,
  ERROR_CATEGORY,
  type ModuleError,
  moduleError,
  MoveAbort,
  VmStatusError,
} from '../move/vm/errors.ts';
export type { NativeContext };

export const missingData = (): never => {
  throw new VmStatusError('MISSING_DATA', STATUS_CODES.MISSING_DATA);
};

/** A type parameter of a function or struct in an ABI. */
export interface TypeParam {
  constraints: string[];
}

/** A framework function with its ABI, and its code on the VM's values (`native`). */
export interface NativeFunction {
  name: string;
  visibility: 'public' | 'private' | 'friend';
  isEntry: boolean;
  isView: boolean;
  typeParams: TypeParam[];
  /** Parameter types as the ABI prints them, signers included (`&signer`). */
  params: string[];
  returns: string[];
  /**
   * The function on the VM's own values (the one runtime): `args` are every parameter in order,
   * signers included (an address, or a `Ref` to one for `&signer`). The same code serves a
   * transaction's entry call, a view and a call from bytecode. Absent: declared in the ABI only.
   */
  native?: NativeImpl;
}

export interface StructAbi {
  name: string;
  isEvent?: boolean;
  abilities: string[];
  typeParams?: Array<{ constraints: string[]; is_phantom: boolean }>;
  fields: Array<{ name: string; type: string }>;
  /** An enum's variants (then `fields` is empty), each with its fields. */
  variants?: Array<{ name: string; fields: Array<{ name: string; type: string }> }>;
}

/** A module served at `accounts/{address}/module/{name}`, its functions implemented natively. */
export interface NativeModule {
  address: LongAddress;
  name: string;
  friends: string[];
  structs: StructAbi[];
  functions: NativeFunction[];
}
