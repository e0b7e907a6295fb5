import type { LongAddress } from '../../encoding.ts';
import { must, parseAddress, shortAddress } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { fn, struct } from '../abi.ts';
import type { NativeModule } from '../context.ts';
import { MoveAbort } from '../context.ts';
import { abortIn, readResource, signerAddress, ty, writeResource } from '../vmState.ts';

/** The playground module's fixed address. */
export const PLAYGROUND_ADDRESS = must(parseAddress('0xcafe'));
const PLAYGROUND = `${shortAddress(PLAYGROUND_ADDRESS)}::playground`;
const STORED_TYPE = `${PLAYGROUND}::Stored`;
const PING_TYPE = `${PLAYGROUND}::Ping`;

const storeAt = (host: NativeHost, owner: Value, value: Value): void =>
  writeResource(host, signerAddress(owner), STORED_TYPE, [value]);

/**
 * Entry functions that rehearse failures offline; see localnet/CHAIN.md. Written on the VM's
 * values like the framework (one declaration: ABI and code).
 */
export const playgroundModule: NativeModule = {
  address: PLAYGROUND_ADDRESS,
  name: 'playground',
  friends: [],
  structs: [
    struct('Stored', ['key'], [['value', 'u64']]),
    struct('Ping', ['drop', 'store'], [['index', 'u64']], { isEvent: true }),
  ],
  functions: [
    fn('abort_with', { params: ['&signer', 'u64'], isEntry: true }, (_h, _t, [, code]) => {
      throw new MoveAbort(PLAYGROUND, code as bigint);
    }),
    fn('burn_gas', { params: ['&signer', 'u64'], isEntry: true }, (host, _t, [, units]) => {
      const total = units as bigint;
      // Charged in slices so a huge request stops at the first slice past max_gas_amount.
      for (let spent = 0n; spent < total; spent += 100_000n) {
        const slice = total - spent < 100_000n ? total - spent : 100_000n;
        host.charge(Number(slice) * 1_000_000);
      }
      return [];
    }),
    fn('emit_events', { params: ['&signer', 'u64'], isEntry: true }, (host, _t, [, count]) => {
      if ((count as bigint) > 10_000n) {
        abortIn(PLAYGROUND, 0x20002n, 'ETOO_MANY_EVENTS', 'At most 10,000 events per call.');
      }
      const ping = ty(PING_TYPE);
      for (let i = 0n; i < (count as bigint); i += 1n) {
        host.charge(200_000);
        host.session.emit(ping, [i]);
      }
      return [];
    }),
    fn('store_value', { params: ['&signer', 'u64'], isEntry: true }, (host, _t, [owner, value]) => {
      storeAt(host, owner as Value, value as Value);
      return [];
    }),
    fn(
      'store_value_both',
      { params: ['&signer', '&signer', 'u64'], isEntry: true },
      (host, _t, [first, second, value]) => {
        storeAt(host, first as Value, value as Value);
        storeAt(host, second as Value, value as Value);
        return [];
      },
    ),
    fn(
      'get_value',
      { params: ['address'], returns: ['u64'], isView: true },
      (host, _t, [owner]) => {
        const stored = readResource(host, owner as LongAddress, STORED_TYPE);
        if (stored === undefined) {
          abortIn(PLAYGROUND, 0x60001n, 'ENO_VALUE', 'No value is stored at this address.');
        }
        return [(stored as Value[])[0] as Value];
      },
    ),
  ],
};
