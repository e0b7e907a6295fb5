/**
 * `tx-workbench replay --fork <url> <hash>` (issue 34), in process through `main`, with an
 * embedded chain with history as the upstream: a failed transaction replays identical (exit 0,
 * its trace with --trace); the same behind a proxy that doctors the committed gas differs (exit
 * 1); an upstream that does not answer is a clear error (exit 2).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main';
import { fundedAccount, startChain, type Chain } from '../localnet/helpers';
import { ownerTransactions } from '../localnet/move/ownerTransactions';

let upstream: Chain;
let failed: UserTransactionResponse;
let proxy: Server;
let proxyUrl: string;

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  process.exitCode = undefined;
  await main(['node', 'tx-workbench', ...args], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: {},
  });
  const code = Number(process.exitCode ?? 0);
  process.exitCode = undefined;
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeAll(async () => {
  upstream = await startChain();
  const [alice, bob] = await Promise.all([
    fundedAccount(upstream, 500_000_000),
    fundedAccount(upstream, 100_000_000),
  ]);
  const tx = ownerTransactions(upstream, alice);
  await tx.send({
    function: '0x1::aptos_account::transfer',
    functionArguments: [bob.accountAddress.toString(), 1_000],
  });
  // More than Alice holds: aborts in the transfer, a failed transaction committed.
  failed = await tx.send({
    function: '0x1::aptos_account::transfer',
    functionArguments: [bob.accountAddress.toString(), 900_000_000],
  });
  await tx.send({
    function: '0x1::aptos_account::transfer',
    functionArguments: [bob.accountAddress.toString(), 2_000],
  });
  // Forwards everything to the upstream, but says the failed transaction used one more gas unit.
  const target = upstream.localnet.urls.rest.replace(/\/v1$/, '');
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string' && name !== 'host' && name !== 'content-length')
            headers[name] = value;
        const answer = await fetch(`${target}${req.url ?? ''}`, {
          method: req.method ?? 'GET',
          headers,
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        });
        let body = Buffer.from(await answer.arrayBuffer());
        if ((req.url ?? '').includes(`/transactions/by_hash/${failed.hash}`)) {
          const json = JSON.parse(body.toString()) as { gas_used: string };
          json.gas_used = String(BigInt(json.gas_used) + 1n);
          body = Buffer.from(JSON.stringify(json));
        }
        res.statusCode = answer.status;
        const type = answer.headers.get('content-type');
        if (type !== null) res.setHeader('content-type', type);
        res.end(body);
      })();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await upstream?.localnet.stop();
});

describe('tx-workbench replay --fork', () => {
  it('replays a failed transaction identical to the committed result (exit 0), with its trace', async () => {
    expect(failed.success).toBe(false);
    const result = await cli([
      'replay',
      '--fork',
      upstream.localnet.urls.rest,
      failed.hash,
      '--trace',
    ]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain(`committed at version ${failed.version}`);
    for (const aspect of ['VM status', 'gas used', 'events', 'write set'])
      expect(result.out).toContain(`= ${aspect}`);
    expect(result.out).toContain('identical to the committed result');
    // The framework's transfer ran natively here: listed, with the warning.
    expect(result.out).toMatch(/framework functions run natively \(\d+\):/);
    expect(result.out).toContain('may differ from the upstream');
    // --trace: the call tree, from the transaction's entry function.
    expect(result.out).toContain('aptos_account::transfer');
  }, 60_000);

  it('exits 1 and shows the difference when the committed result differs', async () => {
    const result = await cli(['replay', '--fork', proxyUrl, failed.hash]);
    expect(result.code).toBe(1);
    expect(result.out).toContain('≠ gas used');
    expect(result.out).toContain(`- ${BigInt(failed.gas_used) + 1n}`);
    expect(result.out).toContain(`+ ${failed.gas_used}`);
    expect(result.out).toContain('DIFFERS from the committed result');
  }, 60_000);

  it('says clearly that an upstream that does not answer cannot be forked (exit 2)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await cli(['replay', '--fork', `http://127.0.0.1:${port}/v1`, failed.hash]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`The upstream node http://127.0.0.1:${port}/v1 did not answer`);
    expect(result.err).toContain('Check its URL');
  });

  it('refuses --trace without --fork and an argument that is no hash (exit 2)', async () => {
    expect((await cli(['replay', 'run.json', '--trace'])).code).toBe(2);
    const bad = await cli(['replay', '--fork', upstream.localnet.urls.rest, 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('is not a transaction hash');
  });
});
