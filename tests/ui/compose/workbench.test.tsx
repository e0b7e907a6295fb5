import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor as waitForActor } from 'xstate';
import type { UserTransactionResponse } from '@aptos-labs/ts-sdk';
import {
  transactionClock,
  transactionMachine,
  type BuiltTransaction,
  type TransactionDraft,
} from '../../../machines';
import {
  defaultFormState,
  formFromDraft,
  rootAddress,
} from '../../../src/features/compose/composer/composerForm';
import { networkProblem, withTimeout } from '../../../src/features/compose/composer/networkProblem';
import { matchingTemplate } from '../../../src/features/compose/composer/templates';
import { presetNetworks } from '../../../src/network/networks';
import { RunStepper } from '../../../src/features/compose/run/RunStepper';
import { CodeText } from '../../../src/features/transaction';
import { render, screen, waitFor } from '../../test-utils/render';

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
  payload: {
    function: '0x1::aptos_account::transfer',
    typeArguments: [],
    functionArguments: [rootAddress, '10000000'],
  },
  options: { maxGasAmount: '5000', expirationSecs: 30 },
};

function failingSimulation() {
  const logic = transactionMachine.provide({
    actors: {
      buildTransaction: fromPromise(async () => built),
      simulateTransaction: fromPromise(
        async () =>
          [
            {
              success: false,
              vm_status: 'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): too little',
              gas_used: '10',
              gas_unit_price: '100',
              events: [],
              changes: [],
            },
          ] as unknown as UserTransactionResponse[],
      ),
    },
    actions: transactionClock(() => 0),
  });
  return createActor(logic, {
    input: { draft, network: { name: 'local', chainId: 4, nodeUrl: 'http://127.0.0.1:8080/v1' } },
  }).start();
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('RunStepper', () => {
  it('on a failed simulation marks only Simulate as failed; Build stays done', async () => {
    const actor = failingSimulation();
    stop = () => actor.stop();
    const { container } = render(<RunStepper actorRef={actor} />);
    act(() => actor.send({ type: 'build' }));
    await waitForActor(actor, (snapshot) => snapshot.matches('built'));
    act(() => actor.send({ type: 'simulate' }));
    await waitForActor(actor, (snapshot) => snapshot.matches({ simulated: 'failure' }));
    // The stepper follows the state badge by a deferred render.
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('.mantine-Stepper-step')].map((step) =>
          step.getAttribute('data-step'),
        ),
      ).toEqual([
        'Build: done',
        'Simulate: failed',
        'Sign: to do',
        'Submit: to do',
        'Wait: to do',
        'Outcome: to do',
      ]),
    );
    expect(container.querySelectorAll('[data-failed]')).toHaveLength(1);
    expect(screen.getByText('failed')).toBeVisible();
  });
});

describe('formFromDraft', () => {
  it('keeps what was typed where it stands for the same value (0.1 APT for 10000000 octas)', () => {
    const form = formFromDraft(draft, 'sign', defaultFormState);
    expect(form.arguments).toEqual([rootAddress, '0.1 APT']);
    expect(form.moduleAddress).toBe('0x1');
    expect(form.options.maxGasAmount).toBe('5000');
    expect(form.options.expirationSecs).toBe('30');
  });

  it('shows a draft that differs from the stored form as the draft says', () => {
    const other: TransactionDraft = {
      ...draft,
      payload: {
        function: '0xcafe::playground::abort_with',
        typeArguments: [],
        functionArguments: ['42'],
      },
    };
    const form = formFromDraft(other, 'signAndSubmit', defaultFormState);
    expect(form).toMatchObject({
      moduleAddress: '0xcafe',
      moduleName: 'playground',
      functionName: 'abort_with',
      arguments: ['42'],
      signingMode: 'signAndSubmit',
    });
    const changed = formFromDraft(
      { ...draft, payload: { ...draft.payload, functionArguments: [rootAddress, '20000000'] } },
      'sign',
      defaultFormState,
    );
    expect(changed.arguments).toEqual([rootAddress, '20000000']);
  });
});

describe('matchingTemplate', () => {
  it('names the template the form holds, and none once a field is edited', () => {
    expect(matchingTemplate(defaultFormState)?.id).toBe('transfer');
    expect(matchingTemplate({ ...defaultFormState, arguments: [rootAddress, '0.2 APT'] })).toBe(
      undefined,
    );
  });
});

describe('CodeText', () => {
  it('renders code spans as code, never with their backticks', () => {
    render(
      <p data-testid="copy">
        <CodeText>{'Check that it is `entry` and `public`.'}</CodeText>
      </p>,
    );
    const copy = screen.getByTestId('copy');
    expect(copy.textContent).toBe('Check that it is entry and public.');
    expect([...copy.querySelectorAll('code')].map((code) => code.textContent)).toEqual([
      'entry',
      'public',
    ]);
  });
});

describe('composer reads when the node cannot be reached', () => {
  it('name the network, its URL and what to do', () => {
    expect(
      networkProblem(presetNetworks.devnet, 'the modules at 0x1', new TypeError('Failed to fetch')),
    ).toBe(
      `Could not load the modules at 0x1 from the Devnet node at ${presetNetworks.devnet.fullnode}: it cannot be reached (Failed to fetch). Check your connection, or pick another network in the header.`,
    );
    expect(networkProblem(presetNetworks.local, 'the gas price estimate', new Error('x'))).toMatch(
      /Start the embedded chain with npm start \(or npm run localnet\)\.$/,
    );
  });

  it('end in an error when the node never answers, instead of loading forever', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => {});
      const read = withTimeout(never, 10_000, 'the modules at 0x1');
      const settled = expect(read).rejects.toThrow('no answer to the modules at 0x1 within 10 s');
      await vi.advanceTimersByTimeAsync(10_000);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });
});
