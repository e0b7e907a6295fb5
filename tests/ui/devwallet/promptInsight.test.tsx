/**
 * Both signing prompts (sign-only and sign-and-submit) show the same decoded summary and the
 * outcome of the wallet's own simulation, with a warning when it failed.
 */
import {
  AccountAddress,
  Bool,
  ChainId,
  EntryFunction,
  MoveString,
  MoveVector,
  parseTypeTag,
  RawTransaction,
  SimpleTransaction,
  TransactionPayloadEntryFunction,
  U64,
} from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import type { DevWallet, DevWalletRequestSummary } from '../../../src/devwallet';
import { ApprovalModal, DevWalletProvider } from '../../../src/devwallet/react';
import { render, screen, userEvent, within } from '../../test-utils/render';
import { BOB, fakeChainClient, NOW_MS, testWallet } from './helpers';

const MODULE = `0x${'cafe'.padStart(64, '0')}`;
const FUNCTION = `${MODULE}::greeter::set_greeting`;

/** A call of a user module with one argument of each decodable kind. */
function greetingTransaction(sender: string): SimpleTransaction {
  const payload = new TransactionPayloadEntryFunction(
    EntryFunction.build(
      `${MODULE}::greeter`,
      'set_greeting',
      [],
      [
        new MoveString('hello'),
        new U64(42n),
        new Bool(true),
        MoveVector.U8([1, 2, 255]),
        AccountAddress.from(BOB),
      ],
    ),
  );
  const raw = new RawTransaction(
    AccountAddress.from(sender),
    0n,
    payload,
    2000n,
    100n,
    BigInt(NOW_MS / 1000 + 600),
    new ChainId(4),
  );
  return new SimpleTransaction(raw);
}

function insightWallet() {
  // The fake node builds the same call the wallet's account sends, once that account exists.
  const built: { transaction?: SimpleTransaction } = {};
  const client = fakeChainClient({
    buildTransaction: async () => built.transaction as SimpleTransaction,
    simulateTransaction: async () => ({
      success: false,
      vmStatus: 'Move abort in 0xcafe::greeter: E_TOO_LONG(0x1)',
      gasUsed: '12',
    }),
    fetchEntryFunctionAbi: async (functionId) => {
      if (functionId !== FUNCTION) throw new Error(`no ABI for ${functionId}`);
      return {
        typeParameters: [],
        parameters: ['0x1::string::String', 'u64', 'bool', 'vector<u8>', 'address'].map((tag) =>
          parseTypeTag(tag),
        ),
      };
    },
  });
  const { wallet } = testWallet({ client, policy: 'auto-approve' });
  const sender = wallet.generateAccount({ name: 'Alice' }).address;
  built.transaction = greetingTransaction(sender);
  return { wallet, sender, transaction: () => greetingTransaction(sender) };
}

async function connected(): Promise<ReturnType<typeof insightWallet>> {
  const setup = insightWallet();
  await setup.wallet.connect();
  setup.wallet.setPolicy('prompt');
  return setup;
}

/** Starts one signing request of each kind and returns its prompt's summary. */
const requests: Record<
  'signTransaction' | 'signAndSubmitTransaction',
  (setup: Awaited<ReturnType<typeof connected>>) => Promise<unknown>
> = {
  signTransaction: ({ wallet, transaction }) => wallet.signTransaction(transaction()),
  signAndSubmitTransaction: ({ wallet }) =>
    wallet.signAndSubmitTransaction({
      payload: { function: FUNCTION as `${string}::${string}::${string}`, functionArguments: [] },
    }),
};

async function pendingSummary(wallet: DevWallet): Promise<DevWalletRequestSummary> {
  // The prompt opens at once; the simulation and the decoded arguments follow.
  const simulated = () => {
    const summary = wallet.getSnapshot().pending[0]?.summary;
    return summary !== undefined && 'simulation' in summary ? summary : undefined;
  };
  for (let i = 0; i < 100 && simulated() === undefined; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const summary = simulated();
  if (summary === undefined) throw new Error('no simulated request reached the prompt');
  return summary;
}

describe('what both signing prompts show', () => {
  it('decodes every argument with the ABI and carries the failed simulation, the same for both', async () => {
    const setup = await connected();
    const seen = [];
    for (const kind of ['signTransaction', 'signAndSubmitTransaction'] as const) {
      void requests[kind](setup);
      const summary = await pendingSummary(setup.wallet);
      if (summary.kind !== kind) throw new Error(`expected a ${kind} summary`);
      expect(summary.transaction.arguments).toEqual([
        { type: '0x1::string::String', value: '"hello"' },
        { type: 'u64', value: '42' },
        { type: 'bool', value: 'true' },
        { type: 'vector<u8>', value: '0x0102ff' },
        { type: 'address', value: BOB },
      ]);
      expect(summary.simulation).toEqual({
        status: 'failure',
        vmStatus: 'Move abort in 0xcafe::greeter: E_TOO_LONG(0x1)',
        gasUsed: '12',
      });
      setup.wallet.respond({
        id: setup.wallet.getSnapshot().pending[0]?.id ?? '',
        decision: 'REJECTED',
      });
      seen.push({ transaction: summary.transaction, simulation: summary.simulation });
    }
    expect(seen[0]).toEqual(seen[1]);
  });

  it('shows the failure as a warning, the function short with its full id, in both prompts', async () => {
    for (const [kind, title] of [
      ['signTransaction', 'Sign this transaction?'],
      ['signAndSubmitTransaction', 'Sign and submit this transaction?'],
    ] as const) {
      const setup = await connected();
      const view = render(
        <DevWalletProvider wallet={setup.wallet}>
          <ApprovalModal transitionDuration={0} />
        </DevWalletProvider>,
      );
      void requests[kind](setup);
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Simulation failed: this transaction will fail',
      );
      expect(within(dialog).getByRole('alert')).toHaveTextContent('E_TOO_LONG(0x1) · 12 gas used');
      const details = within(dialog).getByRole('table', { name: 'Request details' });
      const row = (label: string) =>
        within(details).getByRole('rowheader', { name: label }).parentElement as HTMLElement;
      const functionCode = within(row('Function')).getByTitle(FUNCTION);
      expect(functionCode).toHaveTextContent('0x0000…cafe::greeter::set_greeting');
      expect(row('Arguments')).toHaveTextContent('0x1::string::String = "hello"');
      expect(row('Arguments')).toHaveTextContent('vector<u8> = 0x0102ff');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
      view.unmount();
    }
  });

  it('says why there is no outcome when the node cannot simulate', async () => {
    const client = fakeChainClient({
      simulateTransaction: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:8080');
      },
    });
    const { wallet } = testWallet({ client, policy: 'auto-approve' });
    const sender = wallet.generateAccount().address;
    await wallet.connect();
    wallet.setPolicy('prompt');
    void wallet.signTransaction(greetingTransaction(sender));
    const summary = await pendingSummary(wallet);
    expect(summary).toMatchObject({
      simulation: {
        status: 'unavailable',
        reason: 'The node did not simulate it: connect ECONNREFUSED 127.0.0.1:8080',
      },
    });
    // Without an ABI the arguments stay as they were summarised (BCS hex for unknown functions).
    if (summary.kind !== 'signTransaction') throw new Error('expected a signTransaction summary');
    expect(summary.transaction.arguments[1]).toEqual({ value: '0x2a00000000000000' });
  });
});
