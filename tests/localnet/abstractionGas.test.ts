import { AbstractedAccount, type Account, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LongAddress } from '../../localnet/encoding.ts';
import type { CompiledModule } from '../../localnet/move/binary/types.ts';
import { setModuleSource } from '../../localnet/move/vm/moduleSource.ts';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { ModuleBuilder, S } from './move/vmBuilder.ts';

/**
 * An authentication function that never returns: validation stops it at `max_aa_gas` and refuses
 * the transaction with `ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED`, whatever its max gas amount.
 * Written with the test serializer: `public fun authenticate(account: signer, data:
 * AbstractionAuthData): signer { loop {} }`, and `fine` that returns the signer.
 */
function spinner(address: LongAddress): CompiledModule {
  const b = new ModuleBuilder(address, 'spin_auth');
  const authData = b.foreignStruct('0x1', 'auth_data', 'AbstractionAuthData', 1 | 2);
  const params = [S.signer, S.struct(authData)];
  b.fn('authenticate', { params, returns: [S.signer], code: [{ op: 'Branch', offset: 0 }] });
  b.fn('fine', {
    params,
    returns: [S.signer],
    code: [{ op: 'MoveLoc', local: 0 }, { op: 'Ret' }],
  });
  return b.build();
}

describe('account abstraction: the authentication gas bound', () => {
  const published = new Map<string, CompiledModule>();
  let chain: Chain;
  let owner: Account;

  beforeAll(async () => {
    setModuleSource((_state, address, name) => published.get(`${address}::${name}`) ?? null);
    chain = await startChain();
    owner = await fundedAccount(chain, 500_000_000);
    const address = owner.accountAddress.toStringLong() as LongAddress;
    published.set(`${address}::spin_auth`, spinner(address));
  });
  afterAll(async () => {
    setModuleSource(null);
    await chain.localnet.stop();
  });

  async function register(name: string): Promise<UserTransactionResponse> {
    const transaction = await chain.aptos.abstraction.addAuthenticationFunctionTransaction({
      accountAddress: owner.accountAddress,
      authenticationFunction: `${owner.accountAddress.toString()}::spin_auth::${name}`,
    });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: owner, transaction });
    return (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
    })) as UserTransactionResponse;
  }

  const submit = async (name: string) => {
    const account = new AbstractedAccount({
      accountAddress: owner.accountAddress,
      authenticationFunction: `${owner.accountAddress.toString()}::spin_auth::${name}`,
      signer: () => new Uint8Array(0),
    });
    const transaction = await chain.aptos.transferCoinTransaction({
      sender: owner.accountAddress,
      recipient: owner.accountAddress,
      amount: 1,
      options: { maxGasAmount: 200_000 },
    });
    return chain.aptos.signAndSubmitTransaction({ signer: account, transaction });
  };

  it('refuses a function that runs past max_aa_gas, and accepts one that returns', async () => {
    expect((await register('authenticate')).success).toBe(true);
    expect((await register('fine')).success).toBe(true);
    await expect(submit('authenticate')).rejects.toThrow(
      'Code: ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED',
    );
    const pending = await submit('fine');
    const done = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(done.success).toBe(true);
  });
});
