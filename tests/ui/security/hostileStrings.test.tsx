/**
 * On-chain strings are text, never HTML: a module name, event data, a write's type, a VM status
 * and a node's error message carrying `<img onerror>` and `<script>` render as the characters they
 * are, in History's run detail (the result tabs, the outcome, the draft, the transitions) and in
 * the dev wallet's signing prompt. Nothing is parsed into an element, nothing runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkbenchRun } from '../../../machines';
import { RequestSummary } from '../../../src/devwallet/ApprovalModal/RequestSummary';
import type { DevWalletRequestSummary } from '../../../src/devwallet/types';
import { RunDetail } from '../../../src/features/history/RunDetail';
import { createRunStore } from '../../../src/features/runs/runStore';
import { sampleRun } from '../../runs/sampleRuns';
import { render, screen, userEvent, within } from '../../test-utils/render';

const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=2</script>';
const MODULE = `evil${IMG}`;
const FUNCTION = `0xbad::${MODULE}::run` as const;
const EVENT_TYPE = `0xbad::${MODULE}::Stolen${SCRIPT}`;
const VM_STATUS = `Move abort in 0xbad::${MODULE}: E${SCRIPT}(0x1)`;
const NODE_MESSAGE = `Invalid transaction: ${IMG}${SCRIPT}`;
const HASH = `0x${'ab'.repeat(32)}`;

declare global {
  interface Window {
    __pwned?: number;
  }
}

afterEach(() => {
  delete window.__pwned;
});

/** No element the hostile strings would make, if they were parsed as HTML. */
function expectNothingInjected(container: HTMLElement) {
  expect(container.querySelectorAll('img[src="x"], script, img[onerror]')).toHaveLength(0);
  expect(document.querySelectorAll('img[src="x"], body script, img[onerror]')).toHaveLength(0);
  expect(window.__pwned).toBeUndefined();
}

function hostileRun(): WorkbenchRun {
  const base = sampleRun({ id: 'hostile-run' });
  const draft = {
    ...base.draft,
    payload: {
      function: FUNCTION,
      typeArguments: [`0xbad::${MODULE}::T`],
      functionArguments: [SCRIPT],
    },
  };
  const event = {
    guid: { creation_number: '0', account_address: '0xbad' },
    sequence_number: '0',
    type: EVENT_TYPE,
    data: { note: SCRIPT, image: IMG },
  };
  const change = {
    type: 'write_resource',
    address: '0xbad',
    state_key_hash: `0x${'cd'.repeat(32)}`,
    data: { type: `0xbad::${MODULE}::Vault`, data: { label: IMG } },
  };
  return {
    ...base,
    draft,
    replay: { input: { draft, signingMode: 'sign' }, answers: [] },
    state: 'failed',
    tags: ['error', 'outcome'],
    transitions: [
      ...base.transitions,
      {
        seq: 3,
        atMs: 9,
        event: { type: `xstate.error.actor.${MODULE}`, error: NODE_MESSAGE },
        source: 'building',
        target: 'failed',
        eventless: false,
      },
    ],
    chain: {
      ...base.chain,
      hash: HASH,
      version: '42',
      success: false,
      vmStatus: VM_STATUS,
      gasUsed: '12',
      events: [event],
      changes: [change],
    },
    outcome: {
      step: 'wait',
      state: 'failed',
      details: {
        summary: `The transaction aborted: ${VM_STATUS}`,
        source: 'chain',
        hash: HASH,
        vmStatus: VM_STATUS,
        cause: NODE_MESSAGE,
        errorCode: `vm_error${IMG}`,
      },
    },
  };
}

describe('hostile on-chain strings render as text', () => {
  it("History's run detail: outcome, VM status, events, write set, payload, draft, transitions", async () => {
    const user = userEvent.setup();
    const { container } = render(
      <RunDetail
        record={hostileRun()}
        store={createRunStore({ name: 'hostile-test' })}
        retriedBy={[]}
      />,
    );
    // The function name (the module name inside it) as the page's title text.
    expect(screen.getByRole('heading', { name: FUNCTION })).toHaveTextContent(FUNCTION);
    // The node's message and the VM status, character for character.
    expect(
      screen.getAllByText((_, element) => element?.textContent === NODE_MESSAGE).length,
    ).toBeGreaterThan(0);
    expect(document.body.textContent).toContain(VM_STATUS);
    expectNothingInjected(container);

    await user.click(screen.getByRole('tab', { name: /^Events/ }));
    const events = screen.getByRole('table', { name: 'Events' });
    expect(within(events).getByTitle(EVENT_TYPE)).toBeVisible();
    expect(events.textContent).toContain(SCRIPT);
    expect(events.textContent).toContain(IMG);
    expectNothingInjected(container);

    await user.click(screen.getByRole('tab', { name: /^Write set/ }));
    const writes = screen.getByRole('table', { name: 'Write set' });
    expect(writes.textContent).toContain(IMG);
    expectNothingInjected(container);

    await user.click(screen.getByRole('tab', { name: 'Payload' }));
    expect(document.body.textContent).toContain(FUNCTION);

    const transitions = screen.getByRole('region', { name: 'Transitions' });
    expect(transitions.textContent).toContain(`xstate.error.actor.${MODULE}`);
    expect(screen.getByRole('region', { name: 'Draft' }).textContent).toContain(SCRIPT);
    expectNothingInjected(container);
  });

  it("the dev wallet's signing prompt: function, type arguments, arguments, simulation", () => {
    const summary: DevWalletRequestSummary = {
      kind: 'signTransaction',
      signer: '0xa11ce',
      signerRole: 'sender',
      transaction: {
        sender: '0xa11ce',
        sequenceNumber: '0',
        payloadType: 'entryFunction',
        function: FUNCTION,
        typeArguments: [`0xbad::${MODULE}::T`],
        arguments: [{ name: IMG, type: SCRIPT, value: SCRIPT }],
        maxGasAmount: '2000',
        gasUnitPrice: '100',
        maxFee: '200000',
        expirationTimestampSecs: '1700000000',
        expiration: '2023-11-14T22:13:20.000Z',
        chainId: 4,
        secondarySigners: [],
      },
      simulation: { status: 'failure', vmStatus: VM_STATUS, gasUsed: '12' },
    };
    const { container } = render(<RequestSummary summary={summary} />);
    const text = container.textContent ?? '';
    for (const hostile of [FUNCTION, `0xbad::${MODULE}::T`, IMG, SCRIPT, VM_STATUS]) {
      expect(text).toContain(hostile);
    }
    expectNothingInjected(container);
  });

  it('the check itself: the same string parsed as HTML is caught', () => {
    const { container } = render(<div dangerouslySetInnerHTML={{ __html: IMG }} />);
    expect(() => expectNothingInjected(container)).toThrow();
  });
});
