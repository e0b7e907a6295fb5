/**
 * Functions and modules are named with short addresses wherever the app shows them (the node's
 * and the explorer's form, `0xcafe::playground`), the full form on hover: the VM status panel,
 * the outcome card, and the visualizer's source bar and run picker. The chain's own text (the VM
 * status line, stored records) is kept as it came.
 */
import { describe, expect, it } from 'vitest';
import { transactionMachine, type WorkbenchRun } from '../../../machines';
import { serializeRunFile } from '../../../schemas/runFile';
import { AccountTransactions } from '../../../src/features/chain/AccountTransactions';
import { explorerQueries } from '../../../src/features/chain/explorerQueries';
import { OutcomeCard } from '../../../src/features/compose/results/OutcomeCard';
import { RawTransactionCard } from '../../../src/features/compose/results/RawTransactionCard';
import { defaultNetwork } from '../../../src/network/networks';
import { TransactionTabs } from '../../../src/features/transaction/TransactionTabs';
import { VmStatusExplanation } from '../../../src/features/transaction/VmStatusExplanation';
import { machineGraph } from '../../../src/features/visualizer/graph/machineGraph';
import { SourceBar } from '../../../src/features/visualizer/sources/SourceBar';
import { parseVisualizerFile } from '../../../src/features/visualizer/sources/visualizerData';
import { sampleBuilt } from '../../machines/support/transactionSamples';
import { sampleRun } from '../../runs/sampleRuns';
import { committedTransfer } from './fixture';
import { createTestQueryClient, render, screen, userEvent, within } from '../../test-utils/render';

const CAFE = `0x${'cafe'.padStart(64, '0')}`;
const ABORT = `Move abort in ${CAFE}::playground: 0x2a`;
const graph = machineGraph(transactionMachine);

describe('the VM status panel names the module short', () => {
  it('in its title, module, explanation and fix; the VM status line is the chain’s', () => {
    render(<VmStatusExplanation vmStatus={ABORT} />);
    const panel = screen.getByRole('group', { name: 'VM status explained' });
    expect(within(panel).getByText('Move abort in 0xcafe::playground')).toBeInTheDocument();
    expect(within(panel).getByTitle(`${CAFE}::playground`)).toHaveTextContent(
      /^0xcafe::playground$/,
    );
    expect(panel).toHaveTextContent('The module 0xcafe::playground stopped the transaction');
    expect(panel).toHaveTextContent('Check the arguments against what 0xcafe::playground expects');
    expect(within(panel).getByText(ABORT)).toBeInTheDocument();
    // The long form appears once: the chain's own VM status line.
    expect(panel.textContent?.split(CAFE).length).toBe(2);
  });
});

describe('a transaction’s tabs name its function short', () => {
  it('in the overview and the payload, the full form on hover and copy', async () => {
    const transaction = committedTransfer();
    const payload = {
      type: 'entry_function_payload',
      function: `${CAFE}::playground::abort_with`,
      type_arguments: [`0x1::coin::CoinStore<${CAFE}::usd::USD>`],
      arguments: ['42'],
    };
    render(<TransactionTabs transaction={{ ...transaction, payload }} candidates={[]} />);
    const summary = screen.getByRole('table', { name: 'Summary' });
    expect(within(summary).getByText('0xcafe::playground::abort_with')).toHaveAttribute(
      'title',
      `${CAFE}::playground::abort_with`,
    );
    expect(
      within(summary).getByRole('button', {
        name: 'Copy the function',
      }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Payload' }));
    const shown = screen.getByRole('table', { name: 'Payload' });
    expect(within(shown).getByText('0xcafe::playground::abort_with')).toBeInTheDocument();
    expect(within(shown).getByText('0x1::coin::CoinStore<0xcafe::usd::USD>')).toHaveAttribute(
      'title',
      `0x1::coin::CoinStore<${CAFE}::usd::USD>`,
    );
  });
});

describe('the raw transaction card names the function and types short', () => {
  it('the built form on hover', () => {
    const draft = sampleRun({ id: 'raw' }).draft;
    render(
      <RawTransactionCard
        built={sampleBuilt}
        draft={{
          ...draft,
          payload: {
            function: `${CAFE}::playground::abort_with`,
            typeArguments: [`${CAFE}::usd::USD`],
            functionArguments: ['42'],
          },
        }}
      />,
    );
    const card = screen.getByRole('region', { name: 'Raw transaction' });
    expect(within(card).getByText('0xcafe::playground::abort_with')).toHaveAttribute(
      'title',
      `${CAFE}::playground::abort_with`,
    );
    expect(within(card).getByText('0xcafe::usd::USD')).toHaveAttribute(
      'title',
      `${CAFE}::usd::USD`,
    );
  });
});

describe('the outcome card names the module short', () => {
  it('in the classifier’s summary', () => {
    render(
      <OutcomeCard
        outcome={{
          step: 'submit',
          state: 'failed',
          details: { summary: `Committed but failed: ${ABORT}. Gas was charged.`, source: 'chain' },
        }}
      />,
    );
    const card = screen.getByRole('region', { name: 'Step outcome' });
    expect(card).toHaveTextContent('Committed but failed: Move abort in 0xcafe::playground: 0x2a.');
    expect(card).not.toHaveTextContent(CAFE);
  });
});

function abortRun(id: string): WorkbenchRun {
  const base = sampleRun({ id });
  return {
    ...base,
    draft: {
      ...base.draft,
      payload: { ...base.draft.payload, function: `${CAFE}::playground::abort_with` },
    },
  };
}

describe('the visualizer’s source bar names the run’s function short', () => {
  it('beside the run’s title, the full form on hover', () => {
    const data = parseVisualizerFile(serializeRunFile([abortRun('run-short-1')]), graph);
    render(
      <SourceBar
        route={{ kind: 'file' }}
        data={data}
        error={null}
        loading={false}
        graph={graph}
        onSourceChange={() => {}}
      />,
    );
    const bar = screen.getByRole('region', { name: 'Source' });
    expect(within(bar).getByText('0xcafe::playground::abort_with')).toHaveAttribute(
      'title',
      `${CAFE}::playground::abort_with`,
    );
    expect(bar).not.toHaveTextContent(CAFE);
  });

  it('in the run picker of a file of several runs', () => {
    const text = serializeRunFile([abortRun('run-short-1'), sampleRun({ id: 'run-short-2' })]);
    expect(parseVisualizerFile(text, graph).fileRuns?.labels).toEqual([
      '1. 0xcafe::playground::abort_with → building (run-shor)',
      '2. 0x1::aptos_account::transfer → building (run-shor)',
    ]);
  });
});

describe('the Chain page names a transaction’s function short', () => {
  it('in an account’s sent transactions, the full form on hover', async () => {
    const sender = `0x${'a11ce'.padStart(64, '0')}`;
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(explorerQueries.transactions(defaultNetwork, sender, 0).queryKey, {
      count: 1,
      page: 0,
      pageCount: 1,
      transactions: [
        {
          type: 'user_transaction',
          hash: `0x${'ab'.repeat(32)}`,
          version: '7',
          sequence_number: '0',
          success: false,
          timestamp: '1700000000000000',
          payload: {
            type: 'entry_function_payload',
            function: `${CAFE}::playground::abort_with`,
            type_arguments: [],
            arguments: ['42'],
          },
        },
        // Only the fields the table reads, not a whole node transaction.
      ] as never,
    });
    render(<AccountTransactions address={sender} onOpen={() => {}} />, { queryClient });
    const table = await screen.findByRole('table', { name: 'Transactions sent by the account' });
    expect(within(table).getByText('0xcafe::playground::abort_with')).toHaveAttribute(
      'title',
      `${CAFE}::playground::abort_with`,
    );
  });
});
