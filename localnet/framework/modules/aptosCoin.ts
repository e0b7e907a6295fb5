import type { LongAddress } from '../../encoding.ts';
import { must, parseAddress, shortAddress } from '../../encoding.ts';
import type { Value } from '../../move/vm/values.ts';
import type { ResourceValue } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { fn, struct } from '../abi.ts';
import { adjustSupply, depositApt, ensureAccount, FRAMEWORK_ADDRESS, resource } from '../assets.ts';
import type { NativeContext, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError, VmStatusError } from '../context.ts';
import { STATUS_CODES } from '../../move/vm/statusCodes.ts';
import { ROOT_ADDRESS } from '../root.ts';
import { abortIn, signerAddress } from '../vmState.ts';

const APTOS_COIN = '0x1::aptos_coin';
const MINT_CAP_STORE = `${APTOS_COIN}::MintCapStore`;
const DELEGATIONS = `${APTOS_COIN}::Delegations`;
const aptosCoinErrors = {
  noCapabilities: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'ENO_CAPABILITIES',
    'Account does not have mint capability',
  ),
};

/**
 * `exists<MintCapStore>(account)`. The root account is the chain's core resources account: it
 * mints for the faucet, as the core resources account a node's test genesis gives the mint
 * capability (genesis here writes no `MintCapStore` for it).
 */
const hasMintCapability = (ctx: NativeContext, account: LongAddress): boolean =>
  account === ROOT_ADDRESS || ctx.get(resourceKey(account, MINT_CAP_STORE)) !== null;

/** `Delegations.inner` at the core resources account (empty until the first delegation). */
function delegations(ctx: NativeContext): LongAddress[] {
  const value = ctx.get(resourceKey(ROOT_ADDRESS, DELEGATIONS)) as ResourceValue | null;
  const inner = (value?.data.inner ?? []) as Array<{ to: string }>;
  return inner.map((delegation) => must(parseAddress(delegation.to)));
}

function writeDelegations(ctx: NativeContext, to: LongAddress[]): void {
  ctx.write(
    resourceKey(ROOT_ADDRESS, DELEGATIONS),
    resource(ROOT_ADDRESS, DELEGATIONS, {
      inner: to.map((address) => ({ to: shortAddress(address) })),
    }),
  );
}

export const aptosCoinModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'aptos_coin',
  friends: ['0x1::genesis'],
  structs: [
    struct('AptosCoin', ['key'], [['dummy_field', 'bool']]),
    struct(
      'MintCapStore',
      ['key'],
      [['mint_cap', '0x1::coin::MintCapability<0x1::aptos_coin::AptosCoin>']],
    ),
    struct('DelegatedMintCapability', ['store'], [['to', 'address']]),
    struct('Delegations', ['key'], [['inner', 'vector<0x1::aptos_coin::DelegatedMintCapability>']]),
  ],
  functions: [
    fn(
      'mint',
      { params: ['&signer', 'address', 'u64'], isEntry: true },
      (host, _t, [account, to, amount]) => {
        const ctx = host.session.ctx;
        if (!hasMintCapability(ctx, signerAddress(account as Value)))
          abort(APTOS_COIN, aptosCoinErrors.noCapabilities);
        ensureAccount(ctx, to as LongAddress);
        depositApt(ctx, to as LongAddress, amount as bigint);
        adjustSupply(ctx, amount as bigint);
        return [];
      },
    ),
    fn('has_mint_capability', { params: ['&signer'], returns: ['bool'] }, (host, _t, [account]) => [
      hasMintCapability(host.session.ctx, signerAddress(account as Value)),
    ]),
    fn(
      'delegate_mint_capability',
      { params: ['signer', 'address'], isEntry: true },
      (host, _t, [account, to]) => {
        if (signerAddress(account as Value) !== ROOT_ADDRESS) {
          abortIn(
            'system_addresses',
            0x50001n,
            'ENOT_CORE_RESOURCE_ADDRESS',
            'The address/account did not correspond to the core resource address',
          );
        }
        const inner = delegations(host.session.ctx);
        if (inner.includes(to as LongAddress)) {
          abortIn(
            APTOS_COIN,
            0x10002n,
            'EALREADY_DELEGATED',
            'Mint capability has already been delegated to this specified address',
          );
        }
        writeDelegations(host.session.ctx, [...inner, to as LongAddress]);
        return [];
      },
    ),
    fn('claim_mint_capability', { params: ['&signer'], isEntry: true }, (host, _t, [account]) => {
      const ctx = host.session.ctx;
      const address = signerAddress(account as Value);
      const inner = delegations(ctx);
      const index = inner.indexOf(address);
      // `assert!(maybe_index.is_some(), EDELEGATION_NOT_FOUND)`: the bare code, no category.
      if (index < 0) {
        abortIn(
          APTOS_COIN,
          3n,
          'EDELEGATION_NOT_FOUND',
          'Cannot find delegation of mint capability to this account',
        );
      }
      // `swap_remove(idx)`.
      inner[index] = must(inner[inner.length - 1]);
      inner.pop();
      writeDelegations(ctx, inner);
      if (ctx.get(resourceKey(address, MINT_CAP_STORE)) !== null) {
        throw new VmStatusError('RESOURCE_ALREADY_EXISTS', STATUS_CODES.RESOURCE_ALREADY_EXISTS);
      }
      ctx.write(
        resourceKey(address, MINT_CAP_STORE),
        resource(address, MINT_CAP_STORE, { mint_cap: { dummy_field: false } }),
      );
      return [];
    }),
  ],
};
