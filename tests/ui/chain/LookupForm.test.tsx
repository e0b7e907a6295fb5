import { describe, expect, it, vi } from 'vitest';
import { LookupForm } from '../../../src/features/chain/LookupForm';
import { parseTransactionRef } from '../../../src/queries/chainQueries';
import { render, screen, userEvent } from '../../test-utils/render';

describe('LookupForm', () => {
  it('shows why the input cannot be used, then submits what parses', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <LookupForm
        label="Hash or version"
        placeholder="0x… or 42"
        buttonLabel="Look up"
        parse={parseTransactionRef}
        onSubmit={onSubmit}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Hash or version' });
    await user.type(input, 'nope{Enter}');
    expect(await screen.findByText(/64 hex characters/)).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, '42');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'version', version: '42' });
    expect(screen.queryByText(/64 hex characters/)).not.toBeInTheDocument();
  });
});
