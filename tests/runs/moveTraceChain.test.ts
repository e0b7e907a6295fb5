import { Account, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  failingPath,
  fetchMoveTrace,
  gasUnitsText,
  parseMoveTrace,
  simulationTransactionHex,
  totalInternalGas,
} from '../../replay/moveTrace';
import { toHex } from '../../chainActors';
import { fundedAccount, startChain, type Chain } from '../localnet/helpers';
import { ownerTransactions } from '../localnet/move/ownerTransactions';
import { traceModule } from '../localnet/traceModule';

/**
 * The consumer side (replay/moveTrace.ts) against the chain's real `POST /workbench/trace`: the
 * parser takes what the chain answers, the failing path ends where the chain says it aborted,
 * and a built transaction's simulation bytes trace as a simulation.
 */
let chain: Chain;
let owner: Account;
let short: string;
let aborted: UserTransactionResponse;

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  short = owner.accountAddress.toStringShort();
  const tx = ownerTransactions(chain, owner);
  await tx.publish('chain', traceModule(owner.accountAddress.toStringLong()));
  aborted = await tx.send({ function: `${short}::chain::a`, functionArguments: [5] } as never);
});
afterAll(async () => {
  await chain.localnet.stop();
});

describe('fetchMoveTrace against the embedded chain', () => {
  it('parses a committed abort and finds its failing path', async () => {
    const trace = await fetchMoveTrace(chain.localnet.urls.rest, { version: aborted.version });
    expect(trace.kind).toBe('committed');
    const path = failingPath(trace).map((id) => trace.frames[id]?.function);
    expect(path).toEqual([
      'transaction',
      `${short}::chain::a`,
      `${short}::chain::b`,
      `${short}::chain::c`,
    ]);
    // The root's whole gas, shown in gas units, is the transaction's gas_used.
    const root = trace.frames[0];
    if (!root) throw new Error('no root');
    const units = gasUnitsText(totalInternalGas(root.gas, trace), trace.gasScale, 0);
    expect(BigInt(units.replaceAll(',', ''))).toBeLessThanOrEqual(BigInt(aborted.gas_used));
    expect(trace.gasUsed).toBe(aborted.gas_used);
    expect(parseMoveTrace(JSON.parse(JSON.stringify(trace)))).toEqual(trace);
  });

  it('traces a built transaction’s simulation bytes as a simulation, with steps', async () => {
    const built = await chain.aptos.transaction.build.simple({
      sender: owner.accountAddress,
      data: { function: `${short}::chain::a`, functionArguments: [5] },
    });
    const trace = await fetchMoveTrace(chain.localnet.urls.rest, {
      transaction: simulationTransactionHex({ rawTransactionHex: toHex(built.bcsToBytes()) }),
      steps: true,
    });
    expect(trace.kind).toBe('simulation');
    expect(trace.success).toBe(false);
    expect(trace.steps?.length).toBeGreaterThan(5);
    expect(failingPath(trace).at(-1)).toBe(3);
    const transfer = await fetchMoveTrace(chain.localnet.urls.rest, {
      transaction: simulationTransactionHex({
        rawTransactionHex: toHex(
          (
            await chain.aptos.transaction.build.simple({
              sender: owner.accountAddress,
              data: {
                function: '0x1::primary_fungible_store::transfer',
                typeArguments: ['0x1::fungible_asset::Metadata'],
                functionArguments: ['0xa', Account.generate().accountAddress, 5],
              },
            })
          ).bcsToBytes(),
        ),
      }),
    });
    expect(transfer.success).toBe(true);
    expect(transfer.frames.some((frame) => frame.kind === 'native')).toBe(true);
  });
});
