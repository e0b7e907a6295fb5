import { writeFileSync, readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import {
  replayRun,
  RUN_RECORD_SCHEMA_VERSION,
  type TraceTransition,
  type WorkbenchRun,
} from '../machines';
import { diffExecutions, originalFacts, type DiffRow } from '../replay/executionDiff';
import { expectedOutcome, exportTestFile, ExportTestError } from '../replay/exportTest';
import { fetchExportInputs } from '../replay/exportTestInputs';
import { reexecuteAtVersion } from '../replay/reexecute';
import { ForkReplayError } from '../replay/forkReplay';
import { resimulate } from '../replay/resimulate';
import { parseRunFile, RunFileError, serializeRunFile } from '../schemas/runFile';
import { readDraftFile } from './draftFile';
import { DEFAULT_FUND_OCTAS, describeFunding, fundAccount, fundingHint } from './fund';
import { createAptos, runHeadless, signerAddress, type SimulationPolicy } from './headless';
import { readPrivateKey, resolveNetwork, UsageError } from './options';
import { replayOnFork } from './forkReplay';
import { createProgress } from './progress';
import { buildFolderSources, fetchTrace, postSources, traceTarget, writeTrace } from './trace';

/** Where the CLI writes; tests and embedders pass their own. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

function describeTransition(transition: TraceTransition): string {
  const event = transition.eventless ? '(eventless)' : transition.event.type;
  const error = typeof transition.event.error === 'string' ? `  ${transition.event.error}` : '';
  return `#${transition.seq} +${transition.atMs}ms ${transition.source ?? '∅'} --${event}--> ${transition.target}${error}`;
}

/** `replay`'s options: a run file's, or `--fork`'s with a fix to try after the replay. */
interface ReplayOptions {
  fork?: string;
  trace?: boolean;
  maxGas?: string;
  gasPrice?: string;
  sender?: string;
  arg?: string[];
}

function readRuns(path: string): WorkbenchRun[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? `Cannot read ${path}: there is no such file.`
        : `Cannot read ${path}: ${(error as Error).message}`,
    );
  }
  return parseRunFile(text).runs;
}

const networkOption = () =>
  new Option('--network <network>', 'local, devnet, testnet, or a full-node URL').default('local');

const keyEnvOption = () =>
  new Option('--key-env <NAME>', 'environment variable holding the signer’s private key').default(
    'APTOS_PRIVATE_KEY',
  );

const keyFileOption = () =>
  new Option('--key-file <PATH>', 'file holding the signer’s private key (instead of --key-env)');

/** A run that failed for want of APT: the balance check of the prologue or of a withdrawal. */
const UNFUNDED = /INSUFFICIENT_BALANCE/;

/**
 * The `tx-workbench` program: `run`, `fund`, `replay`, `resimulate`, `trace`, `validate` and
 * `export-test`.
 *
 * @param io - output streams and the environment (keys are read from it, never from arguments).
 * @returns the commander program; `parseAsync(argv)` runs it and sets `process.exitCode`.
 */
export function createProgram(io: CliIo): Command {
  const program = new Command('tx-workbench')
    .description(
      'Run Aptos transactions through the workbench’s transaction machine, and replay recorded runs.',
    )
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({
      writeOut: (text) => io.out(text.trimEnd()),
      writeErr: (text) => io.err(text.trimEnd()),
    });

  program
    .command('run')
    .description(
      'Run a draft through the transaction machine (build, simulate, sign, submit, wait), printing each transition. Exits 0 only when committed.',
    )
    .argument(
      '<draft.json>',
      'the draft: { "payload": { "function", "typeArguments", "functionArguments" }, "options": {...} }',
    )
    .addOption(networkOption())
    .addOption(keyEnvOption())
    .addOption(keyFileOption())
    .addOption(
      new Option('--simulation <policy>', 'what a failing simulation does')
        .choices(['stopOnFailure', 'submitAnyway', 'skip'])
        .default('stopOnFailure'),
    )
    .option('--out <run.json>', 'write the run record (no key inside) to this file')
    .action(
      async (
        draftPath: string,
        options: {
          network: string;
          keyEnv: string;
          keyFile?: string;
          simulation: SimulationPolicy;
          out?: string;
        },
      ) => {
        const network = resolveNetwork(options.network);
        // The file the user named is checked before the key is looked for: a typo in its path
        // is reported as such, not as a missing key.
        const draft = readDraftFile(draftPath);
        const privateKey = readPrivateKey({
          keyEnv: options.keyEnv,
          env: io.env,
          ...(options.keyFile === undefined ? {} : { keyFile: options.keyFile }),
        });
        const sender = signerAddress(privateKey);
        io.out(
          `sender: ${sender} on ${network.name === 'custom' ? network.nodeUrl : network.name}`,
        );
        const progress = createProgress();
        const record = await runHeadless({
          nodeUrl: network.nodeUrl,
          ...(network.faucetUrl ? { faucetUrl: network.faucetUrl } : {}),
          networkName: network.name,
          privateKey,
          payload: draft.payload,
          ...(draft.options ? { options: draft.options } : {}),
          simulation: options.simulation,
          onTransition: (transition) => {
            progress.stop();
            io.out(describeTransition(transition));
            if (transition.target === 'pending' || transition.target === 'rechecking') {
              progress.start('waiting for the chain to commit');
            }
          },
        }).finally(() => progress.stop());
        if (options.out) writeFileSync(options.out, serializeRunFile([record]));
        io.out(`state: ${record.state}`);
        if (record.chain.hash) io.out(`hash: ${record.chain.hash}`);
        if (record.chain.vmStatus) io.out(`vm_status: ${record.chain.vmStatus}`);
        if (record.outcome) io.out(`outcome: ${record.outcome.details.summary}`);
        if (
          record.state !== 'committed' &&
          UNFUNDED.test(`${record.chain.vmStatus ?? ''} ${record.outcome?.details.summary ?? ''}`)
        ) {
          io.out(fundingHint(sender, options.network, network));
        }
        if (options.out) io.out(`record: ${options.out}`);
        process.exitCode = record.state === 'committed' ? 0 : 1;
      },
    );

  program
    .command('fund')
    .description(
      'Fund an account with APT from the network’s faucet (local and devnet; the testnet faucet needs a sign-in) and print its balance. Without an address, funds the account of the signer’s key.',
    )
    .argument('[address]', 'the account to fund (default: the account of --key-env / --key-file)')
    .option('--amount <octas>', 'octas to mint (1 APT = 100000000)', DEFAULT_FUND_OCTAS)
    .addOption(networkOption())
    .option('--faucet <URL>', 'the faucet, for a node given by URL (named networks know theirs)')
    .addOption(keyEnvOption())
    .addOption(keyFileOption())
    .action(
      async (
        address: string | undefined,
        options: {
          amount: string;
          network: string;
          faucet?: string;
          keyEnv: string;
          keyFile?: string;
        },
      ) => {
        const named = resolveNetwork(options.network);
        const network = options.faucet ? { ...named, faucetUrl: options.faucet } : named;
        const account =
          address ??
          signerAddress(
            readPrivateKey({
              keyEnv: options.keyEnv,
              env: io.env,
              ...(options.keyFile === undefined ? {} : { keyFile: options.keyFile }),
            }),
          );
        io.out(
          describeFunding(await fundAccount({ address: account, amount: options.amount, network })),
        );
      },
    );

  program
    .command('replay')
    .description(
      'Re-run each recorded run deterministically (no network, no wallet) and compare the trace transition by transition. Exits 1 on a divergence. With --fork <url>, replay a committed transaction of that network instead: fork it at the transaction (in process), re-execute it with its signature on the state just before it, and compare with what it committed (exits 0 identical, 1 different, 2 on an error).',
    )
    .argument(
      '<run.json | hash>',
      'a run file exported by the workbench or written by `run --out`; with --fork, a transaction hash or version',
    )
    .option('--fork <url>', 'the REST URL (…/v1) of the network the transaction committed on')
    .option('--trace', 'with --fork: print the replay’s Move call tree')
    .option('--max-gas <N>', 'with --fork: then try a fix with this max gas amount')
    .option('--gas-price <N>', 'with --fork: then try a fix with this gas unit price (octas)')
    .option('--sender <0x…>', 'with --fork: then try a fix sent by this account (at that state)')
    .option(
      '--arg <i=value>',
      'with --fork: then try a fix with the payload’s argument i (from 0) replaced (repeatable)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .action(async (path: string, options: ReplayOptions) => {
      if (options.fork !== undefined) {
        const identical = await replayOnFork({
          url: options.fork,
          ref: path,
          trace: options.trace === true,
          fix: {
            ...(options.maxGas === undefined ? {} : { maxGas: options.maxGas }),
            ...(options.gasPrice === undefined ? {} : { gasPrice: options.gasPrice }),
            ...(options.sender === undefined ? {} : { sender: options.sender }),
            ...(options.arg === undefined ? {} : { args: options.arg }),
          },
          out: io.out,
          err: io.err,
        });
        process.exitCode = identical ? 0 : 1;
        return;
      }
      if (options.trace === true) throw new UsageError('--trace needs --fork.');
      for (const flag of ['maxGas', 'gasPrice', 'sender', 'arg'] as const)
        if (options[flag] !== undefined)
          throw new UsageError('--max-gas, --gas-price, --sender and --arg need --fork.');
      let diverged = false;
      for (const record of readRuns(path)) {
        const result = await replayRun(record);
        if (result.divergence === null) {
          io.out(
            `${record.id}: identical (${result.compared} transitions, ending ${record.state})`,
          );
          continue;
        }
        diverged = true;
        const { index, expected, actual, fields } = result.divergence;
        io.out(`${record.id}: diverged at transition ${index + 1} (${fields.join(', ')})`);
        io.out(`  recorded: ${expected ? describeTransition(expected) : '(none)'}`);
        io.out(`  re-run:   ${actual ? describeTransition(actual) : '(none)'}`);
      }
      process.exitCode = diverged ? 1 : 0;
    });

  /** Prints a diff as `=`/`≠` per aspect with `-`/`+` lines; returns the rows. */
  const printDiff = (rows: DiffRow[]): DiffRow[] => {
    for (const row of rows) {
      io.out(`  ${row.same ? '=' : '≠'} ${row.aspect}`);
      if (row.same) continue;
      for (const line of row.original) io.out(`      - ${line}`);
      for (const line of row.now) io.out(`      + ${line}`);
    }
    return rows;
  };

  program
    .command('resimulate')
    .description(
      'Simulate each recorded run against the chain as it is now (the same signed bytes where the chain still accepts them, else the same draft) and print a diff with the original. Exits 1 when the VM status changed. With --at-version, re-execute each committed run on the embedded chain at its original version instead (exits 1 unless it reproduces the original exactly).',
    )
    .argument('<run.json>', 'a run file')
    .addOption(networkOption())
    .option(
      '--at-version',
      'embedded chain only: re-execute the committed transaction on the state just before its version, rebuilt from the chain’s log (a determinism check: every aspect must be equal)',
    )
    .option(
      '--max-gas <units>',
      'with --at-version: try the same transaction with this max gas at that version ("what if I had sent more gas then"); prints the diff, exits 0',
    )
    .action(
      async (path: string, options: { network: string; atVersion?: boolean; maxGas?: string }) => {
        const network = resolveNetwork(options.network);
        if (options.maxGas !== undefined && options.atVersion !== true) {
          throw new UsageError('--max-gas needs --at-version.');
        }
        if (options.maxGas !== undefined && !/^[1-9][0-9]{0,19}$/.test(options.maxGas)) {
          throw new UsageError(
            `--max-gas must be a whole number of gas units; got "${options.maxGas}".`,
          );
        }
        const aptos = createAptos({ nodeUrl: network.nodeUrl, networkName: network.name });
        let failed = false;
        for (const record of readRuns(path)) {
          const original = originalFacts(record);
          if (original === null) {
            io.out(
              `${record.id}: nothing to compare (the run has no simulation and no committed transaction)`,
            );
            continue;
          }
          const sender = record.draft.sender;
          if (options.atVersion === true) {
            if (record.chain.version === null) {
              io.out(`${record.id}: never committed, so there is no version to re-execute at`);
              continue;
            }
            const changes =
              options.maxGas === undefined ? undefined : { maxGasAmount: options.maxGas };
            const again = await reexecuteAtVersion({
              record,
              nodeUrl: network.nodeUrl,
              ...(changes ? { changes } : {}),
            });
            io.out(
              changes
                ? `${record.id}: the same transaction with max gas ${options.maxGas}, at version ${again.version}`
                : `${record.id}: re-executed at version ${again.version} (state rebuilt from the chain's log)`,
            );
            const rows = printDiff(diffExecutions({ original, now: again.facts, sender }));
            const identical = rows.every((row) => row.same);
            if (!changes) {
              io.out(identical ? '  identical to the original' : '  DIFFERS from the original');
              failed ||= !identical;
            }
            continue;
          }
          const now = await resimulate({ aptos, record });
          io.out(
            `${record.id}: re-simulated on ${network.name} (${now.mode === 'sameBytes' ? 'same bytes' : 'draft built again'})`,
          );
          if (now.note) io.out(`  ${now.note}`);
          const rows = printDiff(diffExecutions({ original, now: now.facts, sender }));
          failed ||= rows.some((row) => row.aspect === 'VM status' && !row.same);
        }
        process.exitCode = failed ? 1 : 0;
      },
    );

  program
    .command('trace')
    .description(
      'Print the Move call tree of a transaction on the embedded chain, with gas per frame (inclusive and own, gas units), the abort and file.move:line where source maps were given. Writes the trace as JSON or a gas flamegraph (SVG).',
    )
    .argument('<tx>', 'a transaction hash (0x…64 hex), a ledger version, or a run file')
    .option(
      '--network <network>',
      'local (default) or the embedded chain’s URL; a run file’s own node by default',
    )
    .option('--run <N>', 'which run of a run file, from 1 (needed when it holds several)')
    .option('--json [file]', 'write the trace as JSON: to the file, or alone on stdout')
    .option('--flamegraph <out.svg>', 'write a standalone SVG gas flamegraph')
    .option('--steps', 'record every instruction too (the operand stack and locals; in --json)')
    .option(
      '--sources <build/Package>',
      'first give the chain the source maps and sources of an `aptos move compile` build folder',
    )
    .action(
      async (
        input: string,
        options: {
          network?: string;
          run?: string;
          json?: string | boolean;
          flamegraph?: string;
          steps?: boolean;
          sources?: string;
        },
      ) => {
        const target = traceTarget(input, options);
        const sources = options.sources === undefined ? null : buildFolderSources(options.sources);
        const say = options.json === true ? io.err : io.out;
        if (sources !== null) {
          const kept = await postSources(target.network.nodeUrl, sources);
          say(
            `sources: ${kept.modules.length} module(s), ${kept.files.join(', ') || 'no file'}${kept.missing_files > 0 ? ` (${kept.missing_files} file(s) the maps point at were not in sources/)` : ''}`,
          );
        }
        say(`tracing ${target.what} on ${target.network.nodeUrl}`);
        writeTrace(await fetchTrace(target), options, io.out);
      },
    );

  program
    .command('validate')
    .description('Check a run file against schemas/run-record.schema.json.')
    .argument('<run.json>', 'a run file')
    .action((path: string) => {
      const runs = readRuns(path);
      io.out(
        `${path}: valid, ${runs.length} run${runs.length === 1 ? '' : 's'} (schemaVersion ${RUN_RECORD_SCHEMA_VERSION})`,
      );
    });

  program
    .command('export-test')
    .description(
      'Write a run as one self-contained Vitest file: a fresh chain through @tx-workbench/localnet, the run’s accounts recreated from a seed (new keys) and funded as they were, the packages it called published from their bytecode at its version, the same draft submitted, and the recorded outcome asserted.',
    )
    .argument('<run.json>', 'a run file')
    .option('--run <N>', 'which run of the file, from 1 (needed when the file holds several)')
    .option('--out <file>', 'where to write the test (default run-<id>.test.ts)')
    .option(
      '--network <network>',
      'where to read the packages and balances (default: the node the run used)',
    )
    .action(async (path: string, options: { run?: string; out?: string; network?: string }) => {
      const runs = readRuns(path);
      if (options.run !== undefined && !/^[1-9][0-9]*$/.test(options.run)) {
        throw new UsageError(`--run must be a run's number, from 1; got "${options.run}".`);
      }
      if (options.run === undefined && runs.length > 1) {
        throw new UsageError(
          `${path} holds ${runs.length} runs: choose one with --run 1 to --run ${runs.length}.`,
        );
      }
      const index = options.run === undefined ? 0 : Number(options.run) - 1;
      const record = runs[index];
      if (record === undefined) {
        throw new UsageError(
          `${path} holds ${runs.length} run${runs.length === 1 ? '' : 's'}; there is no run ${options.run}.`,
        );
      }
      const network =
        options.network === undefined
          ? { name: record.network.name, nodeUrl: record.network.nodeUrl }
          : resolveNetwork(options.network);
      // Before anything is read: a run without an outcome from the chain has nothing to assert.
      expectedOutcome(record);
      const aptos = createAptos({ nodeUrl: network.nodeUrl, networkName: network.name });
      io.out(`${record.id}: reading its packages and balances from ${network.nodeUrl}`);
      const inputs = await fetchExportInputs({ aptos, record }).catch((error: unknown) => {
        throw new Error(
          `Cannot read the run's state from ${network.nodeUrl} (${error instanceof Error ? error.message : String(error)}). Pass --network with a node that holds it.`,
        );
      });
      const file = exportTestFile(record, inputs);
      const out = options.out ?? file.fileName;
      writeFileSync(out, file.text);
      for (const pkg of inputs.packages) {
        io.out(`  package ${pkg.metadata.name} at ${pkg.address}: ${pkg.modules.length} module(s)`);
      }
      for (const note of inputs.notes) io.out(`  note: ${note}`);
      io.out(`wrote ${out}`);
    });

  return program;
}

/**
 * Runs the CLI with `argv` (as `process.argv`). Usage errors and a fork that cannot replay exit 2,
 * refused files and failures 1.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<void> {
  const program = createProgram(io);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
    } else if (error instanceof UsageError) {
      io.err(`error: ${error.message}`);
      process.exitCode = 2;
    } else if (error instanceof ForkReplayError) {
      io.err(`error: ${error.message}`);
      io.err(`  ${error.hint}`);
      process.exitCode = 2;
    } else if (error instanceof ExportTestError) {
      io.err(`error: ${error.message}`);
      process.exitCode = 1;
    } else if (error instanceof RunFileError) {
      io.err(`invalid run file: ${error.message}`);
      process.exitCode = 1;
    } else {
      io.err(`error: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  }
}
