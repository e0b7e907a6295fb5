/**
 * History keeps the Move trace the Trace tab fetched with the run (without steps), and shows the
 * kept one when the chain cannot answer: an imported run on another machine, offline.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkbenchRun } from '../../../machines';
import { RunDetail } from '../../../src/features/history/RunDetail';
import type { RunStore } from '../../../src/features/runs';
import { threeFrameSteps } from '../../fixtures/moveTraceSteps';
import { sampleRun } from '../../runs/sampleRuns';
import { render, screen, userEvent, within } from '../../test-utils/render';

const trace = threeFrameSteps();

function committed(extra: Partial<WorkbenchRun> = {}): WorkbenchRun {
  const run = sampleRun({ id: 'kept', state: 'failed', tags: ['outcome', 'error'] });
  return {
    ...run,
    chain: {
      ...run.chain,
      hash: trace.hash,
      version: '42',
      success: false,
      vmStatus: trace.vmStatus,
      gasUsed: trace.gasUsed,
    },
    ...extra,
  };
}

function fakeStore() {
  const putRun = vi.fn(async (_record: WorkbenchRun) => undefined);
  return { store: { putRun } as unknown as RunStore, putRun };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('History: a run’s Move trace', { timeout: 20_000 }, () => {
  it('keeps the trace the Trace tab fetched, without steps', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(trace))),
    );
    const { store, putRun } = fakeStore();
    render(<RunDetail record={committed()} store={store} retriedBy={[]} />);
    await user.click(screen.getByRole('tab', { name: 'Trace' }));
    await screen.findByRole('region', { name: 'Frame detail' }, { timeout: 10_000 });
    await vi.waitFor(() => expect(putRun).toHaveBeenCalledTimes(1));
    const saved = putRun.mock.calls[0]?.[0];
    expect(saved?.id).toBe('kept');
    expect(saved?.moveTrace?.frames).toEqual(trace.frames);
    expect(saved?.moveTrace?.steps).toBeUndefined();
  });

  it('shows the kept trace of an imported run when the chain cannot answer, and saves nothing', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { steps: _steps, ...compact } = trace;
    const { store, putRun } = fakeStore();
    render(<RunDetail record={committed({ moveTrace: compact })} store={store} retriedBy={[]} />);
    await user.click(screen.getByRole('tab', { name: 'Trace' }));
    expect(await screen.findByText('The trace stored with this run')).toBeVisible();
    const tree = screen.getByRole('tree', { name: /^Call tree/ });
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(4);
    expect(putRun).not.toHaveBeenCalled();
  });
});
