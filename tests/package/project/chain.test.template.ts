import { Account, Aptos, AptosConfig, Ed25519PrivateKey, Network } from '@aptos-labs/ts-sdk';
import type { Localnet } from '@tx-workbench/localnet';
import { expect } from 'vitest';
import { test } from './fixture.ts';

const aptosOf = (localnet: Localnet) =>
  new Aptos(
    new AptosConfig({
      network: Network.CUSTOM,
      fullnode: localnet.urls.rest,
      faucet: localnet.urls.faucet,
      indexer: localnet.urls.indexer,
    }),
  );

test('a transfer between seeded accounts, undone by a revert', async ({ localnet }) => {
  const aptos = aptosOf(localnet);
  const [alice, bob] = localnet.accounts.map((account) =>
    Account.fromPrivateKey({ privateKey: new Ed25519PrivateKey(account.privateKey) }),
  );
  const snapshot = localnet.snapshot();
  const transaction = await aptos.transferCoinTransaction({
    sender: alice.accountAddress,
    recipient: bob.accountAddress,
    amount: 1_000,
  });
  const pending = await aptos.signAndSubmitTransaction({ signer: alice, transaction });
  const committed = await aptos.waitForTransaction({ transactionHash: pending.hash });
  expect(committed.success).toBe(true);
  expect(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress })).toBe(100_001_000);
  localnet.revert(snapshot);
  expect(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress })).toBe(100_000_000);
  // Keep the chain up a while, so that the four workers' chains are seen running at once.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
});
