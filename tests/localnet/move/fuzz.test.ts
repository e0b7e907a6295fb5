import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import {
  MoveAbort,
  type NativeContext,
  VmStatusError,
} from '../../../localnet/framework/context.ts';
import { moduleAbi } from '../../../localnet/move/abi.ts';
import { readModule, readScript } from '../../../localnet/move/binary/reader.ts';
import { BinaryFormatError } from '../../../localnet/move/binary/types.ts';
import { writeModule, writeScript } from '../../../localnet/move/binary/writer.ts';
import { publishPackage } from '../../../localnet/move/publish.ts';
import type { StateKey, StateValue } from '../../../localnet/storage/types.ts';

/** `npm test` runs a few hundred cases with a fixed seed; `npm run reliability` sets FUZZ_RUNS. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 17);
/** The slowest a single read may take: far above a real module's (~5 ms), far below a hang. */
const MAX_MS = 2_000;

interface Fixtures {
  publisher: string;
  binaries: Array<{ name: string; hex: string }>;
  metadata: Array<{ name: string; hex: string }>;
}
const fx = JSON.parse(readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8')) as Fixtures;
const event = JSON.parse(readFileSync('tests/fixtures/move/eventModule.json', 'utf8')) as {
  bytecode: string;
};
const TRANSFER = Uint8Array.from(
  Buffer.from(fx.binaries.find((b) => b.name === 'helper.ts#5')?.hex ?? '', 'hex'),
);
const seeds = [...fx.binaries.map((b) => b.hex), event.bytecode.slice(2)].map((h) =>
  Uint8Array.from(Buffer.from(h, 'hex')),
);

/** A mutation of a real binary: flipped, overwritten, inserted, deleted or truncated bytes. */
const mutated = fc
  .record({
    seed: fc.constantFrom(...seeds),
    edits: fc.array(
      fc.record({
        kind: fc.constantFrom('set', 'flip', 'insert', 'delete', 'truncate'),
        at: fc.nat(),
        byte: fc.integer({ min: 0, max: 255 }),
        bit: fc.integer({ min: 0, max: 7 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  })
  .map(({ seed, edits }) => {
    let bytes = [...seed];
    for (const e of edits) {
      const at = bytes.length === 0 ? 0 : e.at % bytes.length;
      if (e.kind === 'set') bytes[at] = e.byte;
      else if (e.kind === 'flip') bytes[at] = (bytes[at] ?? 0) ^ (1 << e.bit);
      else if (e.kind === 'insert') bytes.splice(at, 0, e.byte);
      else if (e.kind === 'delete') bytes.splice(at, 1);
      else bytes = bytes.slice(0, at);
    }
    return Uint8Array.from(bytes);
  });

/** Random bytes behind a valid magic and version, so the reader gets past the header. */
const randomBinary = fc
  .tuple(fc.constantFrom(5, 6, 7, 8), fc.uint8Array({ maxLength: 400 }))
  .map(([version, body]) =>
    Uint8Array.from([0xa1, 0x1c, 0xeb, 0x0b, version, 0, 0, version >= 7 ? 0x0a : 0, ...body]),
  );

const anyBinary = fc.oneof(mutated, randomBinary, fc.uint8Array({ maxLength: 64 }));

/** Reads as a module and a script: each either succeeds or throws a BinaryFormatError, quickly. */
function readsCleanly(bytes: Uint8Array): void {
  for (const read of [readModule, readScript] as const) {
    const started = performance.now();
    try {
      const unit = read(bytes);
      expect(performance.now() - started).toBeLessThan(MAX_MS);
      // Whatever reads must write back and read again the same, and (modules) yield an ABI.
      if (unit.kind === 'module') {
        expect(readModule(writeModule(unit))).toEqual(unit);
        expect(moduleAbi(unit).name).toBeTypeOf('string');
      } else {
        expect(readScript(writeScript(unit))).toEqual(unit);
      }
    } catch (error) {
      if (!(error instanceof BinaryFormatError)) throw error;
      expect(error.message).toMatch(/^[A-Z_0-9]+: /);
      expect(performance.now() - started).toBeLessThan(MAX_MS);
    }
  }
}

describe('the reader under random and mutated binaries', () => {
  it('gives a clear error or a module that round-trips, never a crash or a hang', () => {
    fc.assert(fc.property(anyBinary, readsCleanly), { numRuns: RUNS, seed: SEED });
  }, 120_000);

  it('survives deep signature nesting and huge counts', () => {
    // 300 nested vectors in one signature: past the depth limit.
    const nested = Uint8Array.from([
      0xa1,
      0x1c,
      0xeb,
      0x0b,
      6,
      0,
      0,
      0,
      1,
      0x06,
      0,
      0xac,
      0x02,
      ...new Array<number>(300).fill(0x0a),
    ]);
    readsCleanly(nested);
    const huge = Uint8Array.from([
      0xa1, 0x1c, 0xeb, 0x0b, 6, 0, 0, 0, 1, 0x07, 0, 0xff, 0xff, 0xff, 0xff, 0x0f,
    ]);
    readsCleanly(huge);
  });
});

/** A NativeContext over a map, as the executor's session is. */
function memoryContext(
  signer: LongAddress,
): NativeContext & { writes: Map<StateKey, StateValue | null> } {
  const writes = new Map<StateKey, StateValue | null>();
  return {
    signers: [signer],
    timestampMicros: 0n,
    chainId: 4,
    writes,
    get: (key) => writes.get(key) ?? null,
    write: (key, value) => void writes.set(key, value),
    emit: () => undefined,
    charge: () => undefined,
  };
}

const TRANSFER_METADATA = Uint8Array.from(
  Buffer.from(fx.metadata.find((m) => m.name === 'transaction_test')?.hex ?? '', 'hex'),
);

describe('the publisher under random and mutated packages', () => {
  it('refuses with a Move abort or a VM status, never a crash or a hang', () => {
    const publisher = fx.publisher as LongAddress;
    const metadata = fc.oneof(
      fc.constant(TRANSFER_METADATA),
      fc.uint8Array({ maxLength: 80 }),
      fc.nat({ max: TRANSFER_METADATA.length }).map((n) => TRANSFER_METADATA.slice(0, n)),
    );
    fc.assert(
      fc.property(metadata, fc.array(anyBinary, { minLength: 1, maxLength: 3 }), (meta, code) => {
        const ctx = memoryContext(publisher);
        const started = performance.now();
        try {
          publishPackage(ctx, meta, code);
        } catch (error) {
          if (!(error instanceof MoveAbort) && !(error instanceof VmStatusError)) throw error;
          expect(error instanceof MoveAbort ? error.vmStatus : error.status).toMatch(
            /^(Move abort in 0x1::(code|util)|[A-Z_]+$)/,
          );
        }
        expect(performance.now() - started).toBeLessThan(MAX_MS);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);

  it('publishes the unmutated package in the same harness (the property is not vacuous)', () => {
    const ctx = memoryContext(fx.publisher as LongAddress);
    publishPackage(ctx, TRANSFER_METADATA, [TRANSFER]);
    expect([...ctx.writes.keys()].some((k) => k.startsWith('m|'))).toBe(true);
  });
});
