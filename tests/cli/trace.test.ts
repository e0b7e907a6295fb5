/**
 * `tx-workbench trace`, the real bin in child processes, against a stand-in for the chain's
 * `POST /workbench/trace` that answers the hand-written fixture traces (what the chain answers is
 * checked in tests/localnet/sourceMapChain.test.ts): the tree text, `--json`, `--flamegraph`,
 * `--sources` and the errors a bad argument or the wrong node gets.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoveTrace } from '../../replay/moveTrace';
import { serializeRunFile } from '../../schemas/runFile';
import { threeFrameAbort } from '../fixtures/moveTraces';
import { writeModule } from '../../localnet/move/binary/writer';
import { fundedAccount, startChain } from '../localnet/helpers';
import { ownerTransactions } from '../localnet/move/ownerTransactions';
import { abcPackage } from '../localnet/move/sourceMapFixture';
import { sampleRun } from '../runs/sampleRuns';

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/tx-workbench.mjs', ...args],
      { timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let dir: string;
let server: Server;
let bare: Server;
let url: string;
let bareUrl: string;
const requests: Array<{ path: string; body: Record<string, unknown> }> = [];

async function listen(handler: Parameters<typeof createServer>[1]): Promise<[Server, string]> {
  const s = createServer(handler);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return [s, `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tx-workbench-trace-'));
  [server, url] = await listen((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      requests.push({ path: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/workbench/sources') {
        res.end(
          JSON.stringify({ modules: ['0x…::m'], files: ['Abc/sources/m.move'], missing_files: 0 }),
        );
        return;
      }
      if (body.version === '404') {
        res.statusCode = 404;
        res.end(
          JSON.stringify({
            message: 'Ledger version 404 not found',
            error_code: 'version_not_found',
          }),
        );
        return;
      }
      res.end(
        JSON.stringify({ ...threeFrameAbort(), ...(body.steps === true ? { steps: [] } : {}) }),
      );
    });
  });
  [bare, bareUrl] = await listen((_req, res) => {
    res.statusCode = 404;
    res.end('not found');
  });
});

afterAll(() => {
  server.close();
  bare.close();
});

const last = () => requests.at(-1);

describe('tx-workbench trace', { timeout: 60_000 }, () => {
  it('prints the call tree with inclusive and own gas, the failing path and its abort on its line', async () => {
    const result = await cli(['trace', '41', '--network', url]);
    expect(result.code, result.stderr).toBe(0);
    expect(last()).toEqual({ path: '/workbench/trace', body: { version: '41' } });
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toContain(`tracing version 41 on ${url}`);
    expect(lines).toContain('incl  self  call tree (gas units)');
    expect(lines).toContain('6.04  5.32  ✗ transaction');
    expect(lines).toContain(
      '0.72  0.15  └─ ✗ 0xcafe::market::place_order(0xb0b, 100, 5)  market.move:20',
    );
    expect(lines).toContain(
      '0.02  0.02        └─ ✗ 0xcafe::pricing::assert_min(5)  ABORT 65539 (0x10003) E_PRICE_TOO_LOW at offset 7  pricing.move:12',
    );
    expect(lines.slice(-4)).toEqual([
      'ABORT 65539 (0x10003) E_PRICE_TOO_LOW at offset 7 in 0xcafe::pricing::assert_min; stack, entry first:',
      '  0xcafe::market::place_order  market.move:20',
      '  0xcafe::market::check_price',
      '  0xcafe::pricing::assert_min  pricing.move:12',
    ]);
  });

  it('--json alone prints only the trace; --json FILE and --flamegraph write files', async () => {
    const hash = `0x${'3A'.repeat(32)}`;
    const alone = await cli(['trace', hash, '--network', url, '--json', '--steps']);
    expect(alone.code, alone.stderr).toBe(0);
    expect(last()?.body).toEqual({ hash: hash.toLowerCase(), steps: true });
    expect(parseMoveTrace(JSON.parse(alone.stdout))).toEqual({ ...threeFrameAbort(), steps: [] });
    const json = join(dir, 'trace.json');
    const svg = join(dir, 'trace.svg');
    const both = await cli(['trace', '41', '--network', url, '--json', json, '--flamegraph', svg]);
    expect(both.code, both.stderr).toBe(0);
    expect(both.stdout).toContain(`trace: ${json}\nflamegraph: ${svg}`);
    expect(parseMoveTrace(JSON.parse(readFileSync(json, 'utf8')))).toEqual(threeFrameAbort());
    const image = readFileSync(svg, 'utf8');
    expect(image).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(image).toContain('<title>0xcafe::pricing::assert_min(5)  pricing.move:12');
    expect(image).not.toMatch(/<script|@import|url\(|href=/);
  });

  it('--sources posts a build folder’s source maps and sources first', async () => {
    const build = join(dir, 'build', 'Abc');
    for (const sub of ['bytecode_modules', 'source_maps', 'sources/nested'])
      mkdirSync(join(build, sub), { recursive: true });
    const pkg = abcPackage('0xcafe');
    writeFileSync(join(build, 'bytecode_modules', 'm.mv'), Uint8Array.of(0xa1, 0x1c, 0xeb, 0x0b));
    writeFileSync(join(build, 'source_maps', 'm.mvsm'), pkg.sourceMap);
    // A dependency's map has no bytecode of this package beside it: not posted.
    writeFileSync(join(build, 'source_maps', 'dep.mvsm'), Uint8Array.of(1));
    writeFileSync(join(build, 'sources', 'm.move'), pkg.source);
    writeFileSync(join(build, 'sources', 'nested', 'n.move'), 'module 0xcafe::n {}');
    // The build's copies of its dependencies' sources stay behind.
    mkdirSync(join(build, 'sources', 'dependencies', 'Dep'), { recursive: true });
    writeFileSync(join(build, 'sources', 'dependencies', 'Dep', 'd.move'), 'module 0x1::d {}');
    const result = await cli(['trace', '41', '--network', url, '--sources', build]);
    expect(result.code, result.stderr).toBe(0);
    const posted = requests.find((r) => r.path === '/workbench/sources');
    expect(posted?.body).toEqual({
      package: 'Abc',
      modules: [{ name: 'm', sourceMap: `0x${Buffer.from(pkg.sourceMap).toString('hex')}` }],
      files: { 'sources/m.move': pkg.source, 'sources/nested/n.move': 'module 0xcafe::n {}' },
    });
    expect(result.stdout).toContain('sources: 1 module(s), Abc/sources/m.move');
    const empty = await cli(['trace', '41', '--network', url, '--sources', dir]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('has no source_maps folder');
  });

  it('traces a run file’s committed version; a run elsewhere or never built is refused', async () => {
    const committed = sampleRun({ id: 'run-committed', state: 'committed' });
    committed.chain = { ...committed.chain, hash: `0x${'3a'.repeat(32)}`, version: '57' };
    committed.network = { ...committed.network, nodeUrl: url };
    const runs = join(dir, 'runs.json');
    writeFileSync(runs, serializeRunFile([committed]));
    const ok = await cli(['trace', runs]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(last()?.body).toEqual({ version: '57' });
    expect(ok.stdout).toContain(`tracing run run-committed, committed at version 57 on ${url}`);

    const devnet = sampleRun({ id: 'run-devnet' });
    devnet.network = {
      name: 'devnet',
      chainId: 174,
      nodeUrl: 'https://api.devnet.aptoslabs.com/v1',
    };
    writeFileSync(runs, serializeRunFile([devnet]));
    const elsewhere = await cli(['trace', runs]);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('run-devnet ran on devnet');
    expect(elsewhere.stderr).toContain('needs the workbench’s embedded chain');
    expect(elsewhere.stderr).toContain('replay --fork');

    writeFileSync(runs, serializeRunFile([sampleRun({ id: 'run-a' }), sampleRun({ id: 'run-b' })]));
    const two = await cli(['trace', runs, '--run', '2', '--network', url]);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('run-b never built a transaction (it stopped in building)');
    expect((await cli(['trace', runs])).stderr).toContain('choose one with --run 1 to --run 2');
  });

  it('says what is wrong with the argument, the network, or the node', async () => {
    const nonsense = await cli(['trace', '0x12', '--network', url]);
    expect(nonsense.code).toBe(2);
    expect(nonsense.stderr).toContain(
      '"0x12" is not a transaction hash (0x and 64 hex digits), a ledger version or a run file.',
    );
    const devnet = await cli(['trace', '41', '--network', 'devnet']);
    expect(devnet.code).toBe(2);
    expect(devnet.stderr).toContain(
      '--network devnet: a Move trace needs the workbench’s embedded chain',
    );
    const notOurs = await cli(['trace', '41', '--network', bareUrl]);
    expect(notOurs.code).toBe(1);
    expect(notOurs.stderr).toContain('has no /workbench/trace');
    const missing = await cli(['trace', '404', '--network', url]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('The trace failed: Ledger version 404 not found');
    const down = await cli(['trace', '41', '--network', 'http://127.0.0.1:9/v1']);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('Cannot reach http://127.0.0.1:9/v1');
    expect(down.stderr).toContain('npm run localnet');
  });
});

describe('tx-workbench trace on the embedded chain', { timeout: 90_000 }, () => {
  it('after --sources, each frame of the abort shows m.move:LINE', async () => {
    const chain = await startChain();
    try {
      const owner = await fundedAccount(chain, 1_000_000_000);
      const pkg = abcPackage(owner.accountAddress.toStringLong());
      const tx = ownerTransactions(chain, owner);
      expect((await tx.publish('m', pkg.module)).success).toBe(true);
      const failed = await tx.send({
        function: `${owner.accountAddress.toString()}::m::a`,
        functionArguments: [3],
      });
      const build = join(dir, 'chain-build', 'Abc');
      for (const sub of ['bytecode_modules', 'source_maps', 'sources'])
        mkdirSync(join(build, sub), { recursive: true });
      writeFileSync(join(build, 'bytecode_modules', 'm.mv'), writeModule(pkg.module));
      writeFileSync(join(build, 'source_maps', 'm.mvsm'), pkg.sourceMap);
      writeFileSync(join(build, 'sources', 'm.move'), pkg.source);
      const svg = join(dir, 'chain.svg');
      const result = await cli([
        'trace',
        failed.hash,
        '--network',
        chain.localnet.urls.rest,
        '--sources',
        build,
        '--flamegraph',
        svg,
      ]);
      expect(result.code, result.stderr).toBe(0);
      mkdirSync('test-results', { recursive: true });
      writeFileSync('test-results/trace-cli.txt', result.stdout);
      expect(result.stdout).toContain('sources: 1 module(s), Abc/sources/m.move');
      const line = (fn: string) =>
        result.stdout.split('\n').find((l) => l.includes(`::m::${fn}(`)) ?? '';
      expect(line('a')).toMatch(
        new RegExp(`✗ 0x[0-9a-f]+::m::a\\(.*\\)  m\\.move:${pkg.lines.a}$`),
      );
      expect(line('b')).toMatch(new RegExp(`  m\\.move:${pkg.lines.b}$`));
      expect(line('c')).toMatch(
        new RegExp(`ABORT 7 \\(0x7\\) at offset 5  m\\.move:${pkg.lines.c}$`),
      );
      expect(readFileSync(svg, 'utf8')).toContain(`m.move:${pkg.lines.c}`);
    } finally {
      await chain.localnet.stop();
    }
  });
});
