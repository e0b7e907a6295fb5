/**
 * The runs the export-test tests export, and a package of the user's own for them: the ts-sdk's `transaction_test` package
 * (tests/fixtures/move/sdkBinaries.json), compiled for a given publisher with the chain's binary
 * writer, its `transfer(&signer, amount, to)` made to `abort amount`.
 */
import { readFileSync } from 'node:fs';
import { Account, MoveVector, type Ed25519Account } from '@aptos-labs/ts-sdk';
import { hexToBytes } from '@noble/hashes/utils';
import { createAptos, runHeadless, type HeadlessOptions } from '../../cli/headless';
import type { Localnet } from '../../localnet/index';
import { readModule } from '../../localnet/move/binary/reader.ts';
import { writeModule } from '../../localnet/move/binary/writer.ts';
import type { WorkbenchRun } from '../../machines';

interface Fixtures {
  publisher: string;
  binaries: Array<{ name: string; hex: string }>;
  metadata: Array<{ name: string; hex: string }>;
}

const fx = JSON.parse(
  readFileSync(new URL('../fixtures/move/sdkBinaries.json', import.meta.url), 'utf8'),
) as Fixtures;

/** The package's metadata (BCS) and its one module for `publisher`, and the module's name. */
export function abortingPackage(publisher: string): {
  metadata: Uint8Array;
  code: Uint8Array;
  module: string;
} {
  const m = readModule(fx.binaries.find((b) => b.name === 'helper.ts#5')?.hex ?? '');
  const code = writeModule({
    ...m,
    addressIdentifiers: m.addressIdentifiers.map((a) => (a === fx.publisher ? publisher : a)),
    functionDefs: m.functionDefs.map((f) =>
      f.code !== null && m.identifiers[m.functionHandles[f.function]?.name ?? -1] === 'transfer'
        ? { ...f, code: { ...f.code, code: [{ op: 'MoveLoc', local: 1 }, { op: 'Abort' }] } }
        : f,
    ),
  });
  const self = m.moduleHandles[m.selfModuleHandleIdx];
  return {
    metadata: hexToBytes(fx.metadata.find((x) => x.name === 'transaction_test')?.hex ?? ''),
    code,
    module: m.identifiers[self?.name ?? -1] ?? '',
  };
}

/** The three runs of issue 33's acceptance, recorded on a chain, and the accounts that made them. */
export interface ExportCases {
  runs: { abort: WorkbenchRun; insufficient: WorkbenchRun; sponsored: WorkbenchRun };
  /** Every account that signed a run: none of their keys may reach an exported file. */
  signers: Ed25519Account[];
}

/**
 * Records, on `localnet`, through the headless runner (submitting what fails in simulation):
 * `abort`, the sender's own published package aborting 0x2a; `insufficient`, a transfer of more
 * than the sender holds (EINSUFFICIENT_BALANCE); `sponsored`, the same package aborting 0x7 with a
 * fee payer paying the gas.
 */
export async function recordExportCases(localnet: Localnet): Promise<ExportCases> {
  const aptos = createAptos({
    nodeUrl: localnet.urls.rest,
    faucetUrl: localnet.urls.faucet,
    indexerUrl: localnet.urls.indexer,
  });
  const [alice, poor, sponsor] = [Account.generate(), Account.generate(), Account.generate()];
  await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 1_000_000_000 });
  await aptos.fundAccount({ accountAddress: poor.accountAddress, amount: 2_000_000 });
  await aptos.fundAccount({ accountAddress: sponsor.accountAddress, amount: 500_000_000 });

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
  const published = await aptos.waitForTransaction({ transactionHash: pending.hash });
  if (!published.success) throw new Error(`publishing failed: ${published.vm_status}`);

  const record = (
    options: Pick<HeadlessOptions, 'payload' | 'signers' | 'options'>,
    who: Account,
  ) =>
    runHeadless({
      nodeUrl: localnet.urls.rest,
      networkName: 'local',
      aptos,
      simulation: 'submitAnyway',
      privateKey: who,
      ...options,
    });
  const transfer = `${alice.accountAddress.toStringLong()}::${pkg.module}::transfer` as const;
  const abort = await record(
    { payload: { function: transfer, functionArguments: ['42', poor.accountAddress.toString()] } },
    alice,
  );
  const insufficient = await record(
    {
      payload: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [alice.accountAddress.toStringLong(), '2500000'],
      },
      options: { maxGasAmount: '2000' },
    },
    poor,
  );
  const sponsored = await record(
    {
      payload: { function: transfer, functionArguments: ['7', poor.accountAddress.toString()] },
      signers: { feePayer: sponsor },
    },
    alice,
  );
  return { runs: { abort, insufficient, sponsored }, signers: [alice, poor, sponsor] };
}
