/**
 * A stored run whose last state was busy, with no actor behind it (the page was reloaded or the
 * network switched while it waited), says so in History: where it stopped and what to do.
 */
import { describe, expect, it } from 'vitest';
import { RunDetail } from '../../../src/features/history/RunDetail';
import { createRunStore } from '../../../src/features/runs/runStore';
import { sampleRun } from '../../runs/sampleRuns';
import { render, screen } from '../../test-utils/render';

const HASH = `0x${'ef'.repeat(32)}`;

describe('History: a run stopped before an outcome', () => {
  it('names the state it stopped at and the hash to look up', () => {
    const record = sampleRun({
      id: 'stopped-pending',
      state: 'pending',
      tags: ['busy'],
      chain: { ...sampleRun({ id: 'x' }).chain, hash: HASH },
    });
    render(
      <RunDetail
        record={record}
        store={createRunStore({ name: 'interrupted-a' })}
        retriedBy={[]}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Stopped at pending, before an outcome');
    expect(alert).toHaveTextContent(`Its transaction (${HASH}) may still have committed`);
  });

  it('says nothing was submitted when it stopped before submitting', () => {
    render(
      <RunDetail
        record={sampleRun({ id: 'stopped-building' })}
        store={createRunStore({ name: 'interrupted-b' })}
        retriedBy={[]}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Stopped at building, before an outcome');
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing was submitted to the chain.');
  });

  it('shows no such notice for a run that ended', () => {
    render(
      <RunDetail
        record={sampleRun({ id: 'ended', state: 'committed', tags: ['outcome'] })}
        store={createRunStore({ name: 'interrupted-c' })}
        retriedBy={[]}
      />,
    );
    expect(screen.queryByText(/before an outcome/)).toBeNull();
  });
});
