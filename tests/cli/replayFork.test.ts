/**
 * `tx-workbench replay --fork <url> <hash>` (issue 34), in process through `main`, with an
 * embedded chain with history as the upstream: a failed transaction replays identical (exit 0,
 * its trace with --trace); the same behind a proxy that doctors the committed gas differs (exit
 * 1); an upstream that does not answer is a clear error (exit 2). A fix tried after the replay
 * (--max-gas, --sender, --arg) is re-executed on the same state and compared too, the exit code
 * still the replay's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Account,
  type Account as AccountType,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main';
import { fundedAccount, startChain, type Chain } from '../localnet/helpers';
import { ownerTransactions } from '../localnet/move/ownerTransactions';

let upstream: Chain;
let failed: UserTransactionResponse;
let outOfGas: UserTransactionResponse;
let rich: AccountType;
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
  const [alice, bob, carol] = await Promise.all([
    fundedAccount(upstream, 500_000_000),
    fundedAccount(upstream, 100_000_000),
    fundedAccount(upstream, 2_000_000_000),
  ]);
  rich = carol;
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
  // Too little gas to create the recipient's account: committed, out of gas.
  outOfGas = await tx.submit(
    await upstream.aptos.transaction.build.simple({
      sender: alice.accountAddress,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [Account.generate().accountAddress.toString(), 1],
      },
      options: { maxGasAmount: 50 },
    }),
  );
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

  it('then tries a fix with more gas: the out-of-gas transfer succeeds (exit 0: the replay is identical)', async () => {
    expect(outOfGas.vm_status).toBe('Out of gas');
    const result = await cli([
      'replay',
      '--fork',
      upstream.localnet.urls.rest,
      outOfGas.hash,
      '--max-gas',
      '200000',
    ]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('identical to the committed result');
    expect(result.out).toContain(
      `fix: max gas 200000, re-executed on the same state (version ${BigInt(outOfGas.version) - 1n})`,
    );
    const fix = result.out.slice(result.out.indexOf('fix: max gas'));
    expect(fix).toContain('≠ VM status');
    expect(fix).toContain('+ success: Executed successfully');
    expect(fix).toMatch(/fix: success \(Executed successfully\), gas used \d+;/);
    expect(fix).toContain('the exit code is the replay');
  }, 60_000);

  it('then tries a fix from a richer sender: the transfer beyond the balance succeeds from its account', async () => {
    const richer = rich.accountAddress.toStringLong();
    const result = await cli([
      'replay',
      '--fork',
      upstream.localnet.urls.rest,
      failed.hash,
      '--sender',
      rich.accountAddress.toString(),
      '--trace',
    ]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    // Carol sent nothing before: her sequence number at that state is 0.
    expect(result.out).toContain(`fix: sender ${richer} (sequence number 0), re-executed`);
    const fix = result.out.slice(result.out.indexOf('fix: sender'));
    expect(fix).toContain('+ success: Executed successfully');
    expect(fix).toMatch(/fix: success \(Executed successfully\)/);
    // The balance changes are the richer account's: 900000000 and the fee out.
    expect(fix).toMatch(new RegExp(`\\+ ${richer} -9000\\d{5}`));
    expect(fix).not.toContain(`+ ${failed.sender} `);
    // --trace: the fix's call tree too, after the replay's.
    expect(fix).toContain('aptos_account::transfer');
  }, 60_000);

  it('says clearly when the fix cannot be tried: a sender absent at that state, bad flags (exit 2)', async () => {
    const nobody = Account.generate().accountAddress.toStringLong();
    const absent = await cli([
      'replay',
      '--fork',
      upstream.localnet.urls.rest,
      failed.hash,
      '--sender',
      nobody,
    ]);
    expect(absent.code).toBe(2);
    expect(absent.err).toContain(
      `${nobody} has no account at version ${BigInt(failed.version) - 1n}, the state the fix runs on.`,
    );
    expect(absent.err).toContain('Give an account that existed at that version');
    const short = await cli([
      'replay',
      '--fork',
      upstream.localnet.urls.rest,
      failed.hash,
      '--sender',
      'b0b',
    ]);
    expect(short.code).toBe(2);
    expect(short.err).toContain('--sender b0b: an address is 0x followed by 1 to 64 hex digits');
    const gas = await cli([
      'replay',
      '--fork',
      upstream.localnet.urls.rest,
      failed.hash,
      '--max-gas',
      'lots',
    ]);
    expect(gas.code).toBe(2);
    expect(gas.err).toContain('--max-gas lots: a whole number');
    const arg = await cli([
      'replay',
      '--fork',
      upstream.localnet.urls.rest,
      failed.hash,
      '--arg',
      '5=1',
    ]);
    expect(arg.code).toBe(2);
    expect(arg.err).toContain('--arg 5=1: the function takes 2 arguments (0 to 1).');
    expect((await cli(['replay', 'run.json', '--max-gas', '1'])).code).toBe(2);
  }, 60_000);

  it('then tries a fix with another argument: the amount Alice holds', async () => {
    const result = await cli([
      'replay',
      '--fork',
      upstream.localnet.urls.rest,
      failed.hash,
      '--arg',
      '1=1000',
    ]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      `fix: arguments ["${(failed.payload as { arguments: string[] }).arguments[0]}","1000"]`,
    );
    expect(result.out).toMatch(/fix: success \(Executed successfully\)/);
  }, 60_000);
});
