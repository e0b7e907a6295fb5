/** The staking modules of `0x1` on the VM's own values. */
import type { NativeModule } from '../../context.ts';
import { aptosGovernanceModule } from './aptosGovernance.ts';
import { delegationPoolModule } from './delegationPool.ts';
import { stakeModule } from './stake.ts';
import { stakingConfigModule } from './stakingConfig.ts';
import { stakingContractModule } from './stakingContract.ts';
import { stakingProxyModule } from './stakingProxy.ts';
import { vestingModule } from './vesting.ts';
import { votingModule } from './voting.ts';

export const STAKING_MODULES: readonly NativeModule[] = [
  stakeModule,
  stakingConfigModule,
  stakingContractModule,
  stakingProxyModule,
  vestingModule,
  delegationPoolModule,
  votingModule,
  aptosGovernanceModule,
];
