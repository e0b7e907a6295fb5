/**
 * Aggregator v1 (`aggregator`, `aggregator_factory`, `optional_aggregator`), from their sources
 * and the node's natives. An `Aggregator { handle, key, limit }`'s value is the u128 table item at
 * `key` of table `handle`; only the framework creates one (`create_aggregator` checks its signer,
 * `create_aggregator_internal` is a friend's), so user bytecode reaches these functions only with
 * an `OptionalAggregator` or `Aggregator` it cannot build: they are here for completeness and
 * behave as the sources do.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import { T } from '../../../move/vm/ty.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import { missingData } from '../../context.ts';
import { deref, optionValue } from '../../vmState.ts';
import { CATEGORY, fail } from './errors.ts';
import { gated, systemModule } from './gate.ts';

const AGGREGATOR = '0x1::aggregator::Aggregator';
const OPTIONAL = '0x1::optional_aggregator::OptionalAggregator';

/** The table cell holding an aggregator's value. */
function cellOf(host: NativeHost, aggregator: Value | undefined): Value[] {
  const [handle, key] = deref(must(aggregator)) as [LongAddress, LongAddress];
  return host.session.tableItem(handle, T.address, T.u128, key).cell;
}
const valueOf = (cell: Value[]): bigint =>
  cell[0] === undefined ? missingData() : (cell[0] as bigint);
const limitOf = (aggregator: Value | undefined): bigint =>
  (deref(must(aggregator)) as Value[])[2] as bigint;

function add(module: string, cell: Value[], value: bigint, limit: bigint): void {
  const current = valueOf(cell);
  if (value > limit - current) fail(module, 'EAGGREGATOR_OVERFLOW', CATEGORY.outOfRange);
  cell[0] = current + value;
}
function sub(module: string, cell: Value[], value: bigint): void {
  const current = valueOf(cell);
  if (value > current) fail(module, 'EAGGREGATOR_UNDERFLOW', CATEGORY.outOfRange);
  cell[0] = current - value;
}

const aggregator = systemModule(
  'aggregator',
  [],
  [
    fn('limit', { params: [`&${AGGREGATOR}`], returns: ['u128'] }, (_h, _t, [a]) => [limitOf(a)]),
    fn('add', { params: [`&mut ${AGGREGATOR}`, 'u128'] }, (host, _t, [a, v]) => {
      add('aggregator', cellOf(host, a), v as bigint, limitOf(a));
      return [];
    }),
    fn('sub', { params: [`&mut ${AGGREGATOR}`, 'u128'] }, (host, _t, [a, v]) => {
      sub('aggregator', cellOf(host, a), v as bigint);
      return [];
    }),
    fn('read', { params: [`&${AGGREGATOR}`], returns: ['u128'] }, (host, _t, [a]) => [
      valueOf(cellOf(host, a)),
    ]),
    fn('destroy', { params: [AGGREGATOR] }, (host, _t, [a]) => {
      cellOf(host, a)[0] = undefined as unknown as Value; // the item is removed
      return [];
    }),
  ],
);

const aggregatorFactory = systemModule(
  'aggregator_factory',
  [],
  [
    gated('aggregator_factory', 'create_aggregator', ['&signer', 'u128'], {
      returns: [AGGREGATOR],
    }),
  ],
);

/** `OptionalAggregator { aggregator: Option<Aggregator>, integer: Option<Integer> }`. */
const parts = (o: Value | undefined) => {
  const [agg, integer] = deref(must(o)) as [Value, Value];
  return { agg: optionValue(agg), integer: optionValue(integer) as Value[] | undefined };
};
const optionalAggregator = systemModule(
  'optional_aggregator',
  [],
  [
    fn('switch', { params: [`&mut ${OPTIONAL}`] }, () =>
      fail('optional_aggregator', 'ESWITCH_DEPRECATED', CATEGORY.invalidState),
    ),
    fn('destroy', { params: [OPTIONAL] }, (host, _t, [o]) => {
      const { agg } = parts(o);
      if (agg !== undefined) cellOf(host, agg)[0] = undefined as unknown as Value;
      return [];
    }),
    fn('add', { params: [`&mut ${OPTIONAL}`, 'u128'] }, (host, _t, [o, v]) => {
      const { agg, integer } = parts(o);
      if (agg !== undefined) add('aggregator', cellOf(host, agg), v as bigint, limitOf(agg));
      else {
        const cell = must(integer);
        const limit = cell[1] as bigint;
        if ((v as bigint) > limit - (cell[0] as bigint)) {
          fail('optional_aggregator', 'EAGGREGATOR_OVERFLOW', CATEGORY.outOfRange);
        }
        cell[0] = (cell[0] as bigint) + (v as bigint);
      }
      return [];
    }),
    fn('sub', { params: [`&mut ${OPTIONAL}`, 'u128'] }, (host, _t, [o, v]) => {
      const { agg, integer } = parts(o);
      if (agg !== undefined) sub('aggregator', cellOf(host, agg), v as bigint);
      else {
        const cell = must(integer);
        if ((v as bigint) > (cell[0] as bigint)) {
          fail('optional_aggregator', 'EAGGREGATOR_UNDERFLOW', CATEGORY.outOfRange);
        }
        cell[0] = (cell[0] as bigint) - (v as bigint);
      }
      return [];
    }),
    fn('read', { params: [`&${OPTIONAL}`], returns: ['u128'] }, (host, _t, [o]) => {
      const { agg, integer } = parts(o);
      return [agg !== undefined ? valueOf(cellOf(host, agg)) : (must(integer)[0] as bigint)];
    }),
    fn('is_parallelizable', { params: [`&${OPTIONAL}`], returns: ['bool'] }, (_h, _t, [o]) => [
      parts(o).agg !== undefined,
    ]),
  ],
);

export const AGGREGATOR_MODULES = [aggregator, aggregatorFactory, optionalAggregator];
