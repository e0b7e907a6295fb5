/**
 * History's "Export as test" (issue 33): on a failed run's page, described for screen readers; a
 * run the chain never executed has nothing to assert, and the page says so instead of exporting.
 */
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RunDetail } from '../../../src/features/history/RunDetail';
import { createRunStore } from '../../../src/features/runs/runStore';
import { sampleRun } from '../../runs/sampleRuns';
import { render, screen } from '../../test-utils/render';

describe('History: Export as test', () => {
  it('is on a failed run’s page, described, and refuses a run the chain never executed', async () => {
    const record = sampleRun({
      id: 'build-error',
      state: 'buildError',
      tags: ['error', 'outcome'],
    });
    render(
      <RunDetail
        record={record}
        store={createRunStore({ name: 'export-test-a' })}
        retriedBy={[]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Export as test' });
    expect(button).toHaveAccessibleDescription(/reproduces this run on a fresh local chain/);
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not export the test: Run build-error ended at buildError before the chain executed it',
    );
  });

  it('is not offered for a run that ended well', () => {
    const record = sampleRun({ id: 'fine', state: 'committed', tags: ['outcome'] });
    render(
      <RunDetail
        record={record}
        store={createRunStore({ name: 'export-test-b' })}
        retriedBy={[]}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Export as test' })).toBeNull();
  });
});
