import { Account } from '@aptos-labs/ts-sdk';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoveTrace } from '../../replay/moveTrace';
import schema from '../../schemas/move-trace.schema.json';
import { fungibleAssetTransfer, generatedTrace, threeFrameAbort } from '../fixtures/moveTraces';
import { fundedAccount, startChain, type Chain } from '../localnet/helpers';
import { ownerTransactions } from '../localnet/move/ownerTransactions';
import { abcPackage } from '../localnet/move/sourceMapFixture';
import { abcTrace, transferTrace } from '../localnet/traceFixtures';

/**
 * schemas/move-trace.schema.json against the fixture traces, traces the embedded chain answers
 * (an abort with source lines and steps, an APT transfer through the framework), and damaged
 * ones. Strict Ajv: a keyword the schema misspells is an error too.
 */
const ajv = new Ajv({ allErrors: true, strict: true });
const validate = ajv.compile<MoveTrace>(schema);
const errors = (value: unknown) =>
  validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);

describe('schemas/move-trace.schema.json', () => {
  it('accepts the hand-written fixture traces', () => {
    for (const trace of [
      threeFrameAbort(),
      fungibleAssetTransfer(),
      generatedTrace(2_000),
      abcTrace(),
      transferTrace(),
    ]) {
      expect(errors(JSON.parse(JSON.stringify(trace)))).toEqual([]);
    }
  });

  it('refuses a damaged trace and says where', () => {
    const damaged = (edit: (trace: Record<string, unknown> & MoveTrace) => void) => {
      const trace = JSON.parse(JSON.stringify(threeFrameAbort())) as Record<string, unknown> &
        MoveTrace;
      edit(trace);
      return errors(trace);
    };
    expect(damaged((t) => delete (t as Partial<MoveTrace>).frames)).toContain(
      " must have required property 'frames'",
    );
    expect(
      damaged((t) => {
        (t.frames[1]?.gas as unknown as Record<string, unknown>).execution = 152000;
      }),
    ).toContain('/frames/1/gas/execution must be string');
    expect(
      damaged((t) => {
        (t.frames[0] as unknown as Record<string, unknown>).extra = true;
      }),
    ).toContain('/frames/0 must NOT have additional properties');
    expect(damaged((t) => (t.kind = 'replay' as MoveTrace['kind']))).toContain(
      '/kind must be equal to one of the allowed values',
    );
    expect(
      damaged((t) => {
        if (t.frames[3]?.source) t.frames[3].source.line = 0;
      }),
    ).toContain('/frames/3/source/line must be >= 1');
    expect(damaged((t) => (t.gasUsed = '-1'))).toContain('/gasUsed must match pattern "^[0-9]+$"');
    expect(damaged((t) => (t.format = 'x' as MoveTrace['format']))).toContain(
      '/format must be equal to constant',
    );
  });
});

describe('traces the embedded chain answers', () => {
  let chain: Chain;
  let owner: Account;

  beforeAll(async () => {
    chain = await startChain();
    owner = await fundedAccount(chain, 1_000_000_000);
  });
  afterAll(async () => {
    await chain.localnet.stop();
  });

  it('an abort in a published package, with source lines and steps, is valid', async () => {
    const pkg = abcPackage(owner.accountAddress.toStringLong());
    const tx = ownerTransactions(chain, owner);
    await tx.publish('m', pkg.module);
    await chain.dev('sources', {
      package: 'Abc',
      modules: [{ name: 'm', sourceMap: `0x${Buffer.from(pkg.sourceMap).toString('hex')}` }],
      files: { 'sources/m.move': pkg.source },
    });
    const failed = await tx.send({
      function: `${owner.accountAddress.toString()}::m::a`,
      functionArguments: [1],
    });
    const trace = (await chain.dev('trace', { hash: failed.hash, steps: true })) as MoveTrace;
    expect(trace.steps?.length).toBeGreaterThan(0);
    expect(trace.sources).toBeDefined();
    expect(errors(trace)).toEqual([]);
  });

  it('an APT transfer through the framework (natives, events, writes) is valid', async () => {
    const done = await ownerTransactions(chain, owner).send({
      function: '0x1::aptos_account::transfer',
      functionArguments: [Account.generate().accountAddress, 1000],
    });
    expect(done.success).toBe(true);
    const trace = (await chain.dev('trace', { version: done.version })) as MoveTrace;
    expect(trace.frames.some((frame) => frame.kind === 'native')).toBe(true);
    expect(trace.writes.length).toBeGreaterThan(0);
    expect(errors(trace)).toEqual([]);
  });
});
