import { readFileSync } from 'node:fs';
import {
  AbstractedAccount,
  Account,
  type AnyRawTransaction,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { DerivableAbstractedAccount } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';
import { ModuleBuilder, S } from './move/vmBuilder.ts';

/**
 * Account abstraction on the running chain: a package's `authenticate` registered through
 * `0x1::account_abstraction`, transactions authenticated by it (run in the Move interpreter),
 * refused when it aborts or is not registered, and the registration removed again.
 * The package is the ts-sdk's compiled `hello_world_authenticator` (accepts the authenticator
 * bytes "hello world", aborts `EINVALID_SIGNATURE = 1` otherwise) and `any_authenticator`.
 */
interface Fixture {
  metadata: string;
  modules: Array<{ before: string; after: string }>;
}
const fx = JSON.parse(
  readFileSync('tests/fixtures/move/helloWorldAuthenticator.json', 'utf8'),
) as Fixture;

describe('account abstraction (0x1::account_abstraction and the Abstraction authenticator)', () => {
  let chain: Chain;
  let deployer: Account;
  let alice: Account;
  let helloWorld: string;

  beforeAll(async () => {
    chain = await startChain();
    deployer = await fundedAccount(chain, 1_000_000_000);
    alice = await fundedAccount(chain, 1_000_000_000);
    helloWorld = `${deployer.accountAddress.toString()}::hello_world_authenticator::authenticate`;
    const transaction = await chain.aptos.publishPackageTransaction({
      account: deployer.accountAddress,
      metadataBytes: fx.metadata,
      moduleBytecode: fx.modules.map(
        (m) => `${m.before}${deployer.accountAddress.toStringWithoutPrefix()}${m.after}`,
      ),
    });
    const published = await send(deployer, transaction);
    expect(published.vm_status).toBe('Executed successfully');
  });
  afterAll(async () => {
    await chain.localnet.stop();
  });

  async function send(
    signer: Account,
    transaction: AnyRawTransaction,
  ): Promise<UserTransactionResponse> {
    const pending = await chain.aptos.signAndSubmitTransaction({ signer, transaction });
    return (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
      options: { checkSuccess: false },
    })) as UserTransactionResponse;
  }

  const transfer = (sender: Account, amount: number) =>
    chain.aptos.transferCoinTransaction({
      sender: sender.accountAddress,
      recipient: deployer.accountAddress,
      amount,
    });

  const abstracted = (signer: string, authenticationFunction: string) =>
    new AbstractedAccount({
      accountAddress: alice.accountAddress,
      authenticationFunction,
      signer: () => new TextEncoder().encode(signer),
    });

  async function submitError(account: Account): Promise<string> {
    const transaction = await transfer(alice, 5);
    try {
      await chain.aptos.signAndSubmitTransaction({ signer: account, transaction });
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    return 'accepted';
  }

  it('refuses an abstracted signer before the account registers any function', async () => {
    expect(await submitError(abstracted('hello world', helloWorld))).toContain(
      '"message":"Invalid transaction: Type: Execution Code: ABORTED","error_code":"vm_error","vm_error_code":4016',
    );
  });

  it('registers the function: DispatchableAuthenticator, the event, and the views', async () => {
    const added = await send(
      alice,
      await chain.aptos.abstraction.addAuthenticationFunctionTransaction({
        accountAddress: alice.accountAddress,
        authenticationFunction: helloWorld,
      }),
    );
    expect(added.vm_status).toBe('Executed successfully');
    const event = added.events.find((e) => e.type.endsWith('::UpdateDispatchableAuthenticator'));
    // Addresses in JSON are short (leading zeros stripped), as a node renders them.
    expect(event?.data).toEqual({
      account: alice.accountAddress.toStringShort(),
      update: '0x616464',
      auth_function: {
        module_address: deployer.accountAddress.toStringShort(),
        module_name: 'hello_world_authenticator',
        function_name: 'authenticate',
      },
    });
    expect(
      await chain.aptos.abstraction.isAccountAbstractionEnabled({
        accountAddress: alice.accountAddress,
        authenticationFunction: helloWorld,
      }),
    ).toBe(true);
    const [enabled] = await chain.aptos.view<[boolean]>({
      payload: {
        function: '0x1::account_abstraction::using_dispatchable_authenticator',
        functionArguments: [alice.accountAddress.toString()],
      },
    });
    expect(enabled).toBe(true);
    // Adding it twice aborts EFUNCTION_INFO_EXISTENCE (already_exists).
    const again = await send(
      alice,
      await chain.aptos.abstraction.addAuthenticationFunctionTransaction({
        accountAddress: alice.accountAddress,
        authenticationFunction: helloWorld,
      }),
    );
    expect(again.vm_status).toContain(
      'Move abort in 0x1::account_abstraction: EFUNCTION_INFO_EXISTENCE(0x80002)',
    );
  });

  it('refuses a function that does not exist or has another signature', async () => {
    const missing = await send(
      alice,
      await chain.aptos.abstraction.addAuthenticationFunctionTransaction({
        accountAddress: alice.accountAddress,
        authenticationFunction: `${deployer.accountAddress.toString()}::hello_world_authenticator::nope`,
      }),
    );
    expect(missing.vm_status).toContain('Move abort in 0x1::function_info: EINVALID_FUNCTION(0x2)');
    const mismatch = await send(
      alice,
      await chain.aptos.abstraction.addAuthenticationFunctionTransaction({
        accountAddress: alice.accountAddress,
        authenticationFunction: '0x1::coin::transfer',
      }),
    );
    expect(mismatch.vm_status).toContain('EAUTH_FUNCTION_SIGNATURE_MISMATCH(0x10003)');
  });

  it('commits a transaction its function accepts, charging the function its gas', async () => {
    const before = await chain.aptos.getAccountAPTAmount({
      accountAddress: deployer.accountAddress,
    });
    const account = abstracted('hello world', helloWorld);
    const transaction = await transfer(alice, 77);
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: account, transaction });
    const done = (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
    })) as UserTransactionResponse;
    expect(done.success).toBe(true);
    expect(done.signature).toMatchObject({
      type: 'single_sender',
      function_info: helloWorld,
      // AbstractAuthenticationData::V1: variant 0, the 32-byte digest, then "hello world".
      auth_data: expect.stringMatching(/^0x0020[0-9a-f]{64}0b68656c6c6f20776f726c64$/),
    });
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: deployer.accountAddress })).toBe(
      before + 77,
    );
    // The same transfer signed by Alice's key costs less: the interpreter's instructions count.
    const plain = await send(alice, await transfer(alice, 77));
    expect(Number(done.gas_used)).toBeGreaterThan(Number(plain.gas_used));
  });

  it('authenticates the sender of a fee-payer transaction (its authenticator is not last)', async () => {
    const before = await chain.aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress });
    const transaction = await chain.aptos.transaction.build.simple({
      sender: alice.accountAddress,
      withFeePayer: true,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [deployer.accountAddress, 50],
      },
    });
    const feePayerAuthenticator = chain.aptos.transaction.signAsFeePayer({
      signer: deployer,
      transaction,
    });
    const senderAuthenticator = abstracted(
      'hello world',
      helloWorld,
    ).signTransactionWithAuthenticator(transaction);
    const pending = await chain.aptos.transaction.submit.simple({
      transaction,
      senderAuthenticator,
      feePayerAuthenticator,
    });
    const done = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(done.success).toBe(true);
    // The fee payer paid the gas: Alice lost exactly the 50 octas she sent.
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress })).toBe(
      before - 50,
    );
  });

  it('refuses one its function aborts on, and one whose digest is not the transaction’s', async () => {
    expect(await submitError(abstracted('goodbye', helloWorld))).toContain(
      'Invalid transaction: Type: Execution Code: ABORTED',
    );
    // A digest over another transaction: the signature check fails first.
    const account = abstracted('hello world', helloWorld);
    const transaction = await transfer(alice, 5);
    const other = await transfer(alice, 6);
    const authenticator = account.signTransactionWithAuthenticator(other);
    await expect(
      chain.aptos.transaction.submit.simple({ transaction, senderAuthenticator: authenticator }),
    ).rejects.toThrow('Invalid transaction: Type: Validation Code: INVALID_SIGNATURE');
  });

  it('removes the function: the account is no longer abstracted', async () => {
    const removed = await send(
      alice,
      await chain.aptos.abstraction.removeAuthenticationFunctionTransaction({
        accountAddress: alice.accountAddress,
        authenticationFunction: helloWorld,
      }),
    );
    expect(removed.vm_status).toBe('Executed successfully');
    expect(removed.events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        '0x1::account_abstraction::UpdateDispatchableAuthenticator',
        '0x1::account_abstraction::RemoveDispatchableAuthenticator',
      ]),
    );
    expect(
      await chain.aptos.abstraction.getAuthenticationFunction({
        accountAddress: alice.accountAddress,
      }),
    ).toBeUndefined();
    expect(await submitError(abstracted('hello world', helloWorld))).toContain('ABORTED');
    // Removing it again: nothing registered (not_found EFUNCTION_INFO_EXISTENCE).
    const again = await send(
      alice,
      await chain.aptos.abstraction.removeAuthenticationFunctionTransaction({
        accountAddress: alice.accountAddress,
        authenticationFunction: helloWorld,
      }),
    );
    expect(again.vm_status).toContain('EFUNCTION_INFO_EXISTENCE(0x60002)');
  });

  it('registers 0x1::permissioned_delegation::authenticate, which refuses (feature removed)', async () => {
    const bob = await fundedAccount(chain, 100_000_000);
    const enabled = await send(
      bob,
      await chain.aptos.abstraction.addAuthenticationFunctionTransaction({
        accountAddress: bob.accountAddress,
        authenticationFunction: '0x1::permissioned_delegation::authenticate',
      }),
    );
    expect(enabled.vm_status).toBe('Executed successfully');
    const delegate = AbstractedAccount.fromPermissionedSigner({
      signer: Account.generate({ legacy: true }),
      accountAddress: bob.accountAddress,
    });
    await expect(
      chain.aptos.signAndSubmitTransaction({
        signer: delegate,
        transaction: await transfer(bob, 1),
      }),
    ).rejects.toThrow('Invalid transaction: Type: Execution Code: ABORTED');
  });

  it('runs a native authenticate called from bytecode: its abort, not an invariant violation', async () => {
    // `forward::authenticate(account, data) = permissioned_delegation::authenticate(account, data)`:
    // AbstractionAuthData reaches the framework's native as a VM value (the bridge could not carry it).
    const b = new ModuleBuilder(deployer.accountAddress.toStringLong(), 'forward');
    const data = S.struct(b.foreignStruct('0x1', 'auth_data', 'AbstractionAuthData', 3));
    const delegated = b.use(
      '0x1',
      'permissioned_delegation',
      'authenticate',
      [S.signer, data],
      [S.signer],
    );
    b.fn('authenticate', {
      params: [S.signer, data],
      returns: [S.signer],
      code: [
        { op: 'MoveLoc', local: 0 },
        { op: 'MoveLoc', local: 1 },
        { op: 'Call', fn: delegated },
        { op: 'Ret' },
      ],
    });
    const published = await ownerTransactions(chain, deployer).publish('forward', b.build());
    expect(published.vm_status).toBe('Executed successfully');
    const carol = await fundedAccount(chain, 100_000_000);
    const forward = `${deployer.accountAddress.toString()}::forward::authenticate`;
    const added = await send(
      carol,
      await chain.aptos.abstraction.addAuthenticationFunctionTransaction({
        accountAddress: carol.accountAddress,
        authenticationFunction: forward,
      }),
    );
    expect(added.vm_status).toBe('Executed successfully');
    const transaction = await transfer(carol, 1);
    const signer = new AbstractedAccount({
      accountAddress: carol.accountAddress,
      authenticationFunction: forward,
      signer: () => new Uint8Array([1]),
    });
    await expect(chain.aptos.signAndSubmitTransaction({ signer, transaction })).rejects.toThrow(
      '"message":"Invalid transaction: Type: Execution Code: ABORTED"',
    );
  });

  it('authenticates a derivable account through the 0x7 test function', async () => {
    const key = Account.generate();
    const daa = new DerivableAbstractedAccount({
      signer: (digest) =>
        key
          .sign(new TextEncoder().encode(`0x${Buffer.from(digest as Uint8Array).toString('hex')}`))
          .toUint8Array(),
      authenticationFunction: '0x7::test_derivable_account_abstraction_ed25519_hex::authenticate',
      abstractPublicKey: key.publicKey.toUint8Array(),
    });
    await chain.aptos.fundAccount({ accountAddress: daa.accountAddress, amount: 100_000_000 });
    const transaction = await chain.aptos.transferCoinTransaction({
      sender: daa.accountAddress,
      recipient: deployer.accountAddress,
      amount: 9,
    });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: daa, transaction });
    const done = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(done.success).toBe(true);
    // Another key's signature for the same derived address is refused by the function.
    const intruder = Account.generate();
    const forged = new DerivableAbstractedAccount({
      signer: (digest) =>
        intruder
          .sign(new TextEncoder().encode(`0x${Buffer.from(digest as Uint8Array).toString('hex')}`))
          .toUint8Array(),
      authenticationFunction: '0x7::test_derivable_account_abstraction_ed25519_hex::authenticate',
      abstractPublicKey: key.publicKey.toUint8Array(),
    });
    const next = await chain.aptos.transferCoinTransaction({
      sender: daa.accountAddress,
      recipient: deployer.accountAddress,
      amount: 9,
    });
    await expect(
      chain.aptos.signAndSubmitTransaction({ signer: forged, transaction: next }),
    ).rejects.toThrow('Code: ABORTED');
  });
});
