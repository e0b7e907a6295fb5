import { MoveAbort, VmStatusError } from '../../framework/context.ts';
import { STATUS_CODES, type StatusName } from './statusCodes.ts';

/** Where bytecode failed, as a node's API names it: `0x…::m::f` (or `script`) and the offset. */
export interface ExecutionSite {
  function: string;
  offset: number;
}

/**
 * A VM failure that is not an abort (the framework's `VmStatusError`, so the executor and
 * `/view` report both alike), named by the node's status (`ARITHMETIC_ERROR`,
 * `VECTOR_OPERATION_ERROR`, `MISSING_DATA`, `RESOURCE_ALREADY_EXISTS`, `LINKER_ERROR`, …) with
 * its `StatusCode` number. `location` says where for messages; `site` is the function and code
 * offset the interpreter was at (`vm_status` prints it for execution failures).
 */
export class VmError extends VmStatusError {
  site: ExecutionSite | null = null;

  constructor(
    status: string,
    code: number,
    readonly location = '',
  ) {
    super(status, code);
    if (location !== '') this.message = `${status} at ${location}`;
  }
}

/** The catalog of `StatusCode`s (`statusCodes.ts`), under the name the VM's modules import. */
export const STATUS = STATUS_CODES;

export type { StatusName };

export const vmError = (status: StatusName, location = ''): VmError =>
  new VmError(status, STATUS[status], location);

/**
 * A Move `abort` from bytecode: the module (`0x…::m`, short address), the code, and the name and
 * doc from the module's error map when it has one. It is the framework's `MoveAbort`, so the
 * executor and `/view` render both the same way (`vmStatus`).
 */
export class BytecodeAbort extends MoveAbort {
  constructor(module: string, code: bigint, reason: { name: string; doc: string } | null) {
    super(module, code, reason ?? undefined);
  }

  /** A script's abort has no module: a node prints `Move abort: code 0x…`. */
  override get vmStatus(): string {
    return this.module === 'script'
      ? `Move abort: code 0x${this.code.toString(16)}`
      : super.vmStatus;
  }
}
