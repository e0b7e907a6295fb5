/**
 * The API's checks on an entry function payload before the mempool, in process
 * (localnet/executor/payloadFormat.ts): identifiers, type argument nesting at the limit of 8, type
 * tags the node cannot decode, and the type argument and argument counts against the ABI, each
 * with the node's message.
 */
import {
  AccountAddress,
  EntryFunction,
  Identifier,
  ModuleId,
  StructTag,
  TypeTagGeneric,
  TypeTagReference,
  TypeTagStruct,
  TypeTagU64,
  TypeTagU8,
  TypeTagVector,
  U64,
  type TypeTag,
} from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../localnet/encoding.ts';
import {
  checkEntryFunction,
  MAX_TYPE_NESTING,
  PayloadFormatError,
} from '../../localnet/executor/payloadFormat.ts';

const ONE = `0x${'0'.repeat(63)}1` as LongAddress;

function entry(module: string, fn: string, typeArgs: TypeTag[] = [], argCount = 0): EntryFunction {
  return new EntryFunction(
    new ModuleId(AccountAddress.ONE, new Identifier(module)),
    new Identifier(fn),
    typeArgs,
    Array.from({ length: argCount }, () => new U64(1n)),
  );
}

function refusal(call: EntryFunction, module = ONE): string {
  try {
    checkEntryFunction(call, module);
  } catch (error) {
    expect(error).toBeInstanceOf(PayloadFormatError);
    expect((error as Error).name).toBe('PayloadFormatError');
    return (error as Error).message;
  }
  throw new Error('expected a PayloadFormatError');
}

const struct = (module: string, name: string, args: TypeTag[] = []) =>
  new TypeTagStruct(
    new StructTag(AccountAddress.ONE, new Identifier(module), new Identifier(name), args),
  );

/** `vector<…<u8>…>` with `depth` vectors. */
function vectors(depth: number): TypeTag {
  let tag: TypeTag = new TypeTagU8();
  for (let i = 0; i < depth; i += 1) tag = new TypeTagVector(tag);
  return tag;
}

/** `0x1::m::S<0x1::m::S<…>>` with `depth` structs around u8. */
function structs(depth: number): TypeTag {
  let tag: TypeTag = new TypeTagU8();
  for (let i = 0; i < depth; i += 1) tag = struct('m', 'S', [tag]);
  return tag;
}

describe('checkEntryFunction', () => {
  it('accepts a well-formed call and any call to a function it does not know', () => {
    expect(() => checkEntryFunction(entry('aptos_account', 'transfer', [], 2), ONE)).not.toThrow();
    expect(() =>
      checkEntryFunction(entry('unknown_module', 'f', [new TypeTagU64()], 5), ONE),
    ).not.toThrow();
    expect(() => checkEntryFunction(entry('_m', '_f'), ONE)).not.toThrow();
    expect(() => checkEntryFunction(entry('A9_', 'b_1'), ONE)).not.toThrow();
  });

  it('refuses invalid module and function identifiers', () => {
    for (const bad of ['1abc', '_', '', 'a-b', 'a b', 'é']) {
      expect(refusal(entry(bad, 'f'))).toBe(
        `Transaction entry function module invalid: invalid Move module name: ${bad}`,
      );
      expect(refusal(entry('m', bad))).toBe(
        `Transaction entry function name invalid: invalid Move function name: ${bad}`,
      );
    }
    // The module is checked first.
    expect(refusal(entry('1', '2'))).toMatch(/module invalid/);
  });

  it('type arguments nest at most 8 deep', () => {
    expect(MAX_TYPE_NESTING).toBe(8);
    expect(() => checkEntryFunction(entry('m', 'f', [vectors(8)]), ONE)).not.toThrow();
    expect(refusal(entry('m', 'f', [vectors(9)]))).toBe(
      'Transaction entry function type arg invalid: Move type has gone over the limit of recursive types 8',
    );
    expect(() => checkEntryFunction(entry('m', 'f', [structs(4)]), ONE)).not.toThrow();
  });

  it('struct tags: nesting through type parameters and identifiers', () => {
    // Each struct level counts twice (the struct and its parameter): five levels are too deep.
    expect(refusal(entry('m', 'f', [structs(5)]))).toMatch(
      /^Transaction entry function type arg invalid: Invalid struct tag for generic type params: 0x1::m::S /,
    );
    expect(refusal(entry('m', 'f', [structs(5)]))).toMatch(
      /has gone over the limit of recursive types 8$/,
    );
    expect(refusal(entry('m', 'f', [struct('m', '1S')]))).toBe(
      'Transaction entry function type arg invalid: invalid struct tag: 0x1::m::1S',
    );
    expect(refusal(entry('m', 'f', [struct('1m', 'S')]))).toBe(
      'Transaction entry function type arg invalid: invalid struct tag: 0x1::1m::S',
    );
    expect(refusal(entry('m', 'f', [struct('m', 'S', [struct('m', 'bad name')])]))).toBe(
      'Transaction entry function type arg invalid: Invalid struct tag for generic type params: 0x1::m::S invalid struct tag: 0x1::m::bad name',
    );
    expect(() =>
      checkEntryFunction(
        entry('m', 'f', [new TypeTagVector(struct('m', 'S', [new TypeTagU8()]))]),
        ONE,
      ),
    ).not.toThrow();
  });

  it('a struct at the depth limit itself is refused with the struct message', () => {
    // vector^8 around a struct: the struct sits at depth 8 → over (its check is depth > 8 after +1).
    let tag: TypeTag = struct('m', 'S');
    for (let i = 0; i < 8; i += 1) tag = new TypeTagVector(tag);
    expect(refusal(entry('m', 'f', [tag]))).toBe(
      'Transaction entry function type arg invalid: Move struct tag 0x1::m::S has gone over the limit of recursive types 8',
    );
    let fits: TypeTag = struct('m', 'S');
    for (let i = 0; i < 7; i += 1) fits = new TypeTagVector(fits);
    expect(() => checkEntryFunction(entry('m', 'f', [fits]), ONE)).not.toThrow();
  });

  it('references and generics are not type tags the node can decode', () => {
    expect(refusal(entry('m', 'f', [new TypeTagReference(new TypeTagU8())]))).toBe(
      'Transaction entry function type arg invalid: unknown variant index for TypeTag',
    );
    expect(refusal(entry('m', 'f', [new TypeTagVector(new TypeTagGeneric(0))]))).toBe(
      'Transaction entry function type arg invalid: unknown variant index for TypeTag',
    );
  });

  it('counts type arguments and arguments (signers excluded) against a known function', () => {
    expect(refusal(entry('aptos_account', 'transfer', [new TypeTagU64()], 2))).toBe(
      'Expected 0 type arguments, got 1',
    );
    expect(refusal(entry('coin', 'transfer', [], 2))).toBe('Expected 1 type arguments, got 0');
    expect(refusal(entry('aptos_account', 'transfer', [], 1))).toBe('Expected 2 arguments, got 1');
    expect(refusal(entry('aptos_account', 'transfer', [], 3))).toBe('Expected 2 arguments, got 3');
    expect(() =>
      checkEntryFunction(entry('coin', 'transfer', [struct('aptos_coin', 'AptosCoin')], 2), ONE),
    ).not.toThrow();
    // Another address has no such module: not checked here.
    expect(() =>
      checkEntryFunction(
        entry('aptos_account', 'transfer', [], 7),
        `0x${'0'.repeat(63)}2` as LongAddress,
      ),
    ).not.toThrow();
  });
});
