/**
 * History's run list and run page: outcomes read as words (the state name in a tooltip and on the
 * run page), functions with short addresses (the full form on hover and copy), and only the
 * columns a user scans (the rest is on the run page).
 */
import { describe, expect, it } from 'vitest';
import type { WorkbenchRun } from '../../../machines';
import { RunDetail } from '../../../src/features/history/RunDetail';
import { RunFilters, RunList } from '../../../src/features/history/RunList';
import { stateLabel } from '../../../src/features/history/stateLabels';
import { createRunStore } from '../../../src/features/runs/runStore';
import { sampleRun } from '../../runs/sampleRuns';
import { render, screen, userEvent, within } from '../../test-utils/render';

const CAFE = `0x${'cafe'.padStart(64, '0')}`;
const SENDER = `0x${'a11ce'.padStart(64, '0')}`;
const HASH = `0x${'ef'.repeat(32)}`;

function abortRun(overrides: Partial<WorkbenchRun> & { id: string }): WorkbenchRun {
  const base = sampleRun(overrides);
  return {
    ...base,
    draft: {
      ...base.draft,
      sender: SENDER,
      payload: {
        function: `${CAFE}::playground::abort_with`,
        typeArguments: [],
        functionArguments: ['42'],
      },
    },
    state: 'failed',
    tags: ['outcome', 'error'],
    ...overrides,
  };
}

describe('stateLabel', () => {
  it.each([
    ['submitRejected', 'Submit rejected'],
    ['timedOut', 'Timed out'],
    ['buildError', 'Build error'],
    ['simulationError', 'Simulation error'],
    ['simulated.failure', 'Simulated: failure'],
    ['signing.signAndSubmit', 'Signing and submitting'],
    ['committed', 'Committed'],
    ['failed', 'Failed on chain'],
    ['rejected', 'Rejected by the wallet'],
    ['expired', 'Expired'],
  ])('%s reads "%s"', (state, words) => {
    expect(stateLabel(state)).toBe(words);
  });

  it('keeps a state it does not know as it is', () => {
    expect(stateLabel('someNewState')).toBe('someNewState');
  });
});

describe('History run list', () => {
  const runs = [
    abortRun({ id: 'run-abort' }),
    sampleRun({ id: 'run-rejected', state: 'submitRejected', tags: ['outcome', 'error'] }),
    sampleRun({ id: 'run-timed-out', state: 'timedOut', tags: ['outcome'] }),
  ];

  function renderList() {
    render(<RunList runs={runs} selected={new Set()} onSelect={() => {}} />);
    return screen.getByRole('table', { name: 'Recorded runs' });
  }

  it('has the columns a user scans: outcome, function, start, duration', () => {
    const table = renderList();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Select', 'Outcome', 'Function', 'Started', 'Duration']);
    expect(within(table).queryByText(/^0xa11ce/)).toBeNull();
  });

  it('names outcomes in words, not state names', () => {
    const table = renderList();
    expect(within(table).getByText('Submit rejected')).toBeInTheDocument();
    expect(within(table).getByText('Timed out')).toBeInTheDocument();
    expect(within(table).getByText('Failed on chain')).toBeInTheDocument();
    expect(table).not.toHaveTextContent(/submitRejected|timedOut/);
  });

  it('keeps the state name in a tooltip', async () => {
    const table = renderList();
    await userEvent.setup().hover(within(table).getByText('Submit rejected'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Machine state: submitRejected');
  });

  it('names the function with short addresses, the full one on hover', () => {
    const table = renderList();
    const link = within(table).getByRole('link', { name: '0xcafe::playground::abort_with' });
    expect(link).toHaveAttribute('title', `${CAFE}::playground::abort_with`);
    expect(link).toHaveAttribute('href', '#/history/run-abort');
    expect(table).not.toHaveTextContent(CAFE);
  });

  it('offers outcome filters in words', async () => {
    render(<RunFilters filter={{}} onChange={() => {}} />);
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Outcome' }));
    expect(
      await screen.findByRole('option', { name: 'Submit rejected', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Timed out', hidden: true })).toBeInTheDocument();
  });
});

describe('History run page', () => {
  it('titles the run with the short function, the full one on hover and copy, and names the state', () => {
    const record = abortRun({
      id: 'detail-abort',
      chain: { ...sampleRun({ id: 'x' }).chain, hash: HASH },
    });
    render(
      <RunDetail record={record} store={createRunStore({ name: 'run-list-a' })} retriedBy={[]} />,
    );
    const title = screen.getByRole('heading', { name: '0xcafe::playground::abort_with' });
    expect(title).toHaveAttribute('title', `${CAFE}::playground::abort_with`);
    expect(
      screen.getByRole('button', { name: `Copy the function ${CAFE}::playground::abort_with` }),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed on chain')).toBeInTheDocument();
    // What left the list is here: the state name, the sender and the hash (full on hover, copy).
    expect(screen.getByText('failed', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByTitle(SENDER)).toBeInTheDocument();
    expect(screen.getByTitle(HASH)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the transaction hash' })).toBeInTheDocument();
  });
});
