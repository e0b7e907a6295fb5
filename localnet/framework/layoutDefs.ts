/**
 * The helpers the framework's struct layouts are written with (`vmLayouts.ts`,
 * `vmLayoutsMore.ts`): `def` for a struct, `enumOf` for an enum, `s` for a framework struct type.
 */
import type { LongAddress } from '../encoding.ts';
import type { LoadedStruct } from '../move/vm/loader.ts';
import type { StructName, Ty } from '../move/vm/ty.ts';
import { T } from '../move/vm/ty.ts';

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;

export const name = (module: string, struct: string): StructName => ({
  address: FRAMEWORK,
  module,
  name: struct,
});
export const s = (module: string, struct: string, args: Ty[] = []): Ty =>
  T.struct(name(module, struct), args);
export const P0 = T.param(0);
export const P1 = T.param(1);

export const ABILITY = { copy: 1, drop: 2, store: 4, key: 8 } as const;

export function def(
  module: string,
  struct: string,
  abilities: number,
  fields: Array<[string, Ty]>,
  typeParams = 0,
  /** All type parameters phantom (`Object<phantom T>`, `Table<phantom K, phantom V>`, …). */
  isPhantom = false,
): LoadedStruct {
  return {
    name: name(module, struct),
    abilities,
    typeParams: Array.from({ length: typeParams }, () => ({ constraints: 0, isPhantom })),
    fields: fields.map(([fieldName, ty]) => ({ name: fieldName, ty })),
    variants: null,
  };
}

export const { copy, drop, store, key } = ABILITY;
export const STRING = s('string', 'String');
export const GUID = s('guid', 'GUID');

export const enumOf = (
  module: string,
  struct: string,
  abilities: number,
  typeParams: number,
  variants: Array<[string, Array<[string, Ty]>]>,
): LoadedStruct => ({
  name: name(module, struct),
  abilities,
  typeParams: Array.from({ length: typeParams }, () => ({ constraints: 0, isPhantom: false })),
  fields: null,
  variants: variants.map(([variant, fields]) => ({
    name: variant,
    fields: fields.map(([fieldName, ty]) => ({ name: fieldName, ty })),
  })),
});
