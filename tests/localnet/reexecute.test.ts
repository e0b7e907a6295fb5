import {
  Account,
  generateSignedTransactionForSimulation,
  RawTransaction,
  SimpleTransaction,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, fundedAccount, getJson, startChain, type Chain } from './helpers.ts';

let chain: Chain;
let origin: string;
let alice: Account;
/** The three committed outcomes, as the chain answers them by version. */
let success: UserTransactionResponse;
let abort: UserTransactionResponse;
let outOfGas: UserTransactionResponse;
let abortTransaction: SimpleTransaction;
let outOfGasTransaction: SimpleTransaction;

const ALICE_FUNDS = 150_000_000; // 1.5 APT
const TOO_MUCH = 1_000_000_000; // 10 APT: aborts now, succeeds once she has more

async function commit(transaction: SimpleTransaction): Promise<UserTransactionResponse> {
  const pending = await chain.aptos.signAndSubmitTransaction({ signer: alice, transaction });
  const committed = await chain.aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  });
  // By version, as the run record keeps it.
  return asUser(
    await chain.aptos.getTransactionByVersion({ ledgerVersion: BigInt(committed.version) }),
  );
}

function transfer(amount: number, maxGasAmount?: number) {
  return chain.aptos.transaction.build.simple({
    sender: alice.accountAddress,
    data: {
      function: '0x1::aptos_account::transfer',
      functionArguments: [Account.generate().accountAddress, amount],
    },
    ...(maxGasAmount === undefined ? {} : { options: { maxGasAmount } }),
  });
}

async function reexecute(body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${origin}/workbench/reexecute`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

async function reexecuted(body: unknown): Promise<UserTransactionResponse> {
  const { status, json } = await reexecute(body);
  expect(status, JSON.stringify(json)).toBe(200);
  const [transaction] = json as UserTransactionResponse[];
  if (transaction === undefined) throw new Error('no transaction');
  return transaction;
}

/** What must match byte for byte: the execution, and which transaction ran when. */
function execution(tx: UserTransactionResponse) {
  return {
    vm_status: tx.vm_status,
    gas_used: tx.gas_used,
    success: tx.success,
    events: tx.events,
    changes: tx.changes,
    hash: tx.hash,
    sender: tx.sender,
    sequence_number: tx.sequence_number,
    timestamp: tx.timestamp,
    version: tx.version,
  };
}

function simulationBytes(transaction: SimpleTransaction, maxGasAmount?: bigint): string {
  const raw = transaction.rawTransaction;
  const changed = new RawTransaction(
    raw.sender,
    raw.sequence_number,
    raw.payload,
    maxGasAmount ?? raw.max_gas_amount,
    raw.gas_unit_price,
    raw.expiration_timestamp_secs,
    raw.chain_id,
  );
  const bytes = generateSignedTransactionForSimulation({
    transaction: new SimpleTransaction(changed),
    signerPublicKey: alice.publicKey,
  });
  return `0x${Buffer.from(bytes).toString('hex')}`;
}

beforeAll(async () => {
  chain = await startChain();
  origin = chain.localnet.urls.rest.replace(/\/v1$/, '');
  alice = await fundedAccount(chain, ALICE_FUNDS);
  success = await commit(await transfer(1_000));
  abortTransaction = await transfer(TOO_MUCH);
  abort = await commit(abortTransaction);
  outOfGasTransaction = await transfer(1, 50);
  outOfGas = await commit(outOfGasTransaction);
  // A later transaction changes the state the three ran on: Alice gets 20 APT more.
  await chain.aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 2_000_000_000 });
});
afterAll(async () => {
  await chain.localnet.stop();
});

describe('POST /workbench/reexecute: the state just before a version, read from the log', () => {
  it('the three outcomes committed as expected', () => {
    expect(success.vm_status).toBe('Executed successfully');
    expect(abort.vm_status).toContain('Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE');
    expect(outOfGas.vm_status).toBe('Out of gas');
    expect(outOfGas.gas_used).toBe('50');
  });

  it.each([
    ['a committed success', () => success],
    ['a Move abort', () => abort],
    ['an out-of-gas', () => outOfGas],
  ])('reproduces %s byte for byte (VM status, gas, events, changes)', async (_name, original) => {
    const committed = original();
    const again = await reexecuted({ version: committed.version });
    expect(execution(again)).toEqual(execution(committed));
    expect(JSON.stringify(again.changes)).toBe(JSON.stringify(committed.changes));
    expect(JSON.stringify(again.events)).toBe(JSON.stringify(committed.events));
  });

  it('reproduces them from the log alone once the decoded transactions are forgotten', async () => {
    chain.localnet.node.ledger.evictCache();
    expect(chain.localnet.node.ledger.cachedRecords).toBe(0);
    for (const committed of [success, abort, outOfGas]) {
      const again = await reexecuted({ version: committed.version });
      expect(JSON.stringify(execution(again))).toBe(JSON.stringify(execution(committed)));
    }
  });

  it('re-simulating the aborted transfer now succeeds, at its version it still aborts', async () => {
    const [now] = await chain.aptos.transaction.simulate.simple({
      transaction: await transfer(TOO_MUCH),
      signerPublicKey: alice.publicKey,
    });
    expect(now?.success).toBe(true);
    const atVersion = await reexecuted({ version: abort.version });
    expect(atVersion.success).toBe(false);
    expect(atVersion.vm_status).toBe(abort.vm_status);
  });

  it('a modified draft (more max gas) at the out-of-gas version succeeds there', async () => {
    const more = await reexecuted({
      version: outOfGas.version,
      transaction: simulationBytes(outOfGasTransaction, 20_000n),
    });
    expect(more.success).toBe(true);
    expect(more.vm_status).toBe('Executed successfully');
    expect(Number(more.gas_used)).toBeGreaterThan(50);
    expect(more.sequence_number).toBe(outOfGas.sequence_number);
    expect(more.max_gas_amount).toBe('20000');
    // The same bytes unmodified reproduce the out-of-gas.
    const same = await reexecuted({
      version: outOfGas.version,
      transaction: simulationBytes(outOfGasTransaction),
    });
    expect(same.vm_status).toBe('Out of gas');
    expect(same.gas_used).toBe('50');
  });

  it('a transaction whose sequence number is not the one at that version is refused as a simulation is', async () => {
    const atSuccess = await reexecuted({
      version: success.version,
      transaction: simulationBytes(outOfGasTransaction),
    });
    expect(atSuccess.success).toBe(false);
    expect(atSuccess.vm_status).toBe('SEQUENCE_NUMBER_TOO_NEW');
  });

  it('leaves the live chain untouched: ledger version and state', async () => {
    const ledgerBefore = await chain.aptos.getLedgerInfo();
    const balanceBefore = await getJson(
      chain,
      `/accounts/${alice.accountAddress.toString()}/balance/0xa`,
    );
    const resourcesBefore = await chain.aptos.getAccountResources({
      accountAddress: alice.accountAddress,
    });
    await reexecuted({ version: abort.version });
    await reexecuted({
      version: outOfGas.version,
      transaction: simulationBytes(outOfGasTransaction, 20_000n),
    });
    const ledgerAfter = await chain.aptos.getLedgerInfo();
    expect(ledgerAfter.ledger_version).toBe(ledgerBefore.ledger_version);
    expect(ledgerAfter.block_height).toBe(ledgerBefore.block_height);
    expect(
      (await getJson(chain, `/accounts/${alice.accountAddress.toString()}/balance/0xa`)).body,
    ).toBe(balanceBefore.body);
    expect(await chain.aptos.getAccountResources({ accountAddress: alice.accountAddress })).toEqual(
      resourcesBefore,
    );
    expect(chain.localnet.node.status().ledgerVersion).toBe(Number(ledgerBefore.ledger_version));
  });

  it('refuses bad input with a clear message', async () => {
    const future = await reexecute({ version: '999999999' });
    expect(future.status).toBe(404);
    expect(future.json).toMatchObject({ error_code: 'version_not_found' });
    const notUser = await reexecute({ version: String(Number(success.version) - 1) });
    expect(notUser.status).toBe(400);
    expect((notUser.json as { message: string }).message).toContain('not a user transaction');
    const badVersion = await reexecute({ version: 12 });
    expect(badVersion.status).toBe(400);
    expect((badVersion.json as { message: string }).message).toContain('decimal string');
    const badBytes = await reexecute({ version: success.version, transaction: '0x00' });
    expect(badBytes.status).toBe(400);
    expect((badBytes.json as { message: string }).message).toContain(
      'Failed to deserialize input into SignedTransaction',
    );
  });

  it('answers only JSON bodies, as every dev control', async () => {
    const response = await fetch(`${origin}/workbench/reexecute`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ version: success.version }),
    });
    expect(response.status).toBe(415);
  });
});
