import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor as waitForActor, type Actor } from 'xstate';
import type { TransactionResponse, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import {
  transactionClock,
  transactionMachine,
  type BuiltTransaction,
  type BuiltTransactionInput,
  type LookupOutput,
  type LookupTransactionInput,
  type SignAndSubmitOutput,
  type SignOutput,
  type TransactionDraft,
  type WaitForTransactionInput,
} from '../../../machines';
import { StepControls } from '../../../src/features/compose/run/StepControls';
import {
  enabledControls,
  STEP_CONTROLS,
  type StepEvent,
} from '../../../src/features/compose/run/stepControls';
import { render, screen, userEvent } from '../../test-utils/render';

const built: BuiltTransaction = {
  rawTransactionHex: '0x01',
  sender: '0xa11ce',
  sequenceNumber: '0',
  maxGasAmount: '200000',
  gasUnitPrice: '100',
  expirationTimestampSecs: '2000000000',
  chainId: 4,
};

const draft: TransactionDraft = {
  sender: '0xa11ce',
  payload: { function: '0x1::aptos_account::transfer', typeArguments: [], functionArguments: [] },
  options: { waitTimeoutSecs: 1 },
};

function executed(success: boolean) {
  return {
    type: 'user_transaction',
    hash: '0xabc',
    version: '7',
    success,
    vm_status: success ? 'Executed successfully' : 'Move abort in 0xcafe::playground: 0x2a',
    gas_used: '10',
    gas_unit_price: '100',
    events: [],
    changes: [],
  };
}

/** The real machine with fake actors; `hang` makes one step wait forever (a busy state). */
function startMachine(options: {
  simulationSucceeds?: boolean;
  waitOutcome?: 'committed' | 'timeout';
  hang?: 'build';
}) {
  const never = new Promise<never>(() => {});
  const logic = transactionMachine.provide({
    actors: {
      buildTransaction: fromPromise(async () => (options.hang === 'build' ? never : built)),
      simulateTransaction: fromPromise<UserTransactionResponse[], BuiltTransactionInput>(
        async () =>
          [executed(options.simulationSucceeds ?? true)] as unknown as UserTransactionResponse[],
      ),
      signTransaction: fromPromise<SignOutput, BuiltTransactionInput>(async () => ({
        status: 'APPROVED',
        authenticatorHex: '0x00',
        hash: null,
      })),
      signAndSubmitTransaction: fromPromise<SignAndSubmitOutput, BuiltTransactionInput>(
        async () => ({ status: 'APPROVED', hash: '0xabc' }),
      ),
      submitTransaction: fromPromise(async () => ({ hash: '0xabc' })),
      waitForTransaction: fromPromise<TransactionResponse, WaitForTransactionInput>(async () => {
        if (options.waitOutcome === 'timeout') {
          throw new Error('Transaction 0xabc timed out in pending state after 1 seconds');
        }
        return executed(true) as unknown as TransactionResponse;
      }),
      lookupTransaction: fromPromise<LookupOutput<TransactionResponse>, LookupTransactionInput>(
        async () => ({
          status: 'notFound',
          ledgerTimestampUsec: '3000000000000000',
        }),
      ),
    },
    actions: transactionClock(() => 0),
  });
  return createActor(logic, {
    input: { draft, network: { name: 'local', chainId: 4, nodeUrl: 'http://127.0.0.1:8080/v1' } },
  }).start();
}

type Run = Actor<ReturnType<typeof transactionMachine.provide>>;
let actor: Run | undefined;
afterEach(() => actor?.stop());

async function reach(run: Run, event: StepEvent, state: string | object) {
  act(() => run.send({ type: event }));
  await waitForActor(run, (snapshot) => snapshot.matches(state as never));
}

function enabledButtons(): string[] {
  return STEP_CONTROLS.map((control) => control.event).filter((event) => {
    const control = STEP_CONTROLS.find((candidate) => candidate.event === event);
    const button = screen
      .getAllByRole('button')
      .find((candidate) => candidate.getAttribute('aria-keyshortcuts') === `Alt+${control?.key}`);
    return button !== undefined && !button.hasAttribute('disabled');
  });
}

describe('StepControls', () => {
  it('in editing: nothing but Build and Run all, and those only with a valid draft', () => {
    actor = startMachine({});
    const { rerender } = render(<StepControls actorRef={actor} draftReady={false} />);
    expect(enabledButtons()).toEqual([]);
    rerender(<StepControls actorRef={actor} draftReady />);
    expect(enabledButtons()).toEqual(['build', 'run']);
  });

  it('documents a shortcut on every control', () => {
    actor = startMachine({});
    render(<StepControls actorRef={actor} draftReady />);
    for (const control of STEP_CONTROLS) {
      expect(screen.getByRole('button', { name: control.label })).toHaveAttribute(
        'aria-keyshortcuts',
        `Alt+${control.key}`,
      );
    }
    expect(screen.getByLabelText('Keyboard shortcuts')).toHaveTextContent('Alt+B Build');
  });

  it('follows the machine through built, simulated, signed and committed', async () => {
    const run = startMachine({});
    actor = run;
    render(<StepControls actorRef={run} draftReady />);
    await reach(run, 'build', 'built');
    expect(enabledButtons()).toEqual(['simulate', 'sign', 'run', 'edit']);
    await reach(run, 'simulate', { simulated: 'success' });
    expect(enabledButtons()).toEqual(['simulate', 'sign', 'run', 'edit']);
    await reach(run, 'sign', 'signed');
    expect(enabledButtons()).toEqual(['submit', 'run', 'edit']);
    await reach(run, 'submit', 'committed');
    expect(enabledButtons()).toEqual(['edit', 'retry']);
  });

  it('offers Sign anyway after a failed simulation', async () => {
    const run = startMachine({ simulationSucceeds: false });
    actor = run;
    render(<StepControls actorRef={run} draftReady />);
    await reach(run, 'build', 'built');
    await reach(run, 'simulate', { simulated: 'failure' });
    expect(screen.getByRole('button', { name: 'Sign anyway' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Run all anyway' })).toBeEnabled();
    expect(enabledButtons()).toEqual(['simulate', 'sign', 'run', 'edit']);
  });

  it('offers only Cancel while busy, and Cancel goes back', async () => {
    const run = startMachine({ hang: 'build' });
    actor = run;
    render(<StepControls actorRef={run} draftReady />);
    act(() => run.send({ type: 'build' }));
    expect(run.getSnapshot().hasTag('busy')).toBe(true);
    expect(enabledButtons()).toEqual(['cancel']);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(run.getSnapshot().value).toBe('editing');
  });

  it('offers Recheck, Edit and Retry from timedOut', async () => {
    const run = startMachine({ waitOutcome: 'timeout' });
    actor = run;
    render(<StepControls actorRef={run} draftReady />);
    await reach(run, 'run', 'timedOut');
    expect(enabledButtons()).toEqual(['recheck', 'edit', 'retry']);
    await reach(run, 'recheck', 'expired');
    expect(enabledButtons()).toEqual(['edit', 'retry']);
  });

  it('runs the steps from the keyboard (Alt+B, Alt+S)', async () => {
    const run = startMachine({});
    actor = run;
    render(<StepControls actorRef={run} draftReady />);
    const user = userEvent.setup();
    await user.keyboard('{Alt>}b{/Alt}');
    await waitForActor(run, (snapshot) => snapshot.matches('built'));
    await user.keyboard('{Alt>}s{/Alt}');
    await waitForActor(run, (snapshot) => snapshot.matches({ simulated: 'success' }));
    // A shortcut whose step is not allowed does nothing.
    await user.keyboard('{Alt>}u{/Alt}');
    expect(run.getSnapshot().matches({ simulated: 'success' })).toBe(true);
  });
});

describe('enabledControls', () => {
  it('matches snapshot.can for every event in every state it reaches', async () => {
    const run = startMachine({ simulationSucceeds: false, waitOutcome: 'timeout' });
    actor = run;
    const check = () => {
      const snapshot = run.getSnapshot();
      const flags = enabledControls(snapshot, true);
      for (const control of STEP_CONTROLS) {
        const can = snapshot.can({ type: control.event });
        const expected = control.event === 'cancel' ? can && snapshot.hasTag('busy') : can;
        expect(flags[control.event], `${control.event} in ${JSON.stringify(snapshot.value)}`).toBe(
          expected,
        );
      }
    };
    check();
    await reach(run, 'build', 'built');
    check();
    await reach(run, 'simulate', { simulated: 'failure' });
    check();
    await reach(run, 'sign', 'signed');
    check();
    await reach(run, 'submit', 'timedOut');
    check();
    await reach(run, 'recheck', 'expired');
    check();
  });
});
