import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A stable getter for the value of the latest render, for callbacks and actors that outlive a
 * render (a machine's actor reading the connected wallet when a step runs, an effect calling the
 * current `onChange`) without restarting when the value changes.
 *
 * @param value - the value to keep current.
 * @returns a function, the same on every render, that returns the latest committed value.
 * @example
 * ```tsx
 * const getSigner = useLatest(signer);
 * const [logic] = useState(() => machine.provide({ actors: createActors({ getSigner }) }));
 * ```
 */
export function useLatest<T>(value: T): () => T {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return useCallback(() => ref.current, []);
}
