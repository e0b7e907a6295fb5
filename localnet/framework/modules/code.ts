import { publishPackage } from '../../move/publish.ts';
import { entry, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';

/**
 * `0x1::code`: publishing Move packages. The checks and the registry are in
 * `localnet/move/publish.ts`; published modules live in chain state and run as bytecode.
 */
export const codeModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'code',
  friends: ['0x1::object_code_deployment'],
  structs: [
    struct(
      'AllowedDep',
      ['drop'],
      [
        ['account', 'address'],
        ['module_name', '0x1::string::String'],
      ],
    ),
    struct(
      'ModuleMetadata',
      ['drop', 'store'],
      [
        ['name', '0x1::string::String'],
        ['source', 'vector<u8>'],
        ['source_map', 'vector<u8>'],
        ['extension', '0x1::option::Option<0x1::copyable_any::Any>'],
      ],
    ),
    struct(
      'PackageDep',
      ['copy', 'drop', 'store'],
      [
        ['account', 'address'],
        ['package_name', '0x1::string::String'],
      ],
    ),
    struct(
      'PackageMetadata',
      ['drop', 'store'],
      [
        ['name', '0x1::string::String'],
        ['upgrade_policy', '0x1::code::UpgradePolicy'],
        ['upgrade_number', 'u64'],
        ['source_digest', '0x1::string::String'],
        ['manifest', 'vector<u8>'],
        ['modules', 'vector<0x1::code::ModuleMetadata>'],
        ['deps', 'vector<0x1::code::PackageDep>'],
        ['extension', '0x1::option::Option<0x1::copyable_any::Any>'],
      ],
    ),
    struct(
      'PackageRegistry',
      ['store', 'key'],
      [['packages', 'vector<0x1::code::PackageMetadata>']],
    ),
    struct(
      'PublishPackage',
      ['drop', 'store'],
      [
        ['code_address', 'address'],
        ['is_upgrade', 'bool'],
      ],
      { isEvent: true },
    ),
    struct('UpgradePolicy', ['copy', 'drop', 'store'], [['policy', 'u8']]),
  ],
  functions: [
    entry(
      'publish_package_txn',
      ['&signer', 'vector<u8>', 'vector<vector<u8>>'],
      (ctx, _t, [metadata, code]) => {
        publishPackage(ctx, metadata as Uint8Array, code as Uint8Array[]);
        return [];
      },
    ),
  ],
};
