/**
 * The composer's draft reaches the machine before a step press reads it: the page hands drafts
 * over after rendering them, and a press that came first built the draft before (the form said
 * 0.23 APT, the transaction 0.1). The browser journey `compose.e2e.ts` presses Alt+B right after
 * typing; these pin the hand-off itself.
 */
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { promiseActor } from '../../../chainActors';
import {
  transactionClock,
  transactionMachine,
  type BuildTransactionInput,
  type BuiltTransaction,
  type TransactionDraft,
} from '../../../machines';
import { useDraftHandOff } from '../../../src/features/compose/run/useDraftHandOff';
import type { DraftResult } from '../../../src/features/compose/composer';

const SENDER = `0x${'a1'.repeat(32)}`;
function draft(amount: string): TransactionDraft {
  return {
    sender: SENDER,
    payload: {
      function: '0x1::aptos_account::transfer',
      typeArguments: [],
      functionArguments: ['0x1', amount],
    },
    options: {},
  };
}
const ok = (amount: string): DraftResult => ({
  ok: true,
  draft: draft(amount),
  signingMode: 'sign',
});

function setup() {
  const events: AnyEventObject[] = [];
  const logic = transactionMachine.provide({
    actions: transactionClock(Date.now),
    actors: {
      // Never answers: the machine stays in `building`.
      buildTransaction: promiseActor<BuiltTransaction, BuildTransactionInput>(
        () => new Promise(() => {}),
      ),
    },
  });
  const actor = createActor(logic, {
    input: {
      draft: draft('10000000'),
      network: { name: 'local', chainId: 4, nodeUrl: 'http://127.0.0.1:8080/v1' },
    },
    inspect: (inspection) => {
      if (
        inspection.type === '@xstate.event' &&
        inspection.actorRef.sessionId === inspection.rootId
      )
        events.push(inspection.event);
    },
  }).start();
  const { result } = renderHook(() => useDraftHandOff(actor));
  const sent = (type: string) => events.filter((event) => event.type === type).length;
  return { actor, handOff: () => result.current, sent };
}

describe('useDraftHandOff', () => {
  it('hands the latest draft over before a step, though the page has not rendered it', () => {
    const { actor, handOff, sent } = setup();
    handOff().remember(ok('23000000'));
    expect(actor.getSnapshot().context.draft.payload.functionArguments[1]).toBe('10000000');
    expect(handOff().beforeStep()).toBe(true);
    expect(actor.getSnapshot().context.draft.payload.functionArguments[1]).toBe('23000000');
    expect(sent('draft.update')).toBe(1);
  });

  it('refuses the step when the latest draft is not valid, and keeps the machine’s', () => {
    const { actor, handOff, sent } = setup();
    handOff().remember({ ok: false, problems: ['Argument 2: not a u64'], signingMode: 'sign' });
    expect(handOff().beforeStep()).toBe(false);
    expect(actor.getSnapshot().context.draft.payload.functionArguments[1]).toBe('10000000');
    expect(sent('draft.update')).toBe(0);
  });

  it('says nothing before the composer reported a draft', () => {
    const { handOff, sent } = setup();
    expect(handOff().beforeStep()).toBeUndefined();
    expect(sent('draft.update') + sent('signer.change')).toBe(0);
  });

  it('hands each draft and signing mode over once, whoever comes first', () => {
    const { actor, handOff, sent } = setup();
    const result = ok('23000000');
    handOff().remember(result);
    handOff().beforeStep();
    // The page's render of the same result, after the press: nothing new to hand over.
    handOff().handOver(result);
    expect(sent('draft.update')).toBe(1);
    expect(sent('signer.change')).toBe(1);
    const submitted: DraftResult = { ...result, signingMode: 'signAndSubmit' };
    handOff().handOver(submitted);
    expect(sent('signer.change')).toBe(2);
    expect(actor.getSnapshot().context.signingMode).toBe('signAndSubmit');
  });

  it('hands no draft to a machine that is not editing (a run is under way)', () => {
    const { actor, handOff, sent } = setup();
    actor.send({ type: 'build' });
    expect(actor.getSnapshot().matches('editing')).toBe(false);
    handOff().remember(ok('23000000'));
    expect(handOff().beforeStep()).toBe(true);
    expect(sent('draft.update')).toBe(0);
    actor.stop();
  });
});
