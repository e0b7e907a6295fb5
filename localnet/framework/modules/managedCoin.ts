import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { resourceKey } from '../../storage/types.ts';
import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS, resource } from '../assets.ts';
import { adjustCoinSupply, coinTypeOf } from '../coins.ts';
import type { NativeModule } from '../context.ts';
import { abortIn, signerAddress, str } from '../vmState.ts';
import {
  assertRegistered,
  CAPABILITY,
  coinInitialize,
  depositCoin,
  mintCoin,
  withdrawCoin,
} from './coin.ts';

const MANAGED_COIN = 'managed_coin';
const T0 = [[]] as string[][];
const cap = (kind: string) => `0x1::coin::${kind}Capability<T0>`;
const capabilitiesType = (coinType: string) => `0x1::managed_coin::Capabilities<${coinType}>`;
const NO_CAPABILITY = { dummy_field: false };

/** `assert!(exists<Capabilities<T>>(account), error::not_found(ENO_CAPABILITIES))`. */
function requireCapabilities(host: NativeHost, coinType: string, account: LongAddress): void {
  if (host.session.ctx.get(resourceKey(account, capabilitiesType(coinType))) === null) {
    abortIn(MANAGED_COIN, 0x60001n, 'ENO_CAPABILITIES', 'Account has no capabilities (burn/mint).');
  }
}

/** `string::utf8(bytes)`: `EINVALID_UTF8` for bytes that are not UTF-8. */
function utf8String(bytes: Value): Value {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes as number[]));
  } catch {
    abortIn('string', 0x10001n, 'EINVALID_UTF8', 'An invalid UTF8 encoding.');
  }
  return str(Buffer.from(Uint8Array.from(bytes as number[])).toString('utf8'));
}

export const managedCoinModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: MANAGED_COIN,
  friends: [],
  structs: [
    struct(
      'Capabilities',
      ['key'],
      [
        ['burn_cap', cap('Burn')],
        ['freeze_cap', cap('Freeze')],
        ['mint_cap', cap('Mint')],
      ],
      { typeParams: [{ constraints: [], is_phantom: true }] },
    ),
  ],
  functions: [
    fn(
      'burn',
      { params: ['&signer', 'u64'], typeParams: T0, isEntry: true },
      (host, tys, [account, amount]) => {
        const coinType = coinTypeOf(tys);
        const address = signerAddress(account as Value);
        requireCapabilities(host, coinType, address);
        withdrawCoin(host, coinType, address, amount as bigint);
        adjustCoinSupply(host.session.ctx, coinType, -(amount as bigint));
        return [];
      },
    ),
    fn(
      'initialize',
      {
        params: ['&signer', 'vector<u8>', 'vector<u8>', 'u8', 'bool'],
        typeParams: T0,
        isEntry: true,
      },
      (host, tys, [account, name, symbol, decimals, monitor]) => {
        const args = [account, utf8String(name as Value), utf8String(symbol as Value)];
        must(coinInitialize.native)(host, tys, [...args, decimals, monitor] as Value[]);
        const address = signerAddress(account as Value);
        const type = capabilitiesType(coinTypeOf(tys));
        // `move_to(account, Capabilities<T> { … })`: `CoinInfo<T>` at the same address was new.
        host.session.ctx.write(
          resourceKey(address, type),
          resource(address, type, {
            burn_cap: NO_CAPABILITY,
            freeze_cap: NO_CAPABILITY,
            mint_cap: NO_CAPABILITY,
          }),
        );
        return [];
      },
    ),
    fn(
      'mint',
      { params: ['&signer', 'address', 'u64'], typeParams: T0, isEntry: true },
      (host, tys, [account, to, amount]) => {
        const coinType = coinTypeOf(tys);
        requireCapabilities(host, coinType, signerAddress(account as Value));
        mintCoin(host, coinType, amount as bigint);
        depositCoin(host, coinType, to as LongAddress, amount as bigint);
        return [];
      },
    ),
    fn('register', { params: ['&signer'], typeParams: T0, isEntry: true }, (host, tys) => {
      assertRegistered(host, coinTypeOf(tys));
      return [];
    }),
    fn(
      'destroy_caps',
      { params: ['&signer'], typeParams: T0, isEntry: true },
      (host, tys, [account]) => {
        removeCaps(host, coinTypeOf(tys), signerAddress(account as Value));
        return [];
      },
    ),
    fn(
      'remove_caps',
      { params: ['&signer'], returns: [cap('Burn'), cap('Freeze'), cap('Mint')], typeParams: T0 },
      (host, tys, [account]) => {
        removeCaps(host, coinTypeOf(tys), signerAddress(account as Value));
        return [CAPABILITY, CAPABILITY, CAPABILITY];
      },
    ),
  ],
};

/** `move_from<Capabilities<T>>(account)` after the capabilities check. */
function removeCaps(host: NativeHost, coinType: string, account: LongAddress): void {
  requireCapabilities(host, coinType, account);
  host.session.ctx.write(resourceKey(account, capabilitiesType(coinType)), null);
}
