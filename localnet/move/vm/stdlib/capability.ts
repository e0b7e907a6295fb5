/**
 * `aptos_std::capability` natively, following capability.move: `CapState<Feature> { delegates }`
 * at the root, `CapDelegateState<Feature> { root }` at each delegate (0x1 resources, kept in the
 * native context as the framework's are), `Cap<Feature>` / `LinearCap<Feature> { root }`.
 *
 * `create` aborts `ECAPABILITY_ALREADY_EXISTS` 0x80001, `acquire` `ECAPABILITY_NOT_FOUND`
 * 0x60002 or, for a delegate, `EDELEGATE` 0x30003; `delegate` and `revoke` borrow the root's
 * `CapState` (`MISSING_DATA` without one) after their own `move_to` / `move_from`.
 */
import type { LongAddress } from '../../../encoding.ts';
import { resourceKey } from '../../../storage/types.ts';
import { BytecodeAbort, vmError } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import type { Ty } from '../ty.ts';
import { T, tyString } from '../ty.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';
import { fromJson, toJson } from '../valuesJson.ts';

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;
const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
const fail = (code: bigint): never => {
  throw new BytecodeAbort('0x1::capability', code, null);
};

const state = (name: 'CapState' | 'CapDelegateState', feature: Ty): Ty =>
  T.struct({ address: FRAMEWORK, module: 'capability', name }, [feature]);

/** The resource `ty` at `address` as a value, or `undefined`. */
function read(host: NativeHost, address: LongAddress, ty: Ty): Value[] | undefined {
  const stored = host.session.ctx.get(resourceKey(address, tyString(ty)));
  if (stored === null || stored.kind !== 'resource') return undefined;
  return fromJson(ty, stored.data, host.layout.bind(host)) as Value[];
}
function write(host: NativeHost, address: LongAddress, ty: Ty, value: Value[] | null): void {
  const type = tyString(ty);
  host.session.ctx.write(
    resourceKey(address, type),
    value === null
      ? null
      : {
          kind: 'resource',
          address,
          type,
          data: toJson(ty, value, host.layout.bind(host)) as Record<string, never>,
        },
  );
}
/** `borrow_global_mut<CapState<F>>(root)` around `change`. */
function updateDelegates(
  host: NativeHost,
  root: LongAddress,
  feature: Ty,
  change: (d: string[]) => void,
) {
  const ty = state('CapState', feature);
  const cap = read(host, root, ty);
  if (cap === undefined) throw vmError('MISSING_DATA');
  change(cap[0] as string[]);
  write(host, root, ty, cap);
}

function validateAcquire(host: NativeHost, feature: Ty, addr: LongAddress): LongAddress {
  const delegate = read(host, addr, state('CapDelegateState', feature));
  if (delegate !== undefined) {
    const root = delegate[0] as LongAddress;
    const cap = read(host, root, state('CapState', feature));
    if (cap === undefined) fail(0x30003n);
    if (!((cap as Value[])[0] as string[]).includes(addr)) fail(0x30003n);
    return root;
  }
  if (read(host, addr, state('CapState', feature)) === undefined) fail(0x60002n);
  return addr;
}

const on =
  (run: (host: NativeHost, feature: Ty, args: Value[]) => Value[]): NativeImpl =>
  (host, tys, args) => {
    host.charge(GAS_PARAMS.nativeBase);
    return run(host, tys[0] as Ty, args);
  };
const rootOf = (cap: Value | undefined): LongAddress =>
  (deref(cap as Value) as Value[])[0] as LongAddress;

export const CAPABILITY: ReadonlyArray<[string, NativeImpl]> = [
  [
    'create',
    on((host, feature, [owner]) => {
      const addr = deref(owner as Value) as LongAddress;
      const ty = state('CapState', feature);
      if (read(host, addr, ty) !== undefined) fail(0x80001n);
      write(host, addr, ty, [[]]);
      return [];
    }),
  ],
  ...(['acquire', 'acquire_linear'] as const).map((name): [string, NativeImpl] => [
    name,
    on((host, feature, [requester]) => [
      [validateAcquire(host, feature, deref(requester as Value) as LongAddress)],
    ]),
  ]),
  ['root_addr', on((_h, _f, [cap]) => [rootOf(cap)])],
  ['linear_root_addr', on((_h, _f, [cap]) => [rootOf(cap)])],
  [
    'delegate',
    on((host, feature, [cap, , to]) => {
      const addr = deref(to as Value) as LongAddress;
      const ty = state('CapDelegateState', feature);
      if (read(host, addr, ty) !== undefined) return [];
      const root = rootOf(cap);
      write(host, addr, ty, [root]);
      updateDelegates(host, root, feature, (d) => {
        if (!d.includes(addr)) d.push(addr);
      });
      return [];
    }),
  ],
  [
    'revoke',
    on((host, feature, [cap, , from]) => {
      const addr = from as LongAddress;
      const ty = state('CapDelegateState', feature);
      if (read(host, addr, ty) === undefined) return [];
      write(host, addr, ty, null);
      updateDelegates(host, rootOf(cap), feature, (d) => {
        const i = d.indexOf(addr);
        if (i >= 0) d.splice(i, 1);
      });
      return [];
    }),
  ],
];
