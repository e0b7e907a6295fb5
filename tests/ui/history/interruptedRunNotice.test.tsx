/** Compose's notice for a run stopped by a network switch: what it says, and that it dismisses. */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { InterruptedRunNotice } from '../../../src/features/compose/run/InterruptedRunNotice';
import { createInterruptedRunHolder } from '../../../src/features/runs';
import { render, screen, userEvent } from '../../test-utils/render';

const HASH = `0x${'9a'.repeat(32)}`;

describe('InterruptedRunNotice', () => {
  it('shows nothing until a run is stopped, then where it stopped, its hash and its record', async () => {
    const holder = createInterruptedRunHolder();
    render(<InterruptedRunNotice holder={holder} />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() =>
      holder.set({ id: 'run-1', state: 'pending', network: 'local (http://n/v1)', hash: HASH }),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The last run stopped at pending');
    expect(alert).toHaveTextContent(`waited on local (http://n/v1). Its transaction (${HASH})`);
    expect(screen.getByRole('link', { name: 'Its record in History' })).toHaveAttribute(
      'href',
      '#/history/run-1',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(holder.get()).toBeNull();
  });

  it('says nothing was submitted when the run stopped before its transaction reached the node', () => {
    const holder = createInterruptedRunHolder();
    holder.set({
      id: 'run-2',
      state: 'signing.signOnly',
      network: 'local (http://n/v1)',
      hash: null,
    });
    render(<InterruptedRunNotice holder={holder} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing was submitted.');
  });
});
