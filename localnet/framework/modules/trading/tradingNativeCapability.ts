/**
 * `0x7::trading_native_capability` (trading_native_capability.move): the exchange registry at
 * `@aptos_experimental` and the capability an active exchange obtains. This chain's genesis runs
 * no `init_module` for 0x7, so `ExchangeRegistry` is absent and reading it is `MISSING_DATA`, as
 * `borrow_global` answers on that state; `register`, `deny` and `reenable` take the framework's
 * signer, which no transaction here has (`system_addresses`' 0x50003 first).
 */
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { Ref } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import type { NativeFunction, NativeModule } from '../../context.ts';
import { borrowResource, readResource, signerAddress, ty } from '../../vmState.ts';
import { frameworkSignerOnly } from '../system/gate.ts';
import { assertFramework, long } from '../system/systemAddresses.ts';
import { aborter, at, enumAbi, EXPERIMENTAL, failAt, getter } from './shared.ts';

const M = '0x7::trading_native_capability::';
const CAP = `${M}TradingNativeCapability`;
const REGISTRY = `${M}ExchangeRegistry`;
const MAP = `0x1::big_ordered_map::BigOrderedMap<address, ${M}Empty>`;
const abort = aborter('0x7::trading_native_capability');
const PERMISSION_DENIED = 0x50000n;

/** `registry.<registered|denied>.contains(&addr)` through big_ordered_map's own function. */
function contains(host: NativeHost, registry: Value, field: 1 | 2, addr: Value): boolean {
  const map = at(registry, [field]);
  const [found] = host.call(
    long('0x1'),
    'big_ordered_map',
    'contains',
    [ty('address'), ty(`${M}Empty`)],
    [new Ref([map], 0), new Ref([addr], 0)],
  );
  return found === true;
}

const registryOf = (host: NativeHost): Value => borrowResource(host, EXPERIMENTAL, REGISTRY);

/** `assert_active(addr)`: the feature, then registered, then not denied. */
function assertActive(host: NativeHost, addr: Value): void {
  const [enabled] = host.call(long('0x1'), 'features', 'is_trading_native_enabled', [], []);
  if (enabled !== true) {
    abort(
      PERMISSION_DENIED | 1n,
      'EFEATURE_DISABLED',
      'Feature `TRADING_NATIVE` is not enabled on this chain.',
    );
  }
  const registry = registryOf(host);
  if (!contains(host, registry, 1, addr)) {
    abort(
      PERMISSION_DENIED | 2n,
      'EEXCHANGE_NOT_REGISTERED',
      'Exchange has not been registered yet.',
    );
  }
  if (contains(host, registry, 2, addr)) {
    abort(
      PERMISSION_DENIED | 3n,
      'EEXCHANGE_DENIED',
      'This exchange address has been disabled by governance.',
    );
  }
}

/** `f(framework: &signer, exchange: address)`: governance's, past the framework's signer. */
const governance = (name: string): NativeFunction =>
  fn(name, { params: ['&signer', 'address'] }, (_h, _t, [framework]) => {
    assertFramework(framework);
    return frameworkSignerOnly(`${M}${name}`);
  });

export const tradingNativeCapabilityModule: NativeModule = {
  address: EXPERIMENTAL,
  name: 'trading_native_capability',
  friends: [],
  structs: [
    struct('Empty', ['copy', 'drop', 'store'], [['dummy_field', 'bool']]),
    struct('TradingNativeCapability', ['drop', 'store'], [['exchange', 'address']]),
    enumAbi(
      'ExchangeRegistry',
      ['key'],
      [
        [
          'V1',
          [
            ['registered', MAP],
            ['denied', MAP],
          ],
        ],
      ],
    ),
  ],
  functions: [
    fn('is_denied', { params: ['address'], returns: ['bool'] }, (host, _t, [exchange]) => {
      // borrow_global's MISSING_DATA, at the site a node names for it.
      const registry =
        readResource(host, EXPERIMENTAL, REGISTRY) ?? failAt('MISSING_DATA', `${M}new`, 1);
      return [contains(host, registry, 2, exchange as Value)];
    }),
    governance('register'),
    fn('get_capability', { params: ['&signer'], returns: [CAP] }, (host, _t, [exchange]) => {
      const addr = signerAddress(exchange as Value);
      assertActive(host, addr);
      return [[addr]];
    }),
    fn('assert_valid', { params: [`&${CAP}`] }, (host, _t, [cap]) => {
      assertActive(host, at(cap as Value, [0]));
      return [];
    }),
    governance('deny'),
    governance('reenable'),
    getter('exchange', CAP, 'address', [0]),
  ],
};
