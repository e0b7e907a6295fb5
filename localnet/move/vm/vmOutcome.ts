/**
 * How a Move call that did not succeed is reported: one result for the executor (a committed or
 * simulated transaction's `vm_status`), views (the 400 body's message and `vm_error_code`) and
 * the publisher (whose refusals the executor reports). Numbers from the one catalog
 * (`statusCodes.ts`).
 */
import { OutOfGas } from './gas.ts';
import { type ExecutionSite, MoveAbort, VmError, VmStatusError } from './errors.ts';
import type { LoadedFunction } from './loader.ts';
import { STATUS_CODES, statusType } from './statusCodes.ts';

export interface VmFailure {
  /** The status's name (`ABORTED` for an abort, `OUT_OF_GAS`, `MISSING_DATA`…). */
  status: string;
  /** Its `StatusCode` number: a view's `vm_error_code`. */
  code: number;
  /** What a node's API prints in a transaction's `vm_status`. */
  vmStatus: string;
  /** What a node's `/view` answers in its 400 body's `message`. */
  viewMessage: string;
}

/**
 * Execution statuses a node keeps without a location (`VMStatus::keep_or_discard`): they print
 * their name, as verification and deserialization statuses do.
 */
const KEPT_WITHOUT_LOCATION = new Set([
  'EXECUTION_LIMIT_REACHED',
  'IO_LIMIT_REACHED',
  'STORAGE_LIMIT_REACHED',
  'TOO_MANY_DELAYED_FIELDS',
]);

/**
 * A VM status as a node's API prints it (`explain_vm_status`): an execution failure in bytecode
 * names its function and code offset (`Execution failed in 0x…::m::f at code offset 3`, `… in
 * script at …`); other statuses print their name. A failure of the native framework has no
 * bytecode offset here, so it keeps its name.
 */
function keptStatus(error: VmStatusError): string {
  if (statusType(error.code) !== 'Execution' || KEPT_WITHOUT_LOCATION.has(error.status)) {
    return error.status;
  }
  const site = error instanceof VmError ? error.site : null;
  return site === null
    ? error.status
    : `Execution failed in ${site.function} at code offset ${site.offset}`;
}

/** The failure `error` stands for, or `null` when it is not a VM outcome (a fault of the chain). */
export function vmFailureOf(error: unknown): VmFailure | null {
  if (error instanceof OutOfGas) {
    const code = STATUS_CODES.OUT_OF_GAS;
    return { status: 'OUT_OF_GAS', code, vmStatus: 'Out of gas', viewMessage: 'Out of gas' };
  }
  if (error instanceof MoveAbort) {
    const text = error.vmStatus;
    return { status: 'ABORTED', code: STATUS_CODES.ABORTED, vmStatus: text, viewMessage: text };
  }
  if (error instanceof VmStatusError) {
    return {
      status: error.status,
      code: error.code,
      vmStatus: keptStatus(error),
      viewMessage: error.status,
    };
  }
  return null;
}

/**
 * The site a node reports for a failure in `fn` at `offset`. Its API names the function by
 * reading the VM's function *definition* index as a function *handle* index (api-types
 * `explain_function_index`), so the name is that handle's: the function itself whenever the
 * module declares its own functions' handles first, as the compiler does.
 */
export function executionSite(fn: LoadedFunction, offset: number): ExecutionSite {
  const module = fn.module;
  if (module === null) return { function: 'script', offset };
  const index = module.functions.indexOf(fn);
  const handle = module.compiled.functionHandles[index];
  const name =
    handle === undefined ? `<#${index} function>` : module.compiled.identifiers[handle.name];
  return { function: `${module.id}::${name ?? ''}`, offset };
}
