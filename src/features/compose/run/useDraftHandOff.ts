import { useCallback, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SigningMode, transactionMachine, TransactionDraft } from '../../../../machines';
import type { DraftResult } from '../composer';

type TransactionActorRef = ActorRefFrom<typeof transactionMachine>;

/** What the page handed to the machine last. */
interface HandedOff {
  draft: TransactionDraft | null;
  /** The attempt it went to: a new attempt (after Edit) gets the draft again. */
  attempt: number;
  signingMode: SigningMode | null;
}

/** The draft hand-off: see {@link useDraftHandOff}. */
export interface DraftHandOff {
  /** Remembers the composer's latest result, at once (before the page renders it). */
  remember: (result: DraftResult) => void;
  /** Hands a result to the machine when it differs from what it has (a draft only in `editing`). */
  handOver: (result: DraftResult | null) => void;
  /**
   * Before a step press: hands the latest result over at once. Returns whether the latest draft
   * is valid, or `undefined` before the composer reported one.
   */
  beforeStep: () => boolean | undefined;
}

/**
 * The composer's draft on its way to the transaction machine. While typing, the page hands each
 * valid draft over after it has rendered it (a keystroke paints first). A step press does not
 * wait for that: it hands the latest draft and signing mode over first, so Build or Run all never
 * runs on an older draft than the form shows (a press right after typing did, before).
 *
 * @param actorRef - the Compose transaction actor.
 * @returns `remember` for every composer result, `handOver` for the rendered one, `beforeStep`
 *   for step presses.
 * @example
 * ```ts
 * const draft = useDraftHandOff(actorRef);
 * const onDraft = (result) => { draft.remember(result); startTransition(() => setResult(result)); };
 * ```
 */
export function useDraftHandOff(actorRef: TransactionActorRef): DraftHandOff {
  const latest = useRef<DraftResult | null>(null);
  const handed = useRef<HandedOff>({ draft: null, attempt: 0, signingMode: null });
  const handOver = useCallback(
    (result: DraftResult | null) => {
      if (result === null) return;
      const last = handed.current;
      if (result.signingMode !== last.signingMode) {
        last.signingMode = result.signingMode;
        actorRef.send({ type: 'signer.change', signingMode: result.signingMode });
      }
      const snapshot = actorRef.getSnapshot();
      if (!result.ok || !snapshot.matches('editing')) return;
      if (result.draft === last.draft && snapshot.context.attempt === last.attempt) return;
      last.draft = result.draft;
      last.attempt = snapshot.context.attempt;
      actorRef.send({ type: 'draft.update', draft: result.draft });
    },
    [actorRef],
  );
  const remember = useCallback((result: DraftResult) => {
    latest.current = result;
  }, []);
  const beforeStep = useCallback(() => {
    const result = latest.current;
    handOver(result);
    return result?.ok;
  }, [handOver]);
  return { remember, handOver, beforeStep };
}
