import { AccountAddress } from '@aptos-labs/ts-sdk';
import { parseMoveAbort, type DraftArgument, type WorkbenchRun } from '../machines';
import { EXPORTED_TEST_HELPERS } from './exportTestHelpers';
import { runAccounts, type ExportInputs, type ExportPackage } from './exportTestInputs';

/** The package the exported test starts its chain from. */
export const LOCALNET_PACKAGE = '@tx-workbench/localnet';

/** A run that cannot become a test, and why (the CLI prints it, the app shows it). */
export class ExportTestError extends Error {
  override readonly name = 'ExportTestError';
}

/** What the test asserts, taken from the run. */
export interface ExpectedOutcome {
  /**
   * `submit`: the run's transaction was executed on chain; `refused`: the node refused it before
   * executing it (a validation status); `simulate`: the run stopped at its simulation.
   */
  step: 'submit' | 'refused' | 'simulate';
  success: boolean;
  /** The VM status, or the validation status the node refused the transaction with. */
  vmStatus: string;
  /** `0x…` as the VM status writes it, or `null` when the status is not a Move abort. */
  abortCode: string | null;
}

/** Refusals a fresh chain cannot reproduce: they follow the account's history or the clock. */
const UNREPRODUCIBLE = new Set([
  'SEQUENCE_NUMBER_TOO_OLD',
  'SEQUENCE_NUMBER_TOO_NEW',
  'TRANSACTION_EXPIRED',
]);

/** The outcome a run recorded from the chain, or an error saying why there is none. */
export function expectedOutcome(record: WorkbenchRun): ExpectedOutcome {
  const { chain } = record;
  if (chain.success !== null && chain.vmStatus !== null) {
    return outcome('submit', chain.success, chain.vmStatus);
  }
  if (record.state === 'submitRejected') {
    const name = record.outcome?.details.vmErrorName;
    if (name === undefined) {
      throw new ExportTestError(
        `Run ${record.id} was refused by the node without a validation status (${record.outcome?.details.summary ?? 'no details'}): there is no outcome a fresh chain can reproduce.`,
      );
    }
    if (UNREPRODUCIBLE.has(name)) {
      throw new ExportTestError(
        `Run ${record.id} was refused with ${name}, which follows that account's sequence number or the clock at the time: a fresh chain cannot reproduce it.`,
      );
    }
    return outcome('refused', false, name);
  }
  if (chain.simulation) {
    return outcome('simulate', chain.simulation.success, chain.simulation.vmStatus);
  }
  throw new ExportTestError(
    `Run ${record.id} ended at ${record.state} before the chain executed it (no simulation and no committed transaction): there is no outcome to assert.`,
  );
}

function outcome(step: ExpectedOutcome['step'], success: boolean, vmStatus: string) {
  return { step, success, vmStatus, abortCode: parseMoveAbort(vmStatus)?.codeHex ?? null };
}

/** Long form; a recorded address may be short (`0xa11ce`). */
const long = (address: string) =>
  AccountAddress.from(address, { maxMissingChars: 63 }).toStringLong();
const isAddress = (value: string) => /^0x[0-9a-fA-F]{1,64}$/.test(value);

/** `0xcafe::m::f` → `${address(2)}::m::f` for the addresses the test recreates. */
function addressTemplate(text: string, index: Map<string, number>, form: 'address' | 'short') {
  let changed = false;
  const escaped = text.replace(/[`\\]|\$\{/g, (m) => `\\${m}`);
  const body = escaped.replace(/0x[0-9a-fA-F]{1,64}(?![0-9a-fA-F])/g, (token) => {
    const i = isAddress(token) ? index.get(long(token)) : undefined;
    if (i === undefined) return token;
    changed = true;
    return `\${${form}(${i})}`;
  });
  return changed ? `\`${body}\`` : quote(text);
}

function argument(value: DraftArgument, index: Map<string, number>): string {
  if (Array.isArray(value)) return `[${value.map((v) => argument(v, index)).join(', ')}]`;
  if (typeof value === 'string' && isAddress(value)) {
    const i = index.get(long(value));
    if (i !== undefined) return `address(${i})`;
  }
  return typeof value === 'string' ? quote(value) : JSON.stringify(value);
}

/** A JSON value as TypeScript source: single quotes, bare keys, one entry a line, trailing commas. */
function literal(value: unknown, depth = 0): string {
  const pad = '  '.repeat(depth + 1);
  const end = '  '.repeat(depth);
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${pad}${literal(v, depth + 1)},`).join('\n')}\n${end}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k));
    return `{\n${entries.map(([k, v]) => `${pad}${key(k)}: ${literal(v, depth + 1)},`).join('\n')}\n${end}}`;
  }
  return JSON.stringify(value);
}

const quote = (text: string) =>
  `'${text.replace(/[\\']/g, (m) => `\\${m}`).replace(/\n/g, '\\n')}'`;

function packageLiteral(pkg: ExportPackage, index: Map<string, number>): string {
  return `  {
    // ${pkg.metadata.name}, published by ${pkg.address} on the run's network
    publisher: ${index.get(pkg.address)},
    metadata: ${literal(pkg.metadata, 2)},
    modules: ${literal(pkg.modules, 2)},
  },`;
}

/** Words of a paragraph in lines of at most `width` characters (a longer word stays whole). */
function wrap(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return line === '' ? lines : [...lines, line];
}

/** A u64 field of the run as a string literal, when recorded. */
const u64 = (value: string | null | undefined) =>
  value !== null && value !== undefined && /^[0-9]+$/.test(value) ? value : null;

/**
 * One self-contained Vitest file that reproduces a recorded run on a fresh local chain started
 * through `@tx-workbench/localnet`: the run's accounts recreated from a seed (new keys; nothing
 * secret comes from the run) and funded with the APT they held, the packages it called published
 * again from their bytecode at the run's version (re-addressed to their new publisher), the same
 * draft built with the ts-sdk, submitted (or simulated, for a run that stopped at its
 * simulation), and the recorded outcome asserted: success flag, VM status and abort code.
 *
 * @param record - the run.
 * @param inputs - what the chain held for it ({@link fetchExportInputs}).
 * @param options.now - the export time written in the file (default now).
 * @param options.localnetImport - the module the file imports the chain from (default the package).
 * @returns the file's name and text.
 * @throws ExportTestError when the run has no outcome from the chain to assert.
 */
export function exportTestFile(
  record: WorkbenchRun,
  inputs: ExportInputs,
  options: { now?: Date; localnetImport?: string } = {},
): { fileName: string; text: string } {
  const expected = expectedOutcome(record);
  const { draft } = record;
  const accounts = runAccounts(record);
  for (const pkg of inputs.packages) {
    if (!accounts.some((a) => a.address === pkg.address)) {
      accounts.push({ role: `publisher of ${pkg.metadata.name}`, address: pkg.address });
    }
  }
  const index = new Map<string, number>();
  accounts.forEach((a, i) => (a.address === null ? undefined : index.set(a.address, i)));
  const secondaries = (draft.secondarySigners ?? []).map((a) => index.get(long(a)) ?? -1);
  const sponsored = draft.kind === 'sponsored' || draft.kind === 'multiAgentSponsored';
  const feePayer = sponsored ? accounts.findIndex((a) => /fee payer/.test(a.role)) : -1;
  const network = record.network.name;
  const remote = network !== 'local';
  const built = record.chain.built;
  const maxGas = u64(built?.maxGasAmount) ?? u64(draft.options.maxGasAmount);
  const gasPrice = u64(built?.gasUnitPrice) ?? u64(draft.options.gasUnitPrice);
  const version = record.chain.version;
  const balanceOf = (address: string | null) =>
    address === null ? undefined : inputs.balances[address];
  const unknownBalance = accounts.some((a) => balanceOf(a.address) === undefined);

  const fn = addressTemplate(draft.payload.function, index, 'address');
  const typeArgs = draft.payload.typeArguments.map((t) => addressTemplate(t, index, 'address'));
  const args = draft.payload.functionArguments.map((a) => argument(a, index));
  const verb = {
    submit: 'submits',
    refused: "submits (the node refused the run's transaction before executing it)",
    simulate: 'simulates (the run stopped at its simulation)',
  }[expected.step];
  const asserted = expected.success
    ? 'success'
    : expected.abortCode !== null
      ? `the abort ${expected.abortCode}`
      : expected.step === 'refused'
        ? `the node's refusal ${expected.vmStatus}`
        : `the failure "${expected.vmStatus}"`;
  const fix = expected.success
    ? 'This asserts success; when a change should make it fail, say how in EXPECTED.'
    : `This asserts ${asserted}; when you fix it, invert the expectation: success: true, vmStatus: 'Executed successfully', abortCode: null.`;

  const paragraphs = [
    `Regression test exported by Transaction Workbench from run ${record.id} (attempt ${record.attempt}), which ended ${record.state} on ${network} (${record.network.nodeUrl})${version === null ? '' : ` at version ${version}`}. Exported ${(options.now ?? new Date()).toISOString()}.`,
    `It starts a fresh local chain through ${LOCALNET_PACKAGE}, recreates the run's ${accounts.length === 1 ? 'account' : `${accounts.length} accounts`} from a seed (new keys: nothing secret comes from the run), funds ${accounts.length === 1 ? 'it' : 'each'} with the APT it held before the run, ${
      inputs.packages.length > 0
        ? `publishes ${inputs.packages.map((p) => p.metadata.name).join(', ')} again from the bytecode the chain held (re-addressed to the new publisher; the chain's root account pays that gas),`
        : 'publishes nothing (the run called no package of its own),'
    } builds the same draft with the ts-sdk, ${verb} it, and asserts the recorded outcome: success ${expected.success}, VM status "${expected.vmStatus}"${expected.abortCode === null ? '' : `, abort code ${expected.abortCode}`}.`,
    fix,
    ...inputs.notes,
    ...(unknownBalance
      ? ['Some balances could not be read from the chain: those accounts start with 1 APT.']
      : []),
    ...(remote
      ? [
          `NOT REPRODUCED OFFLINE: the run was on ${network}. This test runs the same call on the local chain, with the same accounts' APT and the same packages, but not the rest of ${network}'s state: other resources of these accounts and of the packages' publishers, objects, tokens and other coins, the framework's version and its feature flags there. An outcome that depends on them may differ here.`,
        ]
      : []),
    `Run it with \`npx vitest run <this file>\` in a project with ${LOCALNET_PACKAGE}, @aptos-labs/ts-sdk and vitest installed.`,
  ];
  const header = paragraphs.flatMap((p, i) => [...(i === 0 ? [] : ['']), ...wrap(p, 96)]);

  const accountLines = accounts.map((a, i) => {
    const balance = balanceOf(a.address) ?? '100000000';
    return `  /* ${i} */ { role: ${quote(a.role)}, was: ${a.address === null ? 'null' : `'${a.address}'`}, balance: ${balance}n },`;
  });

  const buildArgs = [
    'sender: accounts[0].accountAddress,',
    ...(secondaries.length > 0
      ? [`secondarySignerAddresses: [${secondaries.map((i) => `address(${i})`).join(', ')}],`]
      : []),
    ...(sponsored ? ['withFeePayer: true,'] : []),
    'data: {',
    `  function: ${fn},`,
    `  typeArguments: [${typeArgs.join(', ')}],`,
    `  functionArguments: [${args.join(', ')}],`,
    '},',
    ...(maxGas !== null || gasPrice !== null
      ? [
          `options: { ${[
            maxGas === null ? '' : `maxGasAmount: gas('${maxGas}')`,
            gasPrice === null ? '' : `gasUnitPrice: gas('${gasPrice}')`,
          ]
            .filter(Boolean)
            .join(', ')} },`,
        ]
      : []),
  ];
  const build = `await aptos.transaction.build.${secondaries.length > 0 ? 'multiAgent' : 'simple'}({\n      ${buildArgs.join('\n      ')}\n    })`;
  const signerList = `[${[0, ...secondaries].join(', ')}]`;
  const call = { submit: 'submit', refused: 'submitOrRefusal', simulate: 'simulate' }[
    expected.step
  ];
  const run = `const result = await ${call}(transaction, ${signerList}, ${feePayer < 0 ? 'null' : feePayer});`;

  const text = `/**
${header.map((line) => ` *${line === '' ? '' : ` ${line.replace(/\*\//g, '*\\/')}`}`).join('\n')}
 */
import {
  Account,
  AccountAddress,
  Aptos,
  AptosConfig,
  Ed25519PrivateKey,
  MoveVector,
  Network,
  Serializer,
  type AccountAuthenticator,
  type AnyRawTransaction,
  type MultiAgentTransaction,
  type SimpleTransaction,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { startLocalnet, type Localnet } from '${options.localnetImport ?? LOCALNET_PACKAGE}';
import { afterAll, beforeAll, expect, it } from 'vitest';

/** The seed of this test's accounts: the same keys on every run of the test, none of them the run's. */
const SEED = 'tx-workbench export-test ${record.id}';

/**
 * The run's accounts, in the order the test recreates them: their role, their address on ${network}
 * (the test's own addresses differ), and the APT (octas) each held ${inputs.balancesVersion === null ? 'when exported' : `at version ${inputs.balancesVersion}`}.
 */
const ACCOUNTS: Array<{ role: string; was: string | null; balance: bigint }> = [
${accountLines.join('\n')}
];

/** Packages to publish, dependencies first: their metadata and bytecode as the chain held them${inputs.packagesVersion === null ? '' : ` at version ${inputs.packagesVersion}`}. */
const PACKAGES: Package[] = [${inputs.packages.length === 0 ? '' : `\n${inputs.packages.map((p) => packageLiteral(p, index)).join('\n')}\n`}];

let localnet: Localnet;
let aptos: Aptos;
let accounts: Account[];

/** The test's account i (long form), standing for ACCOUNTS[i].was. */
const address = (i: number) => accounts[i].accountAddress.toStringLong();
/** The same, as the node writes it in a VM status (no leading zeros). */
const short = (i: number) => accounts[i].accountAddress.toStringShort();

beforeAll(async () => {
  localnet = await startLocalnet({
    ephemeral: true,
    ports: 'auto',
    mining: { mode: 'instant' },
    accounts: { seed: SEED, count: ACCOUNTS.length, balance: 0n },
  });
  aptos = new Aptos(
    new AptosConfig({
      network: Network.CUSTOM,
      fullnode: localnet.urls.rest,
      faucet: localnet.urls.faucet,
      indexer: localnet.urls.indexer,
    }),
  );
  accounts = localnet.accounts.map((account) =>
    Account.fromPrivateKey({ privateKey: new Ed25519PrivateKey(account.privateKey) }),
  );
  const root = Account.fromPrivateKey({
    privateKey: new Ed25519PrivateKey(localnet.rootPrivateKeyAip80),
  });
  for (const [i, { balance }] of ACCOUNTS.entries()) await fund(root, i, balance);
  for (const pkg of PACKAGES) await publish(root, pkg);
}, 120_000);

afterAll(async () => {
  await localnet?.stop();
});

it(${quote(`reproduces run ${record.id}: ${asserted}`)}, async () => {
  const transaction = ${build};
  ${run}
  // ${fix.replace(/\s+/g, ' ')}
  const EXPECTED = {
    success: ${expected.success},
    vmStatus: ${addressTemplate(expected.vmStatus, index, 'short')},
    abortCode: ${expected.abortCode === null ? 'null' : `'${expected.abortCode}'`},
  };
  expect({
    success: result.success,
    vmStatus: result.vm_status,
    abortCode: abortCode(result.vm_status),
  }).toEqual(EXPECTED);
}, 60_000);
${EXPORTED_TEST_HELPERS}`;
  return { fileName: `run-${record.id.slice(0, 8)}.test.ts`, text };
}
