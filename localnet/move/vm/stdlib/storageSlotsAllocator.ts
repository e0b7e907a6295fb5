/**
 * `0x1::storage_slots_allocator` (aptos_std) natively, as `storage_slots_allocator.move` runs:
 * `StorageSlotsAllocator::V1` `[0, slots: Option<TableWithLength<u64, Link<T>>>, new_slot_index,
 * should_reuse, reuse_head_index, reuse_spare_count]`, the table created with the first slot,
 * slots numbered from 10, `Link::Occupied { value }` `[0, value]` and `Link::Vacant { next }`
 * `[1, next]` (the reuse queue, newest first), `StoredSlot` / `ReservedSlot` `[slot_index]`.
 *
 * Failures as the Move code's: `ECANNOT_HAVE_SPARES_WITHOUT_REUSE` 0x10002, a freed slot that is
 * not the reserved one `EINVALID_ARGUMENT` (1, uncategorized), the table's own aborts for a slot
 * taken twice or missing (`0x1::table` 0x6400 / 0x6500), a vacant slot borrowed or unpacked as
 * occupied `STRUCT_VARIANT_MISMATCH`, `borrow` before any slot `EOPTION_NOT_SET`.
 */
import type { LongAddress } from '../../../encoding.ts';
import { BytecodeAbort, vmError } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import type { Ty } from '../ty.ts';
import { T } from '../ty.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;
const NULL = 0n;
const FIRST_INDEX = 10n;
/** About one Move call of the allocator (a table slot touched). */
const STEP = 1_500;

const abort = (code: bigint, module = 'storage_slots_allocator'): never => {
  throw new BytecodeAbort(`0x1::${module}`, code, null);
};
const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);

export const newAllocator = (reuse: boolean): Value => [0, [[]], FIRST_INDEX, reuse, NULL, 0];

/** An allocator value of `StorageSlotsAllocator<T>` and the VM it lives in. */
export class Slots {
  private readonly a: Value[];
  private readonly linkTy: Ty;

  constructor(
    private readonly host: NativeHost,
    elemTy: Ty,
    allocator: Value,
  ) {
    this.a = deref(allocator) as Value[];
    this.linkTy = T.struct(
      { address: FRAMEWORK, module: 'storage_slots_allocator', name: 'Link' },
      [elemTy],
    );
  }

  /** The slots table (`[[handle], length]`), or `null` before the first slot. */
  private table(): Value[] | null {
    const vec = (this.a[1] as Value[])[0] as Value[];
    return (vec[0] as Value[] | undefined) ?? null;
  }
  private cell(index: bigint): Value[] {
    const table = this.table();
    if (table === null) abort(0x40001n, 'option');
    const handle = ((table as Value[])[0] as Value[])[0] as LongAddress;
    this.host.charge(STEP);
    return this.host.session.tableItem(handle, T.u64, this.linkTy, index).cell;
  }
  private addLink(index: bigint, link: Value): void {
    const cell = this.cell(index);
    if (cell[0] !== undefined) abort(0x6400n, 'table');
    cell[0] = link;
    const table = this.table() as Value[];
    table[1] = (table[1] as bigint) + 1n;
  }
  private removeLink(index: bigint): Value[] {
    const cell = this.cell(index);
    const link = cell[0];
    if (link === undefined) abort(0x6500n, 'table');
    cell[0] = undefined as unknown as Value;
    const table = this.table() as Value[];
    table[1] = (table[1] as bigint) - 1n;
    return link as Value[];
  }
  private static occupied(link: Value[]): Value {
    if (link[0] !== 0) throw vmError('STRUCT_VARIANT_MISMATCH');
    return link[1] as Value;
  }

  nextSlotIndex(): bigint {
    const index = this.a[2] as bigint;
    this.a[2] = index + 1n;
    if (this.table() === null) {
      (this.a[1] as Value[])[0] = [[[this.host.session.newTableHandle()], 0n]];
    }
    return index;
  }
  private popReuse(): bigint {
    const head = this.a[4] as bigint;
    if (head !== NULL) {
      const link = this.removeLink(head);
      if (link[0] !== 1) throw vmError('STRUCT_VARIANT_MISMATCH');
      this.a[4] = link[1] as bigint;
      this.a[5] = (this.a[5] as number) - 1;
    }
    return head;
  }
  pushReuse(index: bigint): void {
    if (this.a[3] !== true) return;
    this.addLink(index, [1, this.a[4] as bigint]);
    this.a[4] = index;
    this.a[5] = (this.a[5] as number) + 1;
  }
  get shouldReuse(): boolean {
    return this.a[3] as boolean;
  }
  reserveSlot(): bigint {
    const index = this.popReuse();
    return index === NULL ? this.nextSlotIndex() : index;
  }
  fill(index: bigint, value: Value): void {
    this.addLink(index, [0, value]);
  }
  removeAndReserve(index: bigint): Value {
    return Slots.occupied(this.removeLink(index));
  }
  /** `borrow` / `borrow_mut`: the occupied slot's value (a reference to it with `ref`). */
  borrow(index: bigint): Value {
    const link = this.cell(index)[0];
    if (link === undefined) abort(0x6500n, 'table');
    return Slots.occupied(link as Value[]);
  }
  borrowRef(index: bigint): Ref {
    const link = this.cell(index)[0];
    if (link === undefined) abort(0x6500n, 'table');
    Slots.occupied(link as Value[]);
    return new Ref(link as Value[], 1);
  }
  freeReserved(reserved: bigint, stored: bigint): void {
    if (reserved !== stored) abort(1n);
    this.pushReuse(reserved);
  }
  /** `destroy_empty`: drains the reuse queue, then destroys the (empty) table. */
  destroyEmpty(): void {
    while (this.popReuse() !== NULL);
    const table = this.table();
    if (table !== null && table[1] !== 0n) abort(0x30066n, 'table_with_length');
  }
  allocateSpare(count: bigint): void {
    if (!this.shouldReuse) abort(0x10002n);
    for (let i = 0n; i < count; i += 1n) this.pushReuse(this.nextSlotIndex());
  }
  spareCount(): number {
    if (!this.shouldReuse) abort(0x10002n);
    return this.a[5] as number;
  }
}

const slot = (v: Value | undefined): bigint => (deref(v as Value) as Value[])[0] as bigint;
const slots = (host: NativeHost, tys: readonly Ty[], a: Value | undefined) =>
  new Slots(host, tys[0] as Ty, a as Value);

/** `[function, implementation]` of `0x1::storage_slots_allocator`. */
export const STORAGE_SLOTS_ALLOCATOR: ReadonlyArray<[string, NativeImpl]> = [
  ['new', (_h, _t, [reuse]) => [newAllocator(reuse as boolean)]],
  [
    'allocate_spare_slots',
    (host, tys, [a, n]) => (slots(host, tys, a).allocateSpare(n as bigint), []),
  ],
  ['get_num_spare_slot_count', (host, tys, [a]) => [slots(host, tys, a).spareCount()]],
  [
    'add',
    (host, tys, [a, value]) => {
      const s = slots(host, tys, a);
      const index = s.reserveSlot();
      s.fill(index, value as Value);
      return [[index]];
    },
  ],
  [
    'remove',
    (host, tys, [a, stored]) => {
      const s = slots(host, tys, a);
      const index = slot(stored);
      const value = s.removeAndReserve(index);
      s.freeReserved(index, index);
      return [value];
    },
  ],
  ['destroy_empty', (host, tys, [a]) => (slots(host, tys, a).destroyEmpty(), [])],
  ['borrow', (host, tys, [a, index]) => [slots(host, tys, a).borrowRef(index as bigint)]],
  ['borrow_mut', (host, tys, [a, index]) => [slots(host, tys, a).borrowRef(index as bigint)]],
  [
    'reserve_slot',
    (host, tys, [a]) => {
      const index = slots(host, tys, a).reserveSlot();
      return [[index], [index]];
    },
  ],
  [
    'fill_reserved_slot',
    (host, tys, [a, reserved, value]) => (
      slots(host, tys, a).fill(slot(reserved), value as Value),
      []
    ),
  ],
  [
    'remove_and_reserve',
    (host, tys, [a, index]) => {
      const value = slots(host, tys, a).removeAndReserve(index as bigint);
      return [[index as bigint], value];
    },
  ],
  [
    'free_reserved_slot',
    (host, tys, [a, reserved, stored]) => (
      slots(host, tys, a).freeReserved(slot(reserved), slot(stored)),
      []
    ),
  ],
  ['reserved_to_index', (_h, _t, [r]) => [slot(r)]],
  ['stored_to_index', (_h, _t, [s]) => [slot(s)]],
  ['is_null_index', (_h, _t, [i]) => [(i as bigint) === NULL]],
  [
    'is_special_unused_index',
    (_h, _t, [i]) => [(i as bigint) !== NULL && (i as bigint) < FIRST_INDEX],
  ],
];
