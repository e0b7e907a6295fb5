/**
 * `tx-workbench export-test` (issue 33): three recorded runs on the embedded chain (an abort in a
 * package the sender published, an INSUFFICIENT_BALANCE failure, a sponsored run) written as
 * Vitest files by the real bin, checked for what they hold and what they must not (the run's
 * keys), then run here against the chain's sources: they pass, and fail once the asserted
 * outcome is changed.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Ed25519Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAptos, runHeadless } from '../../cli/headless';
import { startLocalnet, type Localnet } from '../../localnet/index';
import { serializeRunFile } from '../../schemas/runFile';
import { sampleRun } from '../runs/sampleRuns';
import { exec, runExportedHere } from '../test-utils/exportedTests';
import { recordExportCases } from './exportTestFixture';

const repo = resolve(import.meta.dirname, '../..');
const scratch = join(repo, '.scratch', `export-test-${process.pid}`);

let localnet: Localnet;
let signers: Ed25519Account[];
/** The run files and the tests exported from them, by case. */
const exported: Record<string, { runFile: string; testFile: string; text: string }> = {};

const cli = (args: string[]) => exec(process.execPath, ['bin/tx-workbench.mjs', ...args]);
const runExported = (files: Record<string, string>) =>
  runExportedHere(join(scratch, `run-${Object.keys(files).join('-')}`), files);

beforeAll(async () => {
  mkdirSync(scratch, { recursive: true });
  localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
  const cases = await recordExportCases(localnet);
  signers = cases.signers;
  expect(cases.runs.abort.chain.vmStatus).toMatch(/^Move abort in 0x[0-9a-f]+::\w+: 0x2a$/);
  expect(cases.runs.insufficient.chain.vmStatus).toMatch(/EINSUFFICIENT_BALANCE/);
  expect(cases.runs.sponsored.draft.kind).toBe('sponsored');
  expect(cases.runs.sponsored.chain.vmStatus).toMatch(/: 0x7$/);
  // Two more kinds: a run that stopped at its failed simulation (the file simulates), and a
  // multi-agent call of the chain's built-in playground (not published again) that committed.
  const [alice, poor, sponsor] = signers;
  const aptos = createAptos({ nodeUrl: localnet.urls.rest, networkName: 'local' });
  const base = { nodeUrl: localnet.urls.rest, networkName: 'local', aptos };
  const simulatedOnly = await runHeadless({
    ...base,
    privateKey: poor,
    payload: {
      function: '0x1::aptos_account::transfer',
      functionArguments: [alice.accountAddress.toStringLong(), '2500000'],
    },
  });
  expect(simulatedOnly.state).toBe('simulated.failure');
  const multiAgent = await runHeadless({
    ...base,
    privateKey: alice,
    signers: { secondary: [sponsor] },
    payload: {
      function: `${localnet.playgroundAddress}::playground::store_value_both`,
      functionArguments: ['5'],
    },
  });
  expect(multiAgent.state).toBe('committed');
  // A transaction the node refused (no simulation; max gas beyond what the sender holds).
  const refused = await runHeadless({
    ...base,
    privateKey: poor,
    simulation: 'skip',
    payload: {
      function: '0x1::aptos_account::transfer',
      functionArguments: [alice.accountAddress.toStringLong(), '1'],
    },
    options: { maxGasAmount: '200000' },
  });
  expect(refused.state).toBe('submitRejected');
  const runs = { ...cases.runs, simulatedOnly, multiAgent, refused };
  for (const [name, run] of Object.entries(runs)) {
    writeFileSync(join(scratch, `${name}.run.json`), serializeRunFile([run]));
  }
}, 180_000);

afterAll(async () => {
  await localnet?.stop();
  if (!process.env.KEEP_EXPORTED) rmSync(scratch, { recursive: true, force: true });
});

describe('tx-workbench export-test', { timeout: 300_000 }, () => {
  it('writes one test file per run, with no key of the run in it', async () => {
    for (const name of [
      'abort',
      'insufficient',
      'sponsored',
      'simulatedOnly',
      'multiAgent',
      'refused',
    ]) {
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
      for (const account of signers) {
        expect(text).not.toContain(account.privateKey.toString().slice(2));
        expect(text).not.toContain(account.privateKey.toAIP80String());
      }
      expect(text).toContain("from '@tx-workbench/localnet'");
      expect(text).toContain('accounts: { seed: SEED');
    }
    for (const name of ['abort', 'insufficient', 'sponsored', 'simulatedOnly', 'refused']) {
      expect(exported[name].text).toContain('invert the expectation');
    }
    expect(exported.abort.text).toContain('publishes transaction_test again');
    expect(exported.abort.text).toMatch(/bytecode: '0xa11ceb0b/);
    expect(exported.abort.text).toContain("abortCode: '0x2a'");
    expect(exported.insufficient.text).toContain('publishes nothing');
    expect(exported.insufficient.text).toMatch(/abortCode: '0x1000[0-9a-f]'/);
    expect(exported.sponsored.text).toContain('withFeePayer: true');
    expect(exported.sponsored.text).toContain("role: 'fee payer'");
    expect(exported.simulatedOnly.text).toContain('const result = await simulate(transaction');
    expect(exported.simulatedOnly.text).toContain('ended simulated.failure');
    expect(exported.multiAgent.text).toContain('secondarySignerAddresses: [address(1)]');
    expect(exported.multiAgent.text).toMatch(/playground is built into the\s+(\* )?embedded chain/);
    expect(exported.multiAgent.text).toContain('publishes nothing');
    expect(exported.multiAgent.text).toContain('This asserts success');
    expect(exported.refused.text).toContain('const result = await submitOrRefusal(transaction');
    expect(exported.refused.text).toContain("vmStatus: 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE'");
  });

  it('the exported files pass against a fresh chain, and fail once the outcome is changed', async () => {
    const files = Object.fromEntries(Object.entries(exported).map(([k, v]) => [k, v.text]));
    expect(Object.keys(files)).toHaveLength(6);
    const pass = await runExported(files);
    expect(pass.code, pass.stdout + pass.stderr).toBe(0);
    expect(pass.stdout + pass.stderr).toMatch(/Tests\s+6 passed/);

    const mutated = Object.fromEntries(
      Object.entries(files).map(([k, text]) => [
        `${k}Mutated`,
        text.replace(
          /(const EXPECTED = \{\n\s+success: )(true|false)/,
          (_, start: string, was: string) => `${start}${was === 'false'}`,
        ),
      ]),
    );
    const fail = await runExported(mutated);
    expect(fail.code).not.toBe(0);
    expect(fail.stdout + fail.stderr).toMatch(/Tests\s+6 failed/);
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
    const unexecuted = join(scratch, 'unexecuted.run.json');
    writeFileSync(unexecuted, serializeRunFile([sampleRun({ id: 'never-ran' })]));
    const nothing = await cli(['export-test', unexecuted]);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain(
      'Run never-ran ended at building before the chain executed it (no simulation and no committed transaction): there is no outcome to assert.',
    );
    expect((await cli(['export-test', join(scratch, 'nope.json')])).stderr).toContain(
      'there is no such file',
    );
  });
});
