/** statePath for the shapes the transaction machine does not have: parallel regions, an empty child. */
import { describe, expect, it } from 'vitest';
import type { StateValue } from 'xstate';
import { statePath } from '../../machines';

describe('statePath', () => {
  it('joins parallel regions with a comma', () => {
    expect(statePath({ a: 'x', b: { c: 'y' } })).toBe('a.x,b.c.y');
  });

  it('a region without a child is its own name', () => {
    expect(statePath({ a: undefined } as unknown as StateValue)).toBe('a');
  });
});
