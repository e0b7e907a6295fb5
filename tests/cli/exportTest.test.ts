/**
 * `tx-workbench export-test` (issue 33): three recorded runs on the embedded chain (an abort in a
 * package the sender published, an INSUFFICIENT_BALANCE failure, a sponsored run) written as
 * Vitest files by the real bin, checked for what they hold and what they must not (the run's
 * keys), then run here against the chain's sources: they pass, and fail once the asserted
 * outcome is changed.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Account, MoveVector, type Aptos, type Ed25519Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAptos, runHeadless } from '../../cli/headless';
import type { HeadlessOptions } from '../../cli/headless';
import { startLocalnet, type Localnet } from '../../localnet';
import { serializeRunFile } from '../../schemas/runFile';
import { exec, runExportedHere } from '../test-utils/exportedTests';
import { abortingPackage } from './exportTestFixture';

const repo = resolve(import.meta.dirname, '../..');
const scratch = join(repo, '.scratch', `export-test-${process.pid}`);

let localnet: Localnet;
let aptos: Aptos;
let alice: Ed25519Account;
let poor: Ed25519Account;
let sponsor: Ed25519Account;
let base: Omit<HeadlessOptions, 'payload' | 'privateKey'>;
/** The run files and the tests exported from them, by case. */
const exported: Record<string, { runFile: string; testFile: string; text: string }> = {};

const cli = (args: string[]) => exec(process.execPath, ['bin/tx-workbench.mjs', ...args]);
const runExported = (files: Record<string, string>) =>
  runExportedHere(join(scratch, `run-${Object.keys(files).join('-')}`), files);

async function record(
  name: string,
  options: Partial<HeadlessOptions> & Pick<HeadlessOptions, 'payload' | 'privateKey'>,
) {
  const run = await runHeadless({ ...base, simulation: 'submitAnyway', ...options });
  const runFile = join(scratch, `${name}.run.json`);
  writeFileSync(runFile, serializeRunFile([run]));
  return run;
}

beforeAll(async () => {
  mkdirSync(scratch, { recursive: true });
  localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
  aptos = createAptos({
    nodeUrl: localnet.urls.rest,
    faucetUrl: localnet.urls.faucet,
    indexerUrl: localnet.urls.indexer,
  });
  alice = Account.generate();
  poor = Account.generate();
  sponsor = Account.generate();
  await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 1_000_000_000 });
  await aptos.fundAccount({ accountAddress: poor.accountAddress, amount: 2_000_000 });
  await aptos.fundAccount({ accountAddress: sponsor.accountAddress, amount: 500_000_000 });
  base = { nodeUrl: localnet.urls.rest, networkName: 'local', aptos };

  // Alice publishes a package whose transfer(&signer, amount, to) aborts with the amount.
  const pkg = abortingPackage(alice.accountAddress.toStringLong());
  const publish = await aptos.transaction.build.simple({
    sender: alice.accountAddress,
    data: {
      function: '0x1::code::publish_package_txn',
      functionArguments: [MoveVector.U8(pkg.metadata), new MoveVector([MoveVector.U8(pkg.code)])],
    },
  });
  const pending = await aptos.signAndSubmitTransaction({ signer: alice, transaction: publish });
  expect((await aptos.waitForTransaction({ transactionHash: pending.hash })).success).toBe(true);

  const abort = await record('abort', {
    privateKey: alice.privateKey.toAIP80String(),
    payload: {
      function: `${alice.accountAddress.toStringLong()}::${pkg.module}::transfer`,
      functionArguments: ['42', Account.generate().accountAddress.toStringLong()],
    },
  });
  expect(abort.chain.vmStatus).toMatch(/^Move abort in 0x[0-9a-f]+::\w+: 0x2a$/);
  const broke = await record('insufficient', {
    privateKey: poor.privateKey.toAIP80String(),
    payload: {
      function: '0x1::aptos_account::transfer',
      functionArguments: [alice.accountAddress.toStringLong(), '2500000'],
    },
    options: { maxGasAmount: '2000' },
  });
  expect(broke.chain.vmStatus).toMatch(/INSUFFICIENT_BALANCE/);
  const sponsored = await record('sponsored', {
    privateKey: alice.privateKey.toAIP80String(),
    signers: { feePayer: sponsor },
    payload: {
      function: `${alice.accountAddress.toStringLong()}::${pkg.module}::transfer`,
      functionArguments: ['7', poor.accountAddress.toStringLong()],
    },
  });
  expect(sponsored.draft.kind).toBe('sponsored');
  expect(sponsored.chain.vmStatus).toMatch(/: 0x7$/);
}, 120_000);

afterAll(async () => {
  await localnet?.stop();
  if (!process.env.KEEP_EXPORTED) rmSync(scratch, { recursive: true, force: true });
});

describe('tx-workbench export-test', { timeout: 180_000 }, () => {
  it('writes one test file per run, with no key of the run in it', async () => {
    for (const name of ['abort', 'insufficient', 'sponsored']) {
      const testFile = join(scratch, `${name}.test.ts`);
      const result = await cli([
        'export-test',
        join(scratch, `${name}.run.json`),
        '--out',
        testFile,
      ]);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain(`wrote ${testFile}`);
      const text = readFileSync(testFile, 'utf8');
      exported[name] = { runFile: join(scratch, `${name}.run.json`), testFile, text };
      for (const account of [alice, poor, sponsor]) {
        expect(text).not.toContain(account.privateKey.toString().slice(2));
        expect(text).not.toContain(account.privateKey.toAIP80String());
      }
      expect(text).toContain("from '@tx-workbench/localnet'");
      expect(text).toContain('accounts: { seed: SEED');
      expect(text).toContain('invert the expectation');
    }
    expect(exported.abort.text).toContain('publishes transaction_test again');
    expect(exported.abort.text).toMatch(/bytecode: '0xa11ceb0b/);
    expect(exported.abort.text).toContain("abortCode: '0x2a'");
    expect(exported.insufficient.text).toContain('publishes nothing');
    expect(exported.insufficient.text).toMatch(/abortCode: '0x1000[0-9a-f]'/);
    expect(exported.sponsored.text).toContain('withFeePayer: true');
    expect(exported.sponsored.text).toContain("role: 'fee payer'");
  });

  it('the exported files pass against a fresh chain, and fail once the outcome is changed', async () => {
    const files = Object.fromEntries(Object.entries(exported).map(([k, v]) => [k, v.text]));
    expect(Object.keys(files)).toHaveLength(3);
    const pass = await runExported(files);
    expect(pass.code, pass.stdout + pass.stderr).toBe(0);
    expect(pass.stdout + pass.stderr).toMatch(/Tests\s+3 passed/);

    const mutated = Object.fromEntries(
      Object.entries(files).map(([k, text]) => [
        `${k}Mutated`,
        text.replace('success: false,', 'success: true,'),
      ]),
    );
    const fail = await runExported(mutated);
    expect(fail.code).not.toBe(0);
    expect(fail.stdout + fail.stderr).toMatch(/Tests\s+3 failed/);
  });

  it('refuses bad input with what to do', async () => {
    const { runFile } = exported.abort;
    const two = join(scratch, 'two.run.json');
    const runs = JSON.parse(readFileSync(runFile, 'utf8')) as { runs: unknown[] };
    writeFileSync(two, JSON.stringify({ ...runs, runs: [...runs.runs, ...runs.runs] }));
    const several = await cli(['export-test', two]);
    expect(several.code).toBe(2);
    expect(several.stderr).toContain('holds 2 runs: choose one with --run 1 to --run 2');
    const missing = await cli(['export-test', two, '--run', '3']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('there is no run 3');
    const bad = await cli(['export-test', two, '--run', 'x']);
    expect(bad.code).toBe(2);
    expect((await cli(['export-test', join(scratch, 'nope.json')])).stderr).toContain(
      'there is no such file',
    );
  });
});
