/**
 * The real `tx-workbench` bin, run in child processes against the embedded chain, and every kind
 * of recorded run (from the same machine, in process) checked for replay and for secrets.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Account, type Ed25519Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAptos, createHeadlessSession, runHeadless } from '../../cli/headless';
import type { HeadlessOptions } from '../../cli/headless';
import { startLocalnet, type Localnet } from '../../localnet/index';
import { replayRun, type WorkbenchRun } from '../../machines';
import { parseRunFile, serializeRunFile } from '../../schemas/runFile';

let localnet: Localnet;
let alice: Ed25519Account;
let dir: string;
let base: Omit<HeadlessOptions, 'payload'>;

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/tx-workbench.mjs', ...args],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const transfer = (amount: string) => ({
  function: '0x1::aptos_account::transfer' as const,
  functionArguments: [Account.generate().accountAddress.toString(), amount],
});
const key = () => alice.privateKey.toAIP80String();
const rawKey = () => alice.privateKey.toString();
const hexKey = () => alice.privateKey.toHexString();

beforeAll(async () => {
  localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
  const aptos = createAptos({
    nodeUrl: localnet.urls.rest,
    faucetUrl: localnet.urls.faucet,
    indexerUrl: localnet.urls.indexer,
  });
  alice = Account.generate();
  await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 1_000_000_000 });
  dir = mkdtempSync(join(tmpdir(), 'tx-workbench-cli-'));
  base = { nodeUrl: localnet.urls.rest, networkName: 'local', privateKey: key(), aptos };
}, 30_000);

afterAll(async () => {
  await localnet?.stop();
});

describe('tx-workbench (the real bin, in a child process)', { timeout: 90_000 }, () => {
  it('has --help on every command', async () => {
    for (const command of [[], ['run'], ['fund'], ['replay'], ['resimulate'], ['validate']]) {
      const result = await cli([...command, '--help']);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain('Usage: tx-workbench');
    }
    expect((await cli(['run', '--help'])).stdout).toContain('--key-env <NAME>');
  });

  it('runs a draft to committed, printing transitions, exit 0, and the record has no key', async () => {
    const draft = file('transfer.json', {
      payload: transfer('1000'),
      options: { maxGasAmount: '20000' },
    });
    const out = join(dir, 'committed.json');
    const result = await cli(
      ['run', draft, '--network', localnet.urls.rest, '--key-env', 'ALICE_KEY', '--out', out],
      { ALICE_KEY: key() },
    );
    expect(result.stderr).toContain('waiting for the chain to commit');
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/#1 \+\d+ms ∅ --xstate\.init--> editing/);
    expect(result.stdout).toMatch(/submitting --xstate\.done\.actor\.submitTransaction--> pending/);
    expect(result.stdout).toContain('state: committed');
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(key());
    expect(text).not.toContain(rawKey().slice(2));

    const replay = await cli(['replay', out]);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/: identical \(\d+ transitions, ending committed\)/);

    const valid = await cli(['validate', out]);
    expect(valid.code).toBe(0);
    expect(valid.stdout).toContain('valid, 1 run');

    const resim = await cli(['resimulate', out, '--network', localnet.urls.rest]);
    expect(resim.stdout).toContain('re-simulated on custom');
    expect(resim.stdout).toContain('= VM status');
    expect(resim.code, resim.stdout + resim.stderr).toBe(0);
  });

  it('resimulate --at-version reproduces an out-of-gas exactly, and --max-gas tries more gas then', async () => {
    const draft = file('outOfGas.json', {
      payload: transfer('1'),
      options: { maxGasAmount: '50' },
    });
    const out = join(dir, 'outOfGas.run.json');
    const run = await cli(
      ['run', draft, '--network', localnet.urls.rest, '--simulation', 'submitAnyway', '--out', out],
      { APTOS_PRIVATE_KEY: key() },
    );
    expect(run.stdout).toContain('state: failed');
    expect(run.stdout).toContain('vm_status: Out of gas');
    // A later transaction moves the chain on (Alice's balance and sequence number change).
    await cli(
      ['run', file('later.json', { payload: transfer('5') }), '--network', localnet.urls.rest],
      {
        APTOS_PRIVATE_KEY: key(),
      },
    );

    const atVersion = await cli([
      'resimulate',
      out,
      '--network',
      localnet.urls.rest,
      '--at-version',
    ]);
    expect(atVersion.code, atVersion.stdout + atVersion.stderr).toBe(0);
    expect(atVersion.stdout).toMatch(
      /re-executed at version \d+ \(state rebuilt from the chain's log\)/,
    );
    for (const aspect of ['VM status', 'gas used', 'events', 'balance changes', 'write set']) {
      expect(atVersion.stdout).toContain(`= ${aspect}`);
    }
    expect(atVersion.stdout).toContain('identical to the original');

    const more = await cli([
      'resimulate',
      out,
      '--network',
      localnet.urls.rest,
      '--at-version',
      '--max-gas',
      '20000',
    ]);
    expect(more.code, more.stdout + more.stderr).toBe(0);
    expect(more.stdout).toContain('the same transaction with max gas 20000, at version');
    expect(more.stdout).toContain('≠ VM status');
    expect(more.stdout).toContain('- failure: Out of gas');
    expect(more.stdout).toContain('+ success: Executed successfully');

    const usage = await cli(['resimulate', out, '--max-gas', '5000']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--max-gas needs --at-version');
    const help = await cli(['resimulate', '--help']);
    expect(help.stdout).toContain('--at-version');
    expect(help.stdout).toContain('--max-gas <units>');
    // A node without the route (here the indexer's URL) is not the embedded chain.
    const elsewhere = await cli([
      'resimulate',
      out,
      '--network',
      localnet.urls.indexer,
      '--at-version',
    ]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain('has no /workbench/reexecute');
  });

  it('exits 1 when the run does not commit (an abort)', async () => {
    const draft = file('abort.json', {
      payload: {
        function: `${localnet.playgroundAddress}::playground::abort_with`,
        functionArguments: ['42'],
      },
    });
    const result = await cli(
      ['run', draft, '--network', localnet.urls.rest, '--simulation', 'submitAnyway'],
      {
        APTOS_PRIVATE_KEY: key(),
      },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('state: failed');
    expect(result.stdout).toContain('vm_status: Move abort in 0xcafe::playground: 0x2a');
  });

  it('reads the key from a file, and never from an argument', async () => {
    const draft = file('transfer2.json', { payload: transfer('1') });
    const keyFile = file('alice.key', `${key()}\n`);
    const result = await cli([
      'run',
      draft,
      '--network',
      localnet.urls.rest,
      '--key-file',
      keyFile,
    ]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const refused = await cli(['run', draft, '--private-key', key()]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("unknown option '--private-key'");
    const missing = await cli(['run', draft, '--key-env', 'NO_SUCH_KEY']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('set the environment variable NO_SUCH_KEY');
    // A draft path that does not exist is named first, whether or not a key is set.
    const noDraft = await cli(['run', `${draft}.missing`, '--key-env', 'NO_SUCH_KEY']);
    expect(noDraft.code).toBe(2);
    expect(noDraft.stderr).toContain(`Cannot read the draft ${draft}.missing`);
    expect(noDraft.stderr).not.toContain('private key');
  });

  it('takes a plain hex key as well, without the SDK’s AIP-80 warning', async () => {
    const result = await cli(
      ['run', file('hexKey.json', { payload: transfer('7') }), '--network', localnet.urls.rest],
      { APTOS_PRIVATE_KEY: hexKey() },
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('state: committed');
    expect(result.stdout + result.stderr).not.toContain('AIP-80');
  });

  it('a new key: run says to fund the sender, fund does it, and the same run then commits', async () => {
    const newcomer = Account.generate();
    const env = { APTOS_PRIVATE_KEY: newcomer.privateKey.toAIP80String() };
    const address = newcomer.accountAddress.toStringLong();
    const draft = file('newcomer.json', { payload: transfer('1000') });
    const network = ['--network', localnet.urls.rest];

    const unfunded = await cli(['run', draft, ...network], env);
    expect(unfunded.code).toBe(1);
    expect(unfunded.stdout).toContain(`sender: ${address} on ${localnet.urls.rest}`);
    expect(unfunded.stdout).toContain('state: simulated.failure');
    expect(unfunded.stdout).toContain(
      `hint: fund the sender, then run again: npx tx-workbench fund ${address} --network ${localnet.urls.rest} --faucet <faucet URL>`,
    );

    // A node given by URL needs its faucet named.
    const noFaucet = await cli(['fund', ...network], env);
    expect(noFaucet.code).toBe(2);
    expect(noFaucet.stderr).toContain(`No faucet for ${localnet.urls.rest}: pass --faucet URL`);

    // Without an address: the key's account.
    const funded = await cli(
      ['fund', ...network, '--faucet', localnet.urls.faucet, '--amount', '150000000'],
      env,
    );
    expect(funded.code, funded.stdout + funded.stderr).toBe(0);
    expect(funded.stdout).toMatch(
      new RegExp(
        `^funded ${address} with 150000000 octas \\(1\\.5 APT\\); balance 150000000 octas \\(1\\.5 APT\\); faucet transaction 0x[0-9a-f]{64}\\n$`,
      ),
    );
    expect(funded.stdout + funded.stderr).not.toContain(env.APTOS_PRIVATE_KEY);

    // An address given: no key needed.
    const other = Account.generate().accountAddress.toStringLong();
    const byAddress = await cli(['fund', other, ...network, '--faucet', localnet.urls.faucet]);
    expect(byAddress.code, byAddress.stdout + byAddress.stderr).toBe(0);
    expect(byAddress.stdout).toContain(
      `funded ${other} with 100000000 octas (1 APT); balance 100000000 octas (1 APT)`,
    );

    const again = await cli(['run', draft, ...network], env);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('state: committed');
    expect(again.stdout).not.toContain('hint:');
  });

  it('replay prints the first divergence and exits 1', async () => {
    const record = await runHeadless({ ...base, payload: transfer('5') });
    const tampered = structuredClone(record);
    const index = tampered.transitions.findIndex((t) => t.target === 'pending');
    tampered.transitions[index].target = 'submitRejected';
    const path = file('tampered.json', serializeRunFile([tampered]));
    const result = await cli(['replay', path]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`diverged at transition ${index + 1} (target)`);
    expect(result.stdout).toMatch(/recorded: .*--> submitRejected/);
    expect(result.stdout).toMatch(/re-run: .*--> pending/);
  });

  it('validate names the first bad path; a bad --network is a usage error', async () => {
    const bad = file('bad.json', {
      format: 'transaction-workbench.runs',
      schemaVersion: 1,
      runs: [{ id: 7 }],
    });
    const result = await cli(['validate', bad]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('invalid run file: runs[0]: expected a field "schemaVersion"');
    const version = await cli(['validate', file('v9.json', { schemaVersion: 9, runs: [] })]);
    expect(version.stderr).toContain('schemaVersion 9');
    const network = await cli(['resimulate', bad, '--network', 'moon']);
    expect(network.code).toBe(2);
    expect(network.stderr).toContain('--network must be local, devnet, testnet or a node URL');
  });
});

describe('every kind of recorded run', { timeout: 60_000 }, () => {
  const runs: WorkbenchRun[] = [];
  const playground = (name: string, ...args: string[]) => ({
    function:
      `${localnet.playgroundAddress}::playground::${name}` as `${string}::${string}::${string}`,
    functionArguments: args,
  });

  beforeAll(async () => {
    runs.push(await runHeadless({ ...base, payload: transfer('1000') }));
    runs.push(await runHeadless({ ...base, payload: transfer('100000000000000') }));
    runs.push(
      await runHeadless({
        ...base,
        simulation: 'submitAnyway',
        payload: playground('abort_with', '42'),
      }),
    );
    runs.push(
      await runHeadless({
        ...base,
        simulation: 'submitAnyway',
        options: { maxGasAmount: '50' },
        payload: playground('burn_gas', '1000000'),
      }),
    );
    runs.push(
      await runHeadless({
        ...base,
        simulation: 'skip',
        options: { sequenceNumber: '0' },
        payload: transfer('1'),
      }),
    );
    runs.push(
      await runHeadless({
        ...base,
        simulation: 'skip',
        options: { expirationSecs: -10 },
        payload: transfer('1'),
      }),
    );
    runs.push(await runHeadless({ ...base, signingMode: 'signAndSubmit', payload: transfer('2') }));
    localnet.node.setFaults({ holdNext: 1 });
    const session = await createHeadlessSession({
      ...base,
      options: { expirationSecs: 2, waitTimeoutSecs: 1 },
      payload: transfer('1'),
    });
    session.send({ type: 'run' });
    await session.settle();
    localnet.node.advanceClock(10_000_000n);
    await base.aptos?.fundAccount({ accountAddress: Account.generate().accountAddress, amount: 1 });
    session.send({ type: 'recheck' });
    await session.settle();
    runs.push(session.record());
    session.stop();
  }, 60_000);

  it('covers committed, simulated.failure, failed, submitRejected and timedOut → expired', () => {
    expect(runs.map((run) => run.state)).toEqual([
      'committed',
      'simulated.failure',
      'failed',
      'failed',
      'submitRejected',
      'submitRejected',
      'committed',
      'expired',
    ]);
  });

  it('replays each one identical, after a round trip through a run file', async () => {
    const { runs: imported } = parseRunFile(serializeRunFile(runs));
    for (const run of imported) {
      const result = await replayRun(run);
      expect(result.divergence, `${run.state}: ${JSON.stringify(result.divergence)}`).toBeNull();
    }
  });

  it('never holds the private key, in any form', () => {
    const text = serializeRunFile(runs);
    expect(text).not.toContain(key());
    expect(text).not.toContain(rawKey());
    expect(text).not.toContain(rawKey().slice(2));
    expect(text.toLowerCase()).not.toMatch(/-priv-0x/);
  });
});
