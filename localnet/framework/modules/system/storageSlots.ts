/**
 * `storage_slot` and `storage_slot_or_inline` (`0x1`) on the VM's own values, from their
 * sources: a `StorageSlot<T>` is the address of a `StorageSlotResource<T> { val }` kept at a
 * fresh AUID address (`object::create_unique_onchain_signer`), borrowed in place through the
 * session's resource cell (the natives `borrow_storage_slot_resource(_mut)` hand out references
 * into global storage), behind the storage-slot-natives feature; `StorageSlotOrInline<T>` is the
 * enum `Inline { value } | StorageSlot { slot } | Transient`, `[variant, ...fields]` as a value.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import { BytecodeAbort, vmError } from '../../../move/vm/errors.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Ty } from '../../../move/vm/ty.ts';
import { tyString } from '../../../move/vm/ty.ts';
import type { Value } from '../../../move/vm/values.ts';
import { copyValue, Ref } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import { deref, ty } from '../../vmState.ts';
import { fail } from './errors.ts';
import { systemModule } from './gate.ts';

const SLOT = '0x1::storage_slot::StorageSlot<T0>';
const OR_INLINE = '0x1::storage_slot_or_inline::StorageSlotOrInline<T0>';
const STORE = [['store']];

const resourceCell = (host: NativeHost, t: Ty | undefined, address: LongAddress): Value[] =>
  host.session.global(address, ty(`0x1::storage_slot::StorageSlotResource<${tyString(must(t))}>`))
    .cell;

/** `storage_slot::new`: the value moved to a resource at a fresh AUID address. */
function newSlot(host: NativeHost, t: Ty | undefined, value: Value): Value {
  const [extendRef] = host.call(
    FRAMEWORK_ADDRESS,
    'object',
    'create_unique_onchain_signer',
    [],
    [],
  );
  const address = (must(extendRef) as Value[])[0] as LongAddress;
  const cell = resourceCell(host, t, address);
  if (cell[0] !== undefined) throw vmError('RESOURCE_ALREADY_EXISTS');
  cell[0] = [value];
  return [address];
}

/** `borrow(_mut)`: the feature's bare abort, then a reference to the resource's `val`. */
function borrowSlot(host: NativeHost, t: Ty | undefined, slot: Value): Ref {
  const [on] = host.call(FRAMEWORK_ADDRESS, 'features', 'is_storage_slot_natives_enabled', [], []);
  if (on !== true) fail('storage_slot', 'ESTORAGE_SLOT_NATIVES_NOT_ENABLED');
  const cell = resourceCell(host, t, (deref(slot) as Value[])[0] as LongAddress);
  // The native's abort, in the storage_slot module (raised by the native, no category).
  if (cell[0] === undefined) throw new BytecodeAbort('0x1::storage_slot', 2n, null);
  return new Ref(cell[0] as Value[], 0);
}

/** `storage_slot::destroy`: `move_from` (MISSING_DATA when absent), the value out. */
function destroySlot(host: NativeHost, t: Ty | undefined, slot: Value): Value {
  const cell = resourceCell(host, t, (slot as Value[])[0] as LongAddress);
  if (cell[0] === undefined) throw vmError('MISSING_DATA');
  const [value] = cell[0] as Value[];
  cell[0] = undefined as unknown as Value;
  return must(value);
}

const storageSlot = systemModule(
  'storage_slot',
  [
    struct('StorageSlot', ['store'], [['addr', 'address']], {
      typeParams: [{ constraints: [], is_phantom: true }],
    }),
    struct('StorageSlotResource', ['key'], [['val', 'T0']], {
      typeParams: [{ constraints: [], is_phantom: false }],
    }),
  ],
  [
    fn('new', { params: ['T0'], returns: [SLOT], typeParams: STORE }, (host, [t], [v]) => [
      newSlot(host, t, must(v)),
    ]),
    fn(
      'borrow',
      { params: [`&${SLOT}`], returns: ['&T0'], typeParams: STORE },
      (host, [t], [s]) => [borrowSlot(host, t, must(s))],
    ),
    fn(
      'borrow_mut',
      { params: [`&mut ${SLOT}`], returns: ['&mut T0'], typeParams: STORE },
      (host, [t], [s]) => [borrowSlot(host, t, must(s))],
    ),
    fn(
      'copy_storage_slot',
      { params: [`&${SLOT}`], returns: [SLOT], typeParams: [['copy', 'store']] },
      (host, [t], [s]) => {
        const ref = borrowSlot(host, t, must(s));
        return [newSlot(host, t, copyValue(ref.c[ref.i] as Value))];
      },
    ),
    fn('destroy', { params: [SLOT], returns: ['T0'], typeParams: STORE }, (host, [t], [s]) => [
      destroySlot(host, t, must(s)),
    ]),
  ],
);

const INLINE = 0;
const IN_SLOT = 1;
const transient = (): never =>
  fail('storage_slot_or_inline', 'ESTORAGE_SLOT_INCORRECTLY_IN_TRANSIENT_STATE');
const variantOf = (v: Value): Value[] => deref(v) as Value[];

/** `borrow(_mut)`: the inline value's field, or the slot's. */
function borrowEither(host: NativeHost, t: Ty | undefined, self: Value): Ref {
  const value = variantOf(self);
  if (value[0] === INLINE) return new Ref(value, 1);
  if (value[0] === IN_SLOT) return borrowSlot(host, t, must(value[1]));
  return transient();
}

const storageSlotOrInline = systemModule(
  'storage_slot_or_inline',
  [],
  [
    fn('new_inline', { params: ['T0'], returns: [OR_INLINE], typeParams: STORE }, (_h, _t, [v]) => [
      [INLINE, must(v)],
    ]),
    fn(
      'new_storage_slot',
      { params: ['T0'], returns: [OR_INLINE], typeParams: STORE },
      (host, [t], [v]) => [[IN_SLOT, newSlot(host, t, must(v))]],
    ),
    fn(
      'borrow',
      { params: [`&${OR_INLINE}`], returns: ['&T0'], typeParams: STORE },
      (host, [t], [self]) => [borrowEither(host, t, must(self))],
    ),
    fn(
      'borrow_mut',
      { params: [`&mut ${OR_INLINE}`], returns: ['&mut T0'], typeParams: STORE },
      (host, [t], [self]) => [borrowEither(host, t, must(self))],
    ),
    fn(
      'destroy',
      { params: [OR_INLINE], returns: ['T0'], typeParams: STORE },
      (host, [t], [self]) => {
        const value = must(self) as Value[];
        if (value[0] === INLINE) return [must(value[1])];
        if (value[0] === IN_SLOT) return [destroySlot(host, t, must(value[1]))];
        return transient();
      },
    ),
    fn(
      'move_to_inline',
      { params: [`&mut ${OR_INLINE}`], typeParams: STORE },
      (host, [t], [self]) => {
        const ref = must(self) as Ref;
        const value = variantOf(ref);
        if (value[0] === IN_SLOT) ref.c[ref.i] = [INLINE, destroySlot(host, t, must(value[1]))];
        else if (value[0] !== INLINE) transient();
        return [];
      },
    ),
    fn(
      'move_to_storage_slot',
      { params: [`&mut ${OR_INLINE}`], typeParams: STORE },
      (host, [t], [self]) => {
        const ref = must(self) as Ref;
        const value = variantOf(ref);
        if (value[0] === INLINE) ref.c[ref.i] = [IN_SLOT, newSlot(host, t, must(value[1]))];
        else if (value[0] !== IN_SLOT) transient();
        return [];
      },
    ),
  ],
);

export const STORAGE_SLOT_MODULES = [storageSlot, storageSlotOrInline];
