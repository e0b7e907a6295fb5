import { generateSignedTransaction } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTransfer,
  fundedAccount,
  getJson,
  postBcs,
  startChain,
  type Chain,
} from './helpers.ts';
import { specErrors } from './openApi.ts';

let chain: Chain;
let userTransaction: { hash: string; version: string };

beforeAll(async () => {
  chain = await startChain();
  const alice = await fundedAccount(chain);
  const transaction = await buildTransfer(chain, alice);
  const pending = await chain.aptos.signAndSubmitTransaction({ signer: alice, transaction });
  userTransaction = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
});
afterAll(async () => {
  await chain.localnet.stop();
});

describe('responses validate against the official OpenAPI spec', () => {
  it('ledger info (IndexResponse)', async () => {
    expect(specErrors('IndexResponse', (await getJson(chain, '')).body)).toEqual([]);
  });

  it('a committed user transaction, by hash and by version (Transaction / UserTransaction)', async () => {
    const byHash = (await getJson(chain, `/transactions/by_hash/${userTransaction.hash}`)).body;
    expect(specErrors('Transaction', byHash)).toEqual([]);
    expect(specErrors('UserTransaction', byHash)).toEqual([]);
    expect(
      specErrors(
        'Transaction',
        (await getJson(chain, `/transactions/by_version/${userTransaction.version}`)).body,
      ),
    ).toEqual([]);
    expect(specErrors('UserTransaction', { ...(byHash as object), gas_used: 12 })).not.toEqual([]);
  });

  it('pending transactions: the 202 submit body and by_hash while pending', async () => {
    const alice = await fundedAccount(chain);
    await chain.dev('mining', { mode: 'manual' });
    try {
      const transaction = await buildTransfer(chain, alice);
      const bytes = generateSignedTransaction({
        transaction,
        senderAuthenticator: chain.aptos.transaction.sign({ signer: alice, transaction }),
      });
      const submitted = await postBcs(chain, '/transactions', bytes);
      expect(submitted.status).toBe(202);
      expect(specErrors('PendingTransaction', submitted.body)).toEqual([]);
      const pending = (
        await getJson(chain, `/transactions/by_hash/${(submitted.body as { hash: string }).hash}`)
      ).body;
      expect(specErrors('Transaction', pending)).toEqual([]);
    } finally {
      await chain.dev('mining', { mode: 'instant' });
    }
  });

  it('transaction lists: genesis, block metadata, state checkpoint', async () => {
    const list = (await getJson(chain, '/transactions?start=0&limit=100')).body as unknown[];
    expect(list.length).toBeGreaterThan(3);
    for (const tx of list) expect(specErrors('Transaction', tx)).toEqual([]);
  });

  it('blocks, with and without transactions', async () => {
    expect(specErrors('Block', (await getJson(chain, '/blocks/by_height/1')).body)).toEqual([]);
    const block = (
      await getJson(chain, `/blocks/by_version/${userTransaction.version}?with_transactions=true`)
    ).body;
    expect(specErrors('Block', block)).toEqual([]);
  });

  it('modules (MoveModuleBytecode), resources and account data', async () => {
    const modules = (await getJson(chain, '/accounts/0x1/modules')).body as unknown[];
    for (const module of modules) expect(specErrors('MoveModuleBytecode', module)).toEqual([]);
    expect(
      specErrors(
        'MoveModuleBytecode',
        (await getJson(chain, '/accounts/0xcafe/module/playground')).body,
      ),
    ).toEqual([]);
    const resources = (await getJson(chain, '/accounts/0x1/resources')).body as unknown[];
    for (const resource of resources) expect(specErrors('MoveResource', resource)).toEqual([]);
    expect(specErrors('AccountData', (await getJson(chain, '/accounts/0x1')).body)).toEqual([]);
    expect(specErrors('GasEstimation', (await getJson(chain, '/estimate_gas_price')).body)).toEqual(
      [],
    );
  });

  it('error bodies (AptosError)', async () => {
    const bodies = [
      (await getJson(chain, `/transactions/by_hash/0x${'00'.repeat(32)}`)).body,
      (await getJson(chain, '/transactions/by_hash/0x12')).body,
      (await getJson(chain, '/accounts/0x1/resource/0x1::a::B')).body,
      (await postBcs(chain, '/transactions', new Uint8Array([9, 9]))).body,
      (await postBcs(chain, '/transactions', new Uint8Array(70_000))).body,
    ];
    for (const body of bodies) expect(specErrors('AptosError', body)).toEqual([]);
    expect(
      specErrors('AptosError', { message: 'x', error_code: 'not_a_code', vm_error_code: null }),
    ).not.toEqual([]);
  });

  it('simulation results (UserTransaction)', async () => {
    const alice = await fundedAccount(chain);
    const transaction = await buildTransfer(chain, alice);
    const [simulated] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: alice.publicKey,
      transaction,
    });
    expect(specErrors('UserTransaction', simulated)).toEqual([]);
  });
});
