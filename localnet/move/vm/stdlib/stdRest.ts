/**
 * The std/aptos_std modules beyond the target list of issue 31 ("the rest"), natively: each file
 * follows its Move module. `index.ts` adds these to `STDLIB_NATIVES`.
 */
import type { NativeImpl } from '../loader.ts';
import { ACL, BIT_VECTOR, RESULT, STRING } from './moveStd.ts';

const within = (module: string, list: ReadonlyArray<[string, NativeImpl]>) =>
  list.map(([name, impl]): [string, string, NativeImpl] => [module, name, impl]);

/** `[module, function, implementation]`. */
export const STD_REST: ReadonlyArray<[string, string, NativeImpl]> = [
  ...within('result', RESULT),
  ...within('bit_vector', BIT_VECTOR),
  ...within('acl', ACL),
  ...within('string', STRING),
];
