import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';
import type { NativeHost } from '../../../localnet/move/vm/loader.ts';
import { VmSession } from '../../../localnet/move/vm/session.ts';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import type { StateValue } from '../../../localnet/storage/types.ts';
import { host as harness, native } from './nativeHarness.ts';

/**
 * aptos_std's capability natives on a state of their own: create, acquire (by the root and by a
 * delegate), delegate, revoke, with capability.move's aborts and the resources it writes.
 */
const ROOT = `0x${'0'.repeat(63)}a`;
const DELEGATE = `0x${'0'.repeat(63)}b`;
const OTHER = `0x${'0'.repeat(63)}c`;
const FEATURE = '0x1::string::String';

function status(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof MoveAbort) return error.vmStatus;
    if (error instanceof VmStatusError) return error.status;
    throw error;
  }
  return 'ok';
}

function world(): { host: NativeHost; state: Map<string, StateValue | null> } {
  const state = new Map<string, StateValue | null>();
  const session = new VmSession(
    {
      signers: [],
      timestampMicros: 0n,
      chainId: 4,
      get: (key) => state.get(key) ?? null,
      write: (key, value) => void state.set(key, value),
      emit: () => undefined,
      charge: () => undefined,
    },
    { module: () => null },
    new Uint8Array(32),
    FRAMEWORK_LINK,
  );
  return { host: { ...harness, session, layout: session.layout.bind(session) }, state };
}

describe('0x1::capability', () => {
  const { host, state } = world();
  const C = (name: string, ...args: Value[]) =>
    native(`capability::${name}`)(host, [parseTy(FEATURE)], args);
  const signer = (addr: string) => new Ref([addr], 0);
  const witness = new Ref([[[]]], 0);
  const resource = (addr: string, name: string) =>
    state.get(`${addr}/0x1::capability::${name}<${FEATURE}>`) ??
    [...state.entries()].find(([k]) => k.includes(addr) && k.includes(name))?.[1];

  it('creates the root capability once and acquires it', () => {
    expect(status(() => C('acquire', signer(ROOT), witness))).toMatch(
      /^Move abort in 0x1::capability: ECAPABILITY_NOT_FOUND\(0x60002\)/,
    );
    C('create', signer(ROOT), witness);
    expect(resource(ROOT, 'CapState')).toMatchObject({ data: { delegates: [] } });
    expect(status(() => C('create', signer(ROOT), witness))).toMatch(
      /ECAPABILITY_ALREADY_EXISTS\(0x80001\)/,
    );
    const [cap] = C('acquire', signer(ROOT), witness);
    expect(cap).toEqual([ROOT]);
    expect(C('root_addr', cap as Value, witness)).toEqual([ROOT]);
    expect(
      C('linear_root_addr', C('acquire_linear', signer(ROOT), witness)[0] as Value, witness),
    ).toEqual([ROOT]);
  });

  it('delegates, lets the delegate acquire the root, and revokes', () => {
    const [cap] = C('acquire', signer(ROOT), witness);
    C('delegate', cap as Value, witness, signer(DELEGATE));
    C('delegate', cap as Value, witness, signer(DELEGATE));
    expect(resource(ROOT, 'CapState')).toMatchObject({ data: { delegates: ['0xb'] } });
    expect(resource(DELEGATE, 'CapDelegateState')).toMatchObject({ data: { root: '0xa' } });
    expect(C('acquire', signer(DELEGATE), witness)).toEqual([[ROOT]]);
    C('revoke', cap as Value, witness, OTHER);
    C('revoke', cap as Value, witness, DELEGATE);
    expect(resource(DELEGATE, 'CapDelegateState')).toBeNull();
    expect(resource(ROOT, 'CapState')).toMatchObject({ data: { delegates: [] } });
    expect(status(() => C('acquire', signer(DELEGATE), witness))).toMatch(/ECAPABILITY_NOT_FOUND/);
  });

  it('a delegate removed from the root’s list cannot acquire (EDELEGATE)', () => {
    const [cap] = C('acquire', signer(ROOT), witness);
    C('delegate', cap as Value, witness, signer(OTHER));
    // The root's list loses the delegate while its CapDelegateState stays.
    const key = [...state.keys()].find(
      (k) => k.includes(ROOT) && k.includes('CapState<'),
    ) as string;
    const root = state.get(key);
    if (root?.kind !== 'resource') throw new Error('expected the root’s CapState resource');
    state.set(key, { ...root, data: { delegates: [] } });
    expect(status(() => C('acquire', signer(OTHER), witness))).toMatch(/EDELEGATE\(0x30003\)/);
    expect(status(() => C('delegate', [OTHER], witness, signer(DELEGATE)))).toBe('MISSING_DATA');
  });
});
