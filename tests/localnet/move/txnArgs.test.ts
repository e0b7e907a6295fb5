import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { VmStatusError } from '../../../localnet/framework/context.ts';
import type {
  Bytecode,
  CompiledModule,
  SignatureToken,
} from '../../../localnet/move/binary/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';
import { VmWorld } from './vmWorld.ts';

/**
 * The types a transaction may pass to an entry function (aptos-vm's `is_valid_txn_arg`):
 * integers, bool, address, vectors of them, and `0x1`'s String, Object, Option (of a valid
 * type), FixedPoint32/64. Anything else is refused before the call with
 * `INVALID_MAIN_FUNCTION_SIGNATURE` (1011): a user struct, a reference, a signer after the
 * leading ones, a function type (bytecode v8), a generic instantiated with one of those.
 */
const ME = `0x${'cd'.repeat(32)}` as LongAddress;

function argsModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'args');
  const mine = b.struct('Mine', 7, [['v', S.u64]]);
  const string = b.foreignStruct('0x1', 'string', 'String', 7);
  const option = b.foreignStruct('0x1', 'option', 'Option', 7, 1);
  const object = b.foreignStruct('0x1', 'object', 'Object', 3, 1);
  const fp = b.foreignStruct('0x1', 'fixed_point32', 'FixedPoint32', 7);
  const entry = (name: string, params: SignatureToken[], typeParams = 0) =>
    b.fn(name, {
      entry: true,
      params,
      typeParams,
      code: [
        ...params.flatMap((_, i): Bytecode[] => [{ op: 'MoveLoc', local: i }, { op: 'Pop' }]),
        { op: 'Ret' },
      ],
    });
  entry('ok_basic', [S.u64, S.bool, S.address, S.vec(S.vec(S.u8))]);
  entry('ok_framework', [
    S.struct(string),
    S.struct(option, [S.u64]),
    S.struct(object, [S.struct(mine.handle)]),
    S.struct(fp),
  ]);
  entry('ok_generic', [S.param(0)], 1);
  entry('bad_struct', [S.struct(mine.handle)]);
  entry('bad_option', [S.struct(option, [S.struct(mine.handle)])]);
  entry('bad_vector', [S.vec(S.struct(mine.handle))]);
  entry('bad_function', [{ kind: 'Function', args: [S.u64], results: [], abilities: 7 }]);
  return { ...b.build(), version: 8 };
}

const world = new VmWorld(ME);
world.modules.set(`${ME}::args`, argsModule());

/** `Executed`, or the status and its number the call was refused with. */
function call(fn: string, args: Uint8Array[], typeArgs: string[] = []): string {
  try {
    world.call('args', fn, args, { typeArgs });
    return 'Executed';
  } catch (error) {
    if (error instanceof VmStatusError) return `${error.status} ${error.code}`;
    throw error;
  }
}

const u64 = Uint8Array.from([5, 0, 0, 0, 0, 0, 0, 0]);
const addr = new Uint8Array(32).fill(1);

describe('entry function argument types (is_valid_txn_arg)', () => {
  it('accepts integers, bool, address, vectors and the framework structs a node constructs', () => {
    expect(call('ok_basic', [u64, Uint8Array.of(1), addr, Uint8Array.of(1, 2, 7, 8)])).toBe(
      'Executed',
    );
    expect(
      call('ok_framework', [Uint8Array.of(2, 0x68, 0x69), Uint8Array.of(1, ...u64), addr, u64]),
    ).toBe('Executed');
    expect(call('ok_generic', [u64], ['u64'])).toBe('Executed');
  });

  it('refuses other structs, invalid Option and vector elements, generics and function types', () => {
    const refused = 'INVALID_MAIN_FUNCTION_SIGNATURE 1011';
    expect(call('bad_struct', [u64])).toBe(refused);
    expect(call('bad_option', [Uint8Array.of(0)])).toBe(refused);
    expect(call('bad_vector', [Uint8Array.of(0)])).toBe(refused);
    expect(call('bad_function', [Uint8Array.of(0)])).toBe(refused);
    expect(call('ok_generic', [u64], [`${ME}::args::Mine`])).toBe(refused);
  });

  it('counts the arguments before checking their types, as aptos-vm does', () => {
    expect(call('bad_struct', [])).toBe('NUMBER_OF_ARGUMENTS_MISMATCH 1098');
  });
});
