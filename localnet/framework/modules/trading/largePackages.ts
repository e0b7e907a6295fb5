/**
 * `0x7::large_packages` (large_packages.move): a package too big for one transaction is staged in
 * chunks in the owner's `StagingArea` (metadata bytes appended, each module's code appended under
 * its index in a `SmartTable<u64, vector<u8>>`), then published to the account
 * (`code::publish_package_txn`), to a new object or as an object's upgrade
 * (`object_code_deployment`), and the staging area removed. The table and the publishing go
 * through the framework's own functions (`host.call`), as the Move code calls them.
 */
import type { LongAddress } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { Ref } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import type { NativeFunction, NativeModule } from '../../context.ts';
import {
  readResource,
  removeResource,
  resourceExists,
  signerAddress,
  ty,
  writeResource,
} from '../../vmState.ts';
import { long } from '../system/systemAddresses.ts';
import { aborter, EXPERIMENTAL, failAt } from './shared.ts';

const STAGING = '0x7::large_packages::StagingArea';
const CHUNK_PARAMS = ['&signer', 'vector<u8>', 'vector<u16>', 'vector<vector<u8>>'];
const abort = aborter('0x7::large_packages');
const ONE = long('0x1');
const TABLE_TYS = [ty('u64'), ty('vector<u8>')];

// StagingArea's fields.
const METADATA = 0;
const CODE = 1;
const LAST_MODULE_IDX = 2;

const smartTable = (host: NativeHost, name: string, args: Value[]): Value[] =>
  host.call(ONE, 'smart_table', name, TABLE_TYS, args);

/**
 * `stage_code_chunk_internal`: the owner's staging area (created when absent) with the chunks
 * added, written back; its value is returned for publishing.
 */
function stage(host: NativeHost, owner: Value, args: Value[]): Value[] {
  const [metadataChunk, indices, chunks] = args as [number[], number[], number[][]];
  if (indices.length !== chunks.length) {
    abort(0x10001n, 'ECODE_MISMATCH', 'code_indices and code_chunks should be the same length.');
  }
  const address = signerAddress(owner);
  const area = (readResource(host, address, STAGING) ?? [
    [],
    smartTable(host, 'new', [])[0] as Value,
    0n,
  ]) as Value[];
  (area[METADATA] as number[]).push(...metadataChunk);
  const table = new Ref(area, CODE);
  chunks.forEach((chunk, i) => {
    const idx = BigInt(indices[i] as number);
    const [present] = smartTable(host, 'contains', [table, new Ref([idx], 0)]);
    if (present === true) {
      const [code] = smartTable(host, 'borrow_mut', [table, idx]) as [Ref];
      (code.c[code.i] as number[]).push(...chunk);
    } else {
      smartTable(host, 'add', [table, idx, [...chunk]]);
      if (idx > (area[LAST_MODULE_IDX] as bigint)) area[LAST_MODULE_IDX] = idx;
    }
  });
  writeResource(host, address, STAGING, area);
  return area;
}

/** `assemble_module_code`: modules 0..=last_module_idx in order (a gap aborts in smart_table). */
function assemble(host: NativeHost, area: Value[]): Value {
  const code: Value[] = [];
  const table = new Ref(area, CODE);
  for (let i = 0n; i <= (area[LAST_MODULE_IDX] as bigint); i += 1n) {
    const [module] = smartTable(host, 'borrow', [table, i]) as [Ref];
    code.push([...(module.c[module.i] as number[])]);
  }
  return code;
}

/** `cleanup_staging_area`: `move_from` the owner's staging area and destroy its table. */
function cleanup(host: NativeHost, owner: LongAddress): void {
  // move_from's MISSING_DATA where a node places it.
  if (!resourceExists(host, owner, STAGING)) {
    failAt('MISSING_DATA', '0x7::large_packages::cleanup_staging_area', 3);
  }
  const area = removeResource(host, owner, STAGING) as Value[];
  smartTable(host, 'destroy', [area[CODE] as Value]);
}

/** `stage_code_chunk_and_<publish>`: stage, publish with `publish(owner, metadata, code)`, clean. */
const stageAndPublish = (
  name: string,
  params: string[],
  publish: (host: NativeHost, owner: Value, metadata: Value, code: Value, rest: Value[]) => void,
): NativeFunction =>
  fn(name, { params, isEntry: true }, (host, _t, [owner, ...args]) => {
    const area = stage(host, owner as Value, args.slice(0, 3));
    publish(
      host,
      owner as Value,
      [...(area[METADATA] as number[])],
      assemble(host, area),
      args.slice(3),
    );
    cleanup(host, signerAddress(owner as Value));
    return [];
  });

export const largePackagesModule: NativeModule = {
  address: EXPERIMENTAL,
  name: 'large_packages',
  friends: [],
  structs: [
    struct(
      'StagingArea',
      ['key'],
      [
        ['metadata_serialized', 'vector<u8>'],
        ['code', '0x1::smart_table::SmartTable<u64, vector<u8>>'],
        ['last_module_idx', 'u64'],
      ],
    ),
  ],
  functions: [
    fn(
      'stage_code_chunk',
      { params: CHUNK_PARAMS, isEntry: true },
      (host, _t, [owner, ...args]) => {
        stage(host, owner as Value, args);
        return [];
      },
    ),
    stageAndPublish(
      'stage_code_chunk_and_publish_to_account',
      CHUNK_PARAMS,
      (host, owner, metadata, code) => {
        host.call(ONE, 'code', 'publish_package_txn', [], [owner, metadata, code]);
      },
    ),
    stageAndPublish(
      'stage_code_chunk_and_publish_to_object',
      CHUNK_PARAMS,
      (host, owner, metadata, code) => {
        host.call(ONE, 'object_code_deployment', 'publish', [], [owner, metadata, code]);
      },
    ),
    stageAndPublish(
      'stage_code_chunk_and_upgrade_object_code',
      [...CHUNK_PARAMS, '0x1::object::Object<0x1::code::PackageRegistry>'],
      (host, owner, metadata, code, [codeObject]) => {
        host.call(
          ONE,
          'object_code_deployment',
          'upgrade',
          [],
          [owner, metadata, code, codeObject as Value],
        );
      },
    ),
    fn('cleanup_staging_area', { params: ['&signer'], isEntry: true }, (host, _t, [owner]) => {
      cleanup(host, signerAddress(owner as Value));
      return [];
    }),
  ],
};
