/**
 * toJsonValue has three paths: a plain copy, the engine's JSON with a replacer, and a careful
 * walk for cyclic values. Each kind of value is checked on its own (so an earlier field cannot
 * send the whole value down another path) and inside a cyclic value (so it goes through the
 * careful walk), with `toStrictEqual`.
 */
import { describe, expect, it } from 'vitest';
import { toJsonValue } from '../../machines';

/** `value` inside an object that refers to itself: only the careful walk can convert it. */
function inCycle(value: unknown): unknown {
  const holder: Record<string, unknown> = { value };
  holder.self = holder;
  return holder;
}
const cycled = (value: unknown) => {
  const result = toJsonValue(inCycle(value)) as Record<string, unknown>;
  expect(result.self).toBe('[cycle]');
  return result;
};

describe('toJsonValue, one kind of value at a time', () => {
  it('bytes alone, and inside an array or an object', () => {
    expect(toJsonValue(new Uint8Array([1, 2, 255]))).toBe('0x0102ff');
    expect(toJsonValue([new Uint8Array([7])])).toStrictEqual(['0x07']);
    expect(toJsonValue({ b: new Uint8Array([]) })).toStrictEqual({ b: '0x' });
  });

  it('a bigint inside an array or an object', () => {
    expect(toJsonValue([1n, 2])).toStrictEqual(['1', 2]);
    expect(toJsonValue({ n: { deeper: 3n } })).toStrictEqual({ n: { deeper: '3' } });
  });

  it('a plain object with its own toJSON, and a Date', () => {
    expect(toJsonValue({ toJSON: () => 'mine', other: 1 })).toBe('mine');
    expect(toJsonValue({ when: new Date(0) })).toStrictEqual({ when: '1970-01-01T00:00:00.000Z' });
  });

  it('class instances keep only their own enumerable fields, as JSON does', () => {
    class Point {
      constructor(
        public x: number,
        public y: number,
      ) {}
      get sum() {
        return this.x + this.y;
      }
    }
    expect(toJsonValue(new Point(1, 2))).toStrictEqual({ x: 1, y: 2 });
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    expect(toJsonValue(bare)).toStrictEqual({ a: 1 });
  });

  it('an error alone: name, message, own fields and cause', () => {
    const error = Object.assign(new TypeError('bad', { cause: 'why' }), { code: 7 });
    expect(toJsonValue(error)).toStrictEqual({
      name: 'TypeError',
      message: 'bad',
      code: 7,
      cause: 'why',
    });
    expect(toJsonValue(new Error('plain'))).toStrictEqual({ name: 'Error', message: 'plain' });
  });
});

describe('toJsonValue inside a cyclic value (the careful walk)', () => {
  it('strings, booleans, numbers, null', () => {
    expect(cycled('text').value).toBe('text');
    expect(cycled(true).value).toBe(true);
    expect(cycled(-2.5).value).toBe(-2.5);
    expect(cycled(Number.NaN).value).toBe('NaN');
    expect(cycled(null).value).toBeNull();
    expect(cycled(5n).value).toBe('5');
  });

  it('leaves out undefined, functions and symbols', () => {
    for (const dropped of [undefined, () => 1, Symbol('s')]) {
      expect(cycled(dropped)).toStrictEqual({ self: '[cycle]' });
    }
  });

  it('bytes, arrays (holes as null), toJSON', () => {
    expect(cycled(new Uint8Array([9, 10])).value).toBe('0x090a');
    expect(cycled([1, undefined, () => 2, 'x']).value).toStrictEqual([1, null, null, 'x']);
    expect(cycled({ toJSON: () => ({ as: 'json' }) }).value).toStrictEqual({ as: 'json' });
    expect(cycled(new Date(0)).value).toBe('1970-01-01T00:00:00.000Z');
  });

  it('errors: name, message, own fields (without undefined ones) and a converted cause', () => {
    const error = Object.assign(new Error('outer', { cause: new Error('inner') }), {
      code: 'E1',
      missing: undefined,
    });
    expect(cycled(error).value).toStrictEqual({
      name: 'Error',
      message: 'outer',
      code: 'E1',
      cause: { name: 'Error', message: 'inner' },
    });
    const withoutCause = cycled(new Error('alone')).value;
    expect(withoutCause).toStrictEqual({ name: 'Error', message: 'alone' });
    // A cause that converts to nothing is left out.
    expect(cycled(new Error('fn cause', { cause: () => 1 })).value).toStrictEqual({
      name: 'Error',
      message: 'fn cause',
    });
  });

  it('cuts at depth 32: an object 33 levels down is "[too deep]"', () => {
    // holder (depth 0) → value (1) → 31 more levels → the leaf object at depth 33.
    let leaf: unknown = { end: true };
    for (let i = 0; i < 32; i += 1) leaf = { next: leaf };
    let node = cycled(leaf).value as Record<string, unknown>;
    for (let i = 0; i < 31; i += 1) node = node.next as Record<string, unknown>;
    expect(node).toStrictEqual({ next: '[too deep]' });

    let shallower: unknown = { end: true };
    for (let i = 0; i < 31; i += 1) shallower = { next: shallower };
    let kept = cycled(shallower).value as Record<string, unknown>;
    for (let i = 0; i < 30; i += 1) kept = kept.next as Record<string, unknown>;
    expect(kept).toStrictEqual({ next: { end: true } });
  });

  it('counts depth through arrays, error fields, causes and toJSON too', () => {
    /** 32 levels of `wrap` around an object: its leaf sits at depth 33 inside `cycled`. */
    const deep = (wrap: (inner: unknown) => unknown) => {
      let value: unknown = { end: true };
      for (let i = 0; i < 32; i += 1) value = wrap(value);
      return JSON.stringify(cycled(value).value);
    };
    expect(deep((inner) => [inner])).toBe(`${'['.repeat(32)}"[too deep]"${']'.repeat(32)}`);
    const viaCause = deep((inner) => new Error('e', { cause: inner }));
    expect(viaCause.match(/"cause":/g)).toHaveLength(32);
    expect(viaCause).toContain('"cause":"[too deep]"');
    const viaField = deep((inner) => Object.assign(new Error('e'), { inner }));
    expect(viaField).toContain('"inner":"[too deep]"');
    const viaToJson = deep((inner) => ({ toJSON: () => ({ inner }) }));
    expect(viaToJson).toContain('"inner":"[too deep]"');
  });
});
