import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toJsonValue } from '../../machines';
import { cloneJson } from '../../machines/json';

/** What the engine's JSON makes of a value: the reference both copies must match. */
const viaEngine = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('plain-data copies', () => {
  it('equal the engine’s JSON round trip for any JSON value, as fresh objects', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = toJsonValue(value);
        expect(copy).toStrictEqual(viaEngine(value));
        expect(cloneJson(value)).toStrictEqual(viaEngine(value));
        if (value !== null && typeof value === 'object') expect(copy).not.toBe(value);
      }),
    );
  });

  it('write -0 as 0, drop undefined and functions, and keep key order', () => {
    const value = { b: -0, a: [undefined, () => 1, -0], skipped: undefined, fn: () => 1, 2: 'x' };
    expect(Object.is((toJsonValue(value) as { b: number }).b, 0)).toBe(true);
    expect(toJsonValue(value)).toStrictEqual(viaEngine(value));
    expect(Object.keys(toJsonValue(value) as object)).toEqual(['2', 'b', 'a']);
    expect(cloneJson(value)).toStrictEqual(viaEngine(value));
  });

  it('leave what plain JSON cannot hold to the careful conversion', () => {
    const withProto = JSON.parse('{"__proto__": {"x": 1}, "y": 2}') as unknown;
    expect(toJsonValue(withProto)).toStrictEqual(viaEngine(withProto));
    expect(Object.getPrototypeOf(toJsonValue(withProto))).toBe(Object.prototype);
    expect(
      toJsonValue({ at: new Date(0), list: [{ n: 1n }], nested: { toJSON: () => 'j' } }),
    ).toEqual({ at: '1970-01-01T00:00:00.000Z', list: [{ n: '1' }], nested: 'j' });
    expect(toJsonValue({ buffer: Buffer.from([1]) })).toEqual({
      buffer: { type: 'Buffer', data: [1] },
    });
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i += 1) deep = { deep };
    expect(toJsonValue(deep)).toStrictEqual(viaEngine(deep));
  });
});
