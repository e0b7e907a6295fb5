/**
 * One catalog of VM statuses (issue 35), as the app shows it: for every status of the catalog,
 * the outcome card's summary and its "Fix" line, and the VM status panel's "Fix" line, say the
 * same thing.
 */
import { describe, expect, it } from 'vitest';
import { classifyOutcome, OUT_OF_GAS, VALIDATION_CODES, type StepOutcome } from '../../../machines';
import { OutcomeCard } from '../../../src/features/compose/results/OutcomeCard';
import { VmStatusExplanation } from '../../../src/features/transaction/VmStatusExplanation';
import { render, screen, within } from '../../test-utils/render';

const refused = (code: number): StepOutcome => {
  const { state, details } = classifyOutcome({
    step: 'submit',
    produced: {
      error: {
        name: 'AptosApiError',
        status: 400,
        message: 'Request failed',
        data: { message: 'Invalid transaction', error_code: 'vm_error', vm_error_code: code },
      },
    },
  });
  return { step: 'submit', state, details };
};

/** The text of the paragraph that starts with "Fix:" inside `container`. */
function fixLine(container: HTMLElement): string {
  const label = within(container).getByText('Fix:');
  return (label.parentElement?.textContent ?? '').replace(/^Fix:\s*/, '');
}

describe('the outcome card and the VM status panel read one catalog', () => {
  it.each(Object.values(VALIDATION_CODES))('show the same fix for $name', (entry) => {
    const { unmount } = render(<OutcomeCard outcome={refused(entry.code ?? -1)} />);
    const card = screen.getByRole('region', { name: 'Step outcome' });
    expect(
      within(card).getByText(`The node refused the transaction: ${entry.name}. ${entry.fix}`),
    ).toBeInTheDocument();
    expect(fixLine(screen.getByLabelText('Validation code explained'))).toBe(entry.fix);
    unmount();

    render(<VmStatusExplanation vmStatus={entry.name} />);
    expect(fixLine(screen.getByRole('group', { name: 'VM status explained' }))).toBe(entry.fix);
  });

  it('shows the same fix for out of gas in the summary and the panel', () => {
    const { state, details } = classifyOutcome({
      step: 'simulate',
      produced: { output: [{ success: false, vm_status: 'Out of gas', gas_used: '9' }] },
    });
    render(
      <>
        <OutcomeCard outcome={{ step: 'simulate', state, details }} />
        <VmStatusExplanation vmStatus="Out of gas" />
      </>,
    );
    expect(
      within(screen.getByRole('region', { name: 'Step outcome' })).getByText(
        new RegExp(`${OUT_OF_GAS.fix.replace(/[()]/g, '\\$&')}$`),
      ),
    ).toBeInTheDocument();
    expect(fixLine(screen.getByRole('group', { name: 'VM status explained' }))).toBe(
      OUT_OF_GAS.fix,
    );
  });
});
