import type { TypeTag } from '@aptos-labs/ts-sdk';
import {
  TypeTagGeneric,
  TypeTagReference,
  TypeTagStruct,
  TypeTagVector,
  type EntryFunction,
} from '@aptos-labs/ts-sdk';
import { findModule } from '../framework/registry.ts';
import type { LongAddress } from '../encoding.ts';

/** Why a decoded payload is refused before the mempool; the message is the node's. */
export class PayloadFormatError extends Error {
  override readonly name = 'PayloadFormatError';
}

/** Move's identifier rule (`move_core_types::identifier::is_valid`; `$` since bytecode v9). */
const IDENTIFIER = /^(?:[a-zA-Z][a-zA-Z0-9_$]*|[_$][a-zA-Z0-9_$]+)$/;

/** The API's `MAX_RECURSIVE_TYPES_ALLOWED` (the same as `MAX_TYPE_TAG_NESTING`). */
export const MAX_TYPE_NESTING = 8;

const isIdentifier = (name: string) => IDENTIFIER.test(name);

function structText(tag: TypeTagStruct): string {
  const { address, moduleName, name } = tag.value;
  return `${address.toStringShort()}::${moduleName.identifier}::${name.identifier}`;
}

/** `MoveType::verify` of the node's API, with its messages. */
function verifyType(tag: TypeTag, depth: number): void {
  if (tag instanceof TypeTagReference || tag instanceof TypeTagGeneric) {
    // The node's TypeTag has no such variants: BCS decoding fails there.
    throw new PayloadFormatError('unknown variant index for TypeTag');
  }
  if (depth > MAX_TYPE_NESTING) {
    throw new PayloadFormatError(
      `Move type has gone over the limit of recursive types ${MAX_TYPE_NESTING}`,
    );
  }
  if (tag instanceof TypeTagVector) verifyType(tag.value, depth + 1);
  else if (tag instanceof TypeTagStruct) verifyStruct(tag, depth + 1);
}

function verifyStruct(tag: TypeTagStruct, depth: number): void {
  const text = structText(tag);
  if (depth > MAX_TYPE_NESTING) {
    throw new PayloadFormatError(
      `Move struct tag ${text} has gone over the limit of recursive types ${MAX_TYPE_NESTING}`,
    );
  }
  if (!isIdentifier(tag.value.moduleName.identifier) || !isIdentifier(tag.value.name.identifier))
    throw new PayloadFormatError(`invalid struct tag: ${text}`);
  for (const param of tag.value.typeArgs) {
    try {
      verifyType(param, depth + 1);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PayloadFormatError(`Invalid struct tag for generic type params: ${text} ${reason}`);
    }
  }
}

/**
 * The checks the node's API makes on an entry function before the mempool
 * (`validate_entry_function_payload_format`): module and function identifiers, each type argument
 * (identifiers, nesting depth), then the type argument and argument counts against the ABI when
 * the function is known here.
 *
 * @throws PayloadFormatError with the node's message.
 */
export function checkEntryFunction(call: EntryFunction, module: LongAddress): void {
  const moduleName = call.module_name.name.identifier;
  const functionName = call.function_name.identifier;
  if (!isIdentifier(moduleName))
    throw new PayloadFormatError(
      `Transaction entry function module invalid: invalid Move module name: ${moduleName}`,
    );
  if (!isIdentifier(functionName))
    throw new PayloadFormatError(
      `Transaction entry function name invalid: invalid Move function name: ${functionName}`,
    );
  for (const typeArg of call.type_args) {
    try {
      verifyType(typeArg, 0);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PayloadFormatError(`Transaction entry function type arg invalid: ${reason}`);
    }
  }
  const fn = findModule(module, moduleName)?.functions.find(
    (candidate) => candidate.name === functionName,
  );
  if (fn === undefined) return;
  if (call.type_args.length !== fn.typeParams.length) {
    throw new PayloadFormatError(
      `Expected ${fn.typeParams.length} type arguments, got ${call.type_args.length}`,
    );
  }
  const params = fn.params.filter((param) => !/^&?signer$/.test(param)).length;
  if (call.args.length !== params) {
    throw new PayloadFormatError(`Expected ${params} arguments, got ${call.args.length}`);
  }
}
