import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';
import { readModule } from '../../../localnet/move/binary/reader.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { Interpreter } from '../../../localnet/move/vm/interpreter.ts';
import type { NativeImpl } from '../../../localnet/move/vm/loader.ts';
import { stdNative } from '../../../localnet/move/vm/natives.ts';
import { VmSession } from '../../../localnet/move/vm/session.ts';
import type { StateValue } from '../../../localnet/storage/types.ts';

/**
 * Every argument-free public function of `std::features` (149), native against features.mv's
 * bytecode re-addressed to 0xb0, over one bit set of flags in state (`Features` at 0x1 for each):
 * the same answer or the same abort, so the native's table of flags is the module's.
 */
const ROOT = resolve(import.meta.dirname, '../../../../shared/reference/aptos-framework');
const ONE = `0x${'0'.repeat(63)}1` as LongAddress;
const ORACLE = `0x${'0'.repeat(62)}b0` as LongAddress;

const reference = readModule(new Uint8Array(readFileSync(join(ROOT, 'MoveStdlib', 'features.mv'))));
const addresses = [...reference.addressIdentifiers, ORACLE];
const module: CompiledModule = {
  ...reference,
  addressIdentifiers: addresses,
  moduleHandles: reference.moduleHandles.map((h, i) =>
    i === reference.selfModuleHandleIdx ? { ...h, address: addresses.length - 1 } : h,
  ),
};

/** A flag set with about two flags in three on, over 130 flags. */
const BITS = Array.from({ length: 17 }, (_, byte) => {
  let b = 0;
  for (let bit = 0; bit < 8; bit += 1) if ((byte * 8 + bit) % 3 !== 1) b |= 1 << bit;
  return b;
});

function interpreter(): { session: VmSession; vm: Interpreter } {
  const features: StateValue = {
    kind: 'resource',
    address: ONE,
    type: '0x1::features::Features',
    data: { features: `0x${Buffer.from(BITS).toString('hex')}` },
  };
  const session = new VmSession(
    {
      signers: [],
      timestampMicros: 0n,
      chainId: 4,
      // `Features` at 0x1, whichever module's type (0x1's or the re-addressed 0xb0's) asks.
      get: (key) =>
        key.startsWith(`r|${ONE}|`) && key.endsWith('::features::Features') ? features : null,
      write: () => undefined,
      emit: () => undefined,
      charge: () => undefined,
    },
    { module: (a, n) => (a === ORACLE && n === 'features' ? module : null) },
    new Uint8Array(32),
    FRAMEWORK_LINK,
  );
  return {
    session,
    vm: new Interpreter(session, { remaining: () => 1e15, consume: () => undefined }),
  };
}

const outcome = (run: () => unknown[]): unknown => {
  try {
    return run();
  } catch (error) {
    return ((error as { vmStatus?: string }).vmStatus ?? String(error)).replace('0xb0::', '0x1::');
  }
};

describe('std::features against the framework bytecode', () => {
  it('answers every flag getter and check as features.mv does', () => {
    const oracle = interpreter();
    const loaded = oracle.session.module(ORACLE, 'features');
    const functions = (loaded?.functions ?? []).filter(
      (fn) => fn.visibility === 'public' && fn.params.length === 0,
    );
    expect(functions).toHaveLength(149);
    let enabled = 0;
    for (const fn of functions) {
      const native = stdNative(ONE, 'features', fn.name);
      expect(native, fn.name).toBeDefined();
      const host = interpreter().vm;
      const mine = outcome(() =>
        host.runNative(`0x1::features::${fn.name}`, native as NativeImpl, [], []),
      );
      const theirs = outcome(() => oracle.vm.run(fn, [], []));
      expect(mine, fn.name).toEqual(theirs);
      if (Array.isArray(theirs) && theirs[0] === true) enabled += 1;
    }
    // Both answers occur, so the flag set tells the checks apart.
    expect(enabled).toBeGreaterThan(20);
    expect(enabled).toBeLessThan(149);
  });
});
