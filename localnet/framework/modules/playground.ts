import type { LongAddress } from '../../encoding.ts';
import { must, parseAddress, shortAddress } from '../../encoding.ts';
import type { ResourceValue } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { entry, struct, view } from '../abi.ts';
import type { NativeContext, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, MoveAbort, moduleError } from '../context.ts';

/** The playground module's fixed address. */
export const PLAYGROUND_ADDRESS = must(parseAddress('0xcafe'));
const PLAYGROUND = `${shortAddress(PLAYGROUND_ADDRESS)}::playground`;
const playgroundErrors = {
  noValue: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'ENO_VALUE',
    'No value is stored at this address.',
  ),
  tooManyEvents: moduleError(
    ERROR_CATEGORY.outOfRange,
    2n,
    'ETOO_MANY_EVENTS',
    'At most 10,000 events per call.',
  ),
};
const STORED_TYPE = `${PLAYGROUND}::Stored`;

function storeAt(ctx: NativeContext, owner: LongAddress, value: bigint): void {
  ctx.write(resourceKey(owner, STORED_TYPE), {
    kind: 'resource',
    address: owner,
    type: STORED_TYPE,
    data: { value: value.toString() },
  });
}

/** Entry functions that rehearse failures offline; see localnet/README.md. */
export const playgroundModule: NativeModule = {
  address: PLAYGROUND_ADDRESS,
  name: 'playground',
  friends: [],
  structs: [
    struct('Stored', ['key'], [['value', 'u64']]),
    struct('Ping', ['drop', 'store'], [['index', 'u64']], { isEvent: true }),
  ],
  functions: [
    entry('abort_with', ['&signer', 'u64'], (_c, _t, [code]) => {
      throw new MoveAbort(PLAYGROUND, code as bigint);
    }),
    entry('burn_gas', ['&signer', 'u64'], (ctx, _t, [units]) => {
      const total = units as bigint;
      // Charged in slices so a huge request stops at the first slice past max_gas_amount.
      for (let spent = 0n; spent < total; spent += 100_000n) {
        const slice = total - spent < 100_000n ? total - spent : 100_000n;
        ctx.charge(Number(slice) * 1_000_000);
      }
      return [];
    }),
    entry('emit_events', ['&signer', 'u64'], (ctx, _t, [count]) => {
      if ((count as bigint) > 10_000n) abort(PLAYGROUND, playgroundErrors.tooManyEvents);
      for (let i = 0n; i < (count as bigint); i += 1n) {
        ctx.charge(200_000);
        ctx.emit(`${PLAYGROUND}::Ping`, { index: i.toString() });
      }
      return [];
    }),
    entry('store_value', ['&signer', 'u64'], (ctx, _t, [value]) => {
      storeAt(ctx, must(ctx.signers[0]), value as bigint);
      return [];
    }),
    entry('store_value_both', ['&signer', '&signer', 'u64'], (ctx, _t, [value]) => {
      storeAt(ctx, must(ctx.signers[0]), value as bigint);
      storeAt(ctx, must(ctx.signers[1]), value as bigint);
      return [];
    }),
    view('get_value', ['address'], ['u64'], (ctx, _t, [owner]) => {
      const stored = ctx.get(
        resourceKey(owner as LongAddress, STORED_TYPE),
      ) as ResourceValue | null;
      if (stored === null) abort(PLAYGROUND, playgroundErrors.noValue);
      return [BigInt(stored.data.value as string)];
    }),
  ],
};
