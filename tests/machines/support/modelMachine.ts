import { createMachine } from 'xstate';
import type { AnyStateMachine } from 'xstate';

type Config = Record<string, unknown>;

function asArray(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Rewrites a state config so each `invoke` becomes the two events XState turns it into
 * (`xstate.done.actor.<id>` → onDone, `xstate.error.actor.<id>` → onError). `xstate/graph`'s
 * test models refuse machines with invocations; this keeps every transition of the real machine
 * and lets the test play the invoked actors' results as events.
 */
function withoutInvokes(config: Config): Config {
  const copy: Config = { ...config };
  const on: Config = { ...((config.on as Config | undefined) ?? {}) };
  for (const invoke of asArray(config.invoke) as Config[]) {
    const id = String(invoke.id);
    if (invoke.onDone !== undefined) on[`xstate.done.actor.${id}`] = invoke.onDone;
    if (invoke.onError !== undefined) on[`xstate.error.actor.${id}`] = invoke.onError;
  }
  delete copy.invoke;
  if (Object.keys(on).length > 0) copy.on = on;
  if (config.states) {
    copy.states = Object.fromEntries(
      Object.entries(config.states as Record<string, Config>).map(([key, child]) => [
        key,
        withoutInvokes(child),
      ]),
    );
  }
  return copy;
}

/**
 * The model of `machine` for `createTestModel`: the same states, guards, actions and transitions,
 * with invocations played as events. The real machine (with fake actors) is the system under test.
 */
export function toModelMachine(machine: AnyStateMachine): AnyStateMachine {
  // The config is rebuilt structurally, so its precise static type is lost on purpose.
  return createMachine(
    withoutInvokes(machine.config as Config) as never,
    machine.implementations as never,
  );
}

/** Every invoke id declared anywhere in a machine config. */
export function invokeIds(config: Config): string[] {
  const own = (asArray(config.invoke) as Config[]).map((invoke) => String(invoke.id));
  const children = Object.values((config.states as Record<string, Config> | undefined) ?? {});
  return [...own, ...children.flatMap(invokeIds)];
}
