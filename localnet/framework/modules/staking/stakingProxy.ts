/**
 * `0x1::staking_proxy` on the VM's own values, as staking_proxy.move writes it: each setter calls
 * the vesting, staking_contract and stake functions it names, for what the owner has.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import { signerAddress } from '../../vmState.ts';
import { fail } from './errors.ts';
import { CATEGORY, stakingModule } from './shared.ts';

const call = (host: NativeHost, module: string, name: string, args: Value[]): Value[] =>
  host.call(FRAMEWORK_ADDRESS, module, name, [], args);
const ownerOf = (s: Value | undefined): LongAddress => signerAddress(must(s));

/** `set_vesting_contract_*`: each of the owner's vesting contracts whose operator matches. */
function vestingContracts(
  host: NativeHost,
  owner: Value,
  operator: Value,
  change: (contract: Value) => void,
): void {
  const contracts = call(host, 'vesting', 'vesting_contracts', [ownerOf(owner)])[0] as Value[];
  for (const contract of contracts) {
    if (call(host, 'vesting', 'operator', [contract])[0] === operator) change(contract);
  }
}

function vestingOperator(host: NativeHost, [owner, old, fresh]: Value[]): void {
  vestingContracts(host, must(owner), must(old), (contract) => {
    const commission = call(host, 'vesting', 'operator_commission_percentage', [contract])[0];
    call(host, 'vesting', 'update_operator', [
      must(owner),
      contract,
      must(fresh),
      must(commission),
    ]);
  });
}
function contractOperator(host: NativeHost, [owner, old, fresh]: Value[]): void {
  const staker = ownerOf(owner);
  if (call(host, 'staking_contract', 'staking_contract_exists', [staker, must(old)])[0] === true) {
    const commission = call(host, 'staking_contract', 'commission_percentage', [staker, must(old)]);
    call(host, 'staking_contract', 'switch_operator', [
      must(owner),
      must(old),
      must(fresh),
      must(commission[0]),
    ]);
  }
}
function poolOperator(host: NativeHost, [owner, fresh]: Value[]): void {
  if (call(host, 'stake', 'stake_pool_exists', [ownerOf(owner)])[0] === true) {
    call(host, 'stake', 'set_operator', [must(owner), must(fresh)]);
  }
}
function vestingVoter(host: NativeHost, [owner, operator, voter]: Value[]): void {
  vestingContracts(host, must(owner), must(operator), (contract) => {
    call(host, 'vesting', 'update_voter', [must(owner), contract, must(voter)]);
  });
}
function contractVoter(host: NativeHost, [owner, operator, voter]: Value[]): void {
  if (
    call(host, 'staking_contract', 'staking_contract_exists', [
      ownerOf(owner),
      must(operator),
    ])[0] === true
  ) {
    call(host, 'staking_contract', 'update_voter', [must(owner), must(operator), must(voter)]);
  }
}
function poolVoter(host: NativeHost, [owner, voter]: Value[]): void {
  if (call(host, 'stake', 'stake_pool_exists', [ownerOf(owner)])[0] === true) {
    call(host, 'stake', 'set_delegated_voter', [must(owner), must(voter)]);
  }
}

const entry = (name: string, params: string[], run: (host: NativeHost, args: Value[]) => void) =>
  fn(name, { params: ['&signer', ...params], isEntry: true }, (host, _t, args) => {
    run(host, args);
    return [];
  });
const TWO = ['address', 'address'];

export const stakingProxyModule = stakingModule(
  'staking_proxy',
  [],
  [
    fn('grant_permission', { params: ['&signer', '&signer'] }, () =>
      fail('staking_proxy', 'EPERMISSIONED_SIGNER_REMOVED', CATEGORY.unavailable),
    ),
    entry('set_operator', TWO, (host, [owner, old, fresh]) => {
      vestingOperator(host, [must(owner), must(old), must(fresh)]);
      contractOperator(host, [must(owner), must(old), must(fresh)]);
      poolOperator(host, [must(owner), must(fresh)]);
    }),
    entry('set_voter', TWO, (host, args) => {
      vestingVoter(host, args);
      contractVoter(host, args);
      poolVoter(host, [must(args[0]), must(args[2])]);
    }),
    entry('set_vesting_contract_operator', TWO, vestingOperator),
    entry('set_staking_contract_operator', TWO, contractOperator),
    entry('set_stake_pool_operator', ['address'], poolOperator),
    entry('set_vesting_contract_voter', TWO, vestingVoter),
    entry('set_staking_contract_voter', TWO, contractVoter),
    entry('set_stake_pool_voter', ['address'], poolVoter),
  ],
);
