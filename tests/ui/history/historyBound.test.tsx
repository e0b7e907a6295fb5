/** History's bound on stored runs: it shows the bound in force, and saving a new one takes effect. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { HistoryToolbar } from '../../../src/features/history/HistoryToolbar';
import { useRunStoreSync } from '../../../src/features/history/useRunList';
import { RunsProvider } from '../../../src/features/runs';
import { createRunStore, DEFAULT_MAX_RUNS } from '../../../src/features/runs/runStore';
import { render, screen, userEvent, waitFor } from '../../test-utils/render';

function Toolbar() {
  const store = useRunStoreSync();
  return <HistoryToolbar store={store} shown={[]} selected={[]} />;
}

function renderToolbar(name: string) {
  const store = createRunStore({ name, indexedDB: new IDBFactory(), keyRange: IDBKeyRange });
  render(
    <RunsProvider store={store}>
      <Toolbar />
    </RunsProvider>,
  );
  return store;
}

describe('History toolbar: runs kept', () => {
  it('shows the bound in force in its label and as the empty field’s placeholder', async () => {
    renderToolbar('bound-shown');
    const field = await screen.findByRole('textbox', {
      name: `Runs kept (now ${DEFAULT_MAX_RUNS})`,
    });
    expect(field).toHaveAttribute('placeholder', String(DEFAULT_MAX_RUNS));
    expect(field).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save bound' })).toBeDisabled();
  });

  it('saves a new bound, and the label follows the store', async () => {
    const store = renderToolbar('bound-saved');
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', {
      name: `Runs kept (now ${DEFAULT_MAX_RUNS})`,
    });
    await user.type(field, '250');
    await user.click(screen.getByRole('button', { name: 'Save bound' }));
    expect(await screen.findByRole('textbox', { name: 'Runs kept (now 250)' })).toBe(field);
    await waitFor(async () => expect(await store.maxRuns()).toBe(250));
  });

  it('keeps Save bound disabled for a bound under one run', async () => {
    renderToolbar('bound-zero');
    const field = await screen.findByRole('textbox', {
      name: `Runs kept (now ${DEFAULT_MAX_RUNS})`,
    });
    await userEvent.setup().type(field, '0');
    expect(screen.getByRole('button', { name: 'Save bound' })).toBeDisabled();
  });
});
