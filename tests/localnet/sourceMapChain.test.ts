import type { Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotateSources } from '../../localnet/move/sourceStore.ts';
import { parseMoveTrace } from '../../replay/moveTrace';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';
import { abcPackage } from './move/sourceMapFixture.ts';
import { abcTrace } from './traceFixtures.ts';

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;

/**
 * `POST /workbench/sources` on a running chain: a package built with the bytecode writer is
 * published through the REST API, its source map and source posted, and the node's store then
 * places each frame of its abort on its line.
 */
describe('POST /workbench/sources', () => {
  let chain: Chain;
  let owner: Account;
  let pkg: ReturnType<typeof abcPackage>;
  let origin: string;

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}/workbench/sources`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    chain = await startChain();
    origin = chain.localnet.urls.rest.replace(/\/v1$/, '');
    owner = await fundedAccount(chain, 1_000_000_000);
    pkg = abcPackage(owner.accountAddress.toStringLong());
    const published = await ownerTransactions(chain, owner).publish('m', pkg.module);
    expect(published.vm_status).toBe('Executed successfully');
  });
  afterAll(async () => {
    await chain.localnet.stop();
  });

  it('keeps a published package’s maps and files; the node then places each frame on its line', async () => {
    const body = {
      package: 'Abc',
      modules: [{ name: 'm', sourceMap: hex(pkg.sourceMap) }],
      // Past the 64 KiB a transaction may take: a package's sources are larger than that.
      files: { 'sources/m.move': pkg.source, 'sources/big.move': 'x'.repeat(100_000) },
    };
    const response = await post(body);
    expect(response.status).toBe(200);
    const long = owner.accountAddress.toStringLong();
    // Without `address`: the one the source map names.
    expect(await response.json()).toEqual({
      modules: [`${long}::m`],
      files: ['Abc/sources/m.move'],
      missing_files: 0,
    });
    const trace = annotateSources(
      abcTrace(owner.accountAddress.toString()),
      chain.localnet.node.sources,
    );
    expect(trace.frames.slice(1).map((frame) => frame.source?.line)).toEqual([
      pkg.lines.a,
      pkg.lines.b,
      pkg.lines.c,
    ]);
  });

  it('POST /workbench/trace of the abort: m.move:LINE on each frame, on each step, and the file’s text', async () => {
    const failed = await ownerTransactions(chain, owner).send({
      function: `${owner.accountAddress.toString()}::m::a`,
      functionArguments: [10],
    });
    expect(failed.success).toBe(false);
    const trace = parseMoveTrace(await chain.dev('trace', { hash: failed.hash, steps: true }));
    const mine = trace.frames.filter((frame) => frame.function.includes('::m::'));
    expect(mine.map((frame) => [frame.function.split('::')[2], frame.source])).toEqual([
      ['a', { file: 'Abc/sources/m.move', line: pkg.lines.a, column: 9 }],
      ['b', { file: 'Abc/sources/m.move', line: pkg.lines.b, column: 9 }],
      ['c', { file: 'Abc/sources/m.move', line: pkg.lines.c, column: 9 }],
    ]);
    expect(mine[2]).toMatchObject({ status: 'abort', offset: 5, abort: { code: '7' } });
    expect(trace.sources).toEqual({ 'Abc/sources/m.move': pkg.source });
    const steps = (trace.steps ?? []).filter((step) => mine.some((f) => f.id === step.frame));
    expect(steps.length).toBeGreaterThan(10);
    expect(steps.every((step) => step.source?.file === 'Abc/sources/m.move')).toBe(true);
    // c's first instruction is `x > 100`'s line, its abort the assert's: the same line here.
    expect(steps.at(-1)).toMatchObject({ offset: 5, source: { line: pkg.lines.c } });
  });

  it('answers 400 with the reason for a module not published, or a body that is not one', async () => {
    const other = await post({
      address: '0xbeef',
      package: 'Abc',
      modules: [{ name: 'm', sourceMap: hex(pkg.sourceMap) }],
      files: {},
    });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { message: string }).message).toMatch(
      /no module 0x0+beef::m is published: publish the package first/,
    );
    const bad = await post({ package: 'Abc', modules: [{ name: 'm', sourceMap: 'zz' }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/sourceMap/);
    const notMap = await post({ package: 'Abc', modules: [{ name: 'm', sourceMap: '0x0102' }] });
    expect(((await notMap.json()) as { message: string }).message).toMatch(/not a Move source map/);
  });

  it('is a dev control: another origin is refused', async () => {
    const response = await post(
      { package: 'Abc', modules: [{ name: 'm', sourceMap: hex(pkg.sourceMap) }] },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
  });
});
