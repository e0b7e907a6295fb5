import { describe, expect, it, vi } from 'vitest';
import { GetStarted } from '../../../src/features/compose/GetStarted';
import { render, screen } from '../../test-utils/render';

// Get started stays on screen while the first build runs (nothing is built yet): its Build and
// Run all must not offer a second build then.
describe('Get started', () => {
  it('offers Build while the machine takes it', () => {
    render(<GetStarted sender={null} draftReady canStep onBuild={vi.fn()} onRunAll={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Build the draft' })).toBeEnabled();
  });

  it('disables Build and Run all while a step runs', () => {
    render(
      <GetStarted sender={null} draftReady canStep={false} onBuild={vi.fn()} onRunAll={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Build the draft' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run all steps' })).toBeDisabled();
  });

  it('says nothing has run yet on the first attempt, and names the attempt after an Edit', () => {
    const { unmount } = render(
      <GetStarted sender={null} draftReady canStep onBuild={vi.fn()} onRunAll={vi.fn()} />,
    );
    expect(screen.getByRole('heading', { name: 'Nothing run yet' })).toBeInTheDocument();
    unmount();
    render(
      <GetStarted
        sender={null}
        attempt={3}
        draftReady
        canStep
        onBuild={vi.fn()}
        onRunAll={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Attempt 3: nothing run yet' })).toBeInTheDocument();
    expect(screen.getByText(/Earlier attempts are kept in History/)).toBeInTheDocument();
  });
});
