import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, toPromise } from 'xstate';
import type { AnyActorLogic, InspectionEvent } from 'xstate';
import { promiseActor } from '../../chainActors';

/** A parent that invokes `logic` and ends in `done` or `failed` with what it got. */
function parentOf(logic: AnyActorLogic) {
  return createMachine({
    initial: 'working',
    context: { result: null as unknown },
    states: {
      working: {
        invoke: {
          id: 'work',
          src: logic,
          input: { n: 2 },
          onDone: {
            target: 'done',
            actions: ({ context, event }) => void (context.result = event.output),
          },
          onError: {
            target: 'failed',
            actions: ({ context, event }) => void (context.result = event.error),
          },
        },
        on: { stop: 'stopped' },
      },
      done: { type: 'final' },
      failed: { type: 'final' },
      stopped: { type: 'final' },
    },
  });
}

/** Runs a parent to its end; the state reached, its result, and the inspected event types. */
async function run(logic: AnyActorLogic, stopEarly = false) {
  const events: string[] = [];
  const idOf = (ref: unknown) => (ref as { id?: string } | undefined)?.id ?? '-';
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.event')
      events.push(`${idOf(e.sourceRef)}→${idOf(e.actorRef)}:${e.event.type}`);
  };
  const actor = createActor(parentOf(logic), { inspect, id: 'parent' }).start();
  if (stopEarly) actor.send({ type: 'stop' });
  await toPromise(actor).catch(() => undefined);
  const snapshot = actor.getSnapshot();
  return { state: snapshot.value, result: snapshot.context.result, events };
}

describe('promiseActor', () => {
  it('resolves and rejects like fromPromise, with the same events', async () => {
    const ok = async ({ input }: { input: { n: number } }) => input.n * 21;
    const bad = async (): Promise<number> => {
      throw new Error('no');
    };
    const mine = await run(promiseActor(ok));
    const theirs = await run(fromPromise(ok));
    expect(mine).toEqual(theirs);
    expect(mine.result).toBe(42);
    expect(mine.events).toContain('work→work:xstate.promise.resolve');
    const failed = await run(promiseActor(bad));
    expect(failed.state).toBe('failed');
    expect((failed.result as Error).message).toBe('no');
    expect(failed.events).toEqual((await run(fromPromise(bad))).events);
  });

  it('makes the signal only when read, and aborts it when stopped before settling', async () => {
    let signal: AbortSignal | null = null;
    const never = promiseActor<number, unknown>(
      (args) =>
        new Promise<number>(() => {
          signal = args.signal;
        }),
    );
    const { state } = await run(never, true);
    expect(state).toBe('stopped');
    expect(signal).not.toBeNull();
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
    // A function that never reads the signal never has one made: nothing to abort, same result.
    const unread = await run(
      promiseActor(() => new Promise<number>(() => undefined)),
      true,
    );
    expect(unread.state).toBe('stopped');
  });
});
