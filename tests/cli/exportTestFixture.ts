/**
 * A package of the user's own for the export-test tests: the ts-sdk's `transaction_test` package
 * (tests/fixtures/move/sdkBinaries.json), compiled for a given publisher with the chain's binary
 * writer, its `transfer(&signer, amount, to)` made to `abort amount`.
 */
import { readFileSync } from 'node:fs';
import { hexToBytes } from '@noble/hashes/utils';
import { readModule } from '../../localnet/move/binary/reader.ts';
import { writeModule } from '../../localnet/move/binary/writer.ts';

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
