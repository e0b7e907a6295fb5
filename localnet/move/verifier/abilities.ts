/**
 * The abilities of a VM type inside a function (type parameters by their constraints), as the
 * verifier's `abilities` computes them: a generic instance keeps an ability when its non-phantom
 * arguments have it (`store` for `key`).
 */
import type { AbilitySet } from '../binary/types.ts';
import type { StructLookup } from '../vm/loader.ts';
import type { Ty } from '../vm/ty.ts';
import { K } from '../vm/ty.ts';

export const COPY = 1;
export const DROP = 2;
export const STORE = 4;
export const KEY = 8;

export function abilitiesOf(
  ty: Ty,
  typeParams: readonly AbilitySet[],
  lookup: StructLookup,
): number {
  switch (ty.k) {
    case K.SIGNER:
      return DROP;
    case K.VECTOR:
      return abilitiesOf(ty.elem, typeParams, lookup) & (COPY | DROP | STORE);
    case K.REF:
    case K.MUT_REF:
      return COPY | DROP;
    case K.PARAM:
      return typeParams[ty.idx] ?? 0;
    case K.STRUCT: {
      let struct;
      try {
        struct = lookup(ty.s);
      } catch {
        return COPY | DROP | STORE | KEY; // unresolvable: refused by the type pass, if at all
      }
      let granted = COPY | DROP | STORE | KEY;
      ty.args.forEach((arg, i) => {
        if (struct.typeParams[i]?.isPhantom === true) return;
        const a = abilitiesOf(arg, typeParams, lookup);
        granted &= (a & (COPY | DROP | STORE)) | ((a & STORE) !== 0 ? KEY : 0);
      });
      return struct.abilities & granted;
    }
    default:
      return COPY | DROP | STORE;
  }
}
