/**
 * The framework's error map: for each framework module, its abort codes' constant names and
 * descriptions. On a node they come from the module's `aptos::metadata_v1`; here `0x1` and `0x4`
 * run natively and carry no metadata, so these tables (`errorMapStd.ts`, `errorMapFramework.ts`)
 * stand in for it. Every abort in a framework module is named through them (`MoveAbort.vmStatus`).
 */
import { FRAMEWORK_ERRORS } from './errorMapFramework.ts';
import { STD_ERRORS } from './errorMapStd.ts';

/** A constant of an error map: its name and its doc comment. */
export interface AbortReason {
  name: string;
  doc: string;
}

export type ErrorMap = ReadonlyMap<bigint, AbortReason>;

const CONSTANT = /^(E\w*) (0x[0-9a-f]+)(?: (.*))?$/;

function parse(table: string, into: Map<string, Map<bigint, AbortReason>>): void {
  let errors: Map<bigint, AbortReason> | null = null;
  let last: AbortReason | null = null;
  for (const line of table.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('  ') && last !== null) {
      last.doc = `${last.doc}\n${line.slice(2)}`;
      continue;
    }
    const constant = CONSTANT.exec(line);
    if (constant === null) {
      errors = new Map();
      into.set(line, errors);
      continue;
    }
    last = { name: constant[1] as string, doc: constant[3] ?? '' };
    errors?.set(BigInt(constant[2] as string), last);
  }
}

let maps: Map<string, Map<bigint, AbortReason>> | null = null;

/** The error map of a framework module named as aborts print it (`0x1::vector`), if it has one. */
export function frameworkErrorMap(module: string): ErrorMap | undefined {
  if (maps === null) {
    maps = new Map();
    parse(STD_ERRORS, maps);
    parse(FRAMEWORK_ERRORS, maps);
  }
  return maps.get(module);
}

/**
 * The constant an abort code names, as a node finds it (aptos-types
 * `RuntimeModuleMetadataV1::extract_abort_info`): the code's low 12 bits first, then the whole
 * code. `std::error` puts the category above bit 16, so `0x10003` finds the constant `3`, and a
 * module whose constants carry their category (`vector`'s `0x20000`) is found by the whole code.
 */
export function abortReason(errors: ErrorMap, code: bigint): AbortReason | null {
  return errors.get(code & 0xfffn) ?? errors.get(code) ?? null;
}
