import type { LongAddress } from '../../encoding.ts';
import { must, parseAddress } from '../../encoding.ts';
import type { NativeContext, PublishRuntime } from '../../move/vm/nativeContext.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import { serialize, type Value } from '../../move/vm/values.ts';
import {
  checkDependencies,
  PACKAGE_REGISTRY_TYPE,
  packageRegistry,
  publishPackage,
  UPGRADE_POLICY,
} from '../../move/publish.ts';
import { resourceKey } from '../../storage/types.ts';
import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { abortIn, fieldsOf, objectAddress, signerAddress, ty } from '../vmState.ts';

const POLICY = '0x1::code::UpgradePolicy';
const METADATA = '0x1::code::PackageMetadata';
const CODE = '0x1::code';

const bytesOf = (v: Value | undefined): Uint8Array => Uint8Array.from(must(v) as number[]);
const codeOf = (v: Value | undefined): Uint8Array[] =>
  (must(v) as number[][]).map((module) => Uint8Array.from(module));

/**
 * Publishes a package as `owner` from inside a running transaction (`publish.ts` checks and
 * stores it); returns what runs the new modules' `init_module`, which a node runs once the
 * publishing code is done (the caller runs it at the end of its own call).
 */
export function publishAs(
  host: NativeHost,
  owner: LongAddress,
  metadata: Uint8Array,
  code: readonly Uint8Array[],
): () => void {
  const ctx = host.session.ctx;
  const runtime = ctx.publishing;
  const pending: Array<[LongAddress, string]> = [];
  const deferred: PublishRuntime | undefined =
    runtime === undefined
      ? undefined
      : {
          verify: (c, modules) => runtime.verify(c, modules),
          runInit: (_c, address, name) => pending.push([address, name]),
        };
  // The transaction's context (its write buffer, events and gas) with `owner` as the signer.
  const as = Object.create(ctx, {
    signers: { value: [owner] },
    publishing: { value: deferred },
  }) as NativeContext;
  publishPackage(as, metadata, code);
  return () => {
    for (const [address, name] of pending) runtime?.runInit(as, address, name);
  };
}

/**
 * `code::freeze_code_object`: the code object's packages become immutable, then their
 * dependencies are checked against that policy.
 */
function freezeCodeObject(host: NativeHost, publisher: LongAddress, object: LongAddress): void {
  const ctx = host.session.ctx;
  const registry = packageRegistry(ctx, object);
  if (registry === null) {
    abortIn(CODE, 0x6000an, 'ECODE_OBJECT_DOES_NOT_EXIST', '`code_object` does not exist.');
  }
  const [owns] = host.call(
    FRAMEWORK_ADDRESS,
    'object',
    'is_owner',
    [ty(PACKAGE_REGISTRY_TYPE)],
    [[object], publisher],
  );
  if (owns !== true) {
    abortIn(CODE, 0x50009n, 'ENOT_PACKAGE_OWNER', 'Not the owner of the package registry.');
  }
  const packages = (registry.data.packages as Array<Record<string, unknown>>).map(
    (pack): Record<string, unknown> => ({
      ...pack,
      upgrade_policy: { policy: UPGRADE_POLICY.immutable },
    }),
  );
  ctx.write(resourceKey(object, PACKAGE_REGISTRY_TYPE), {
    ...registry,
    data: { ...registry.data, packages: packages as never },
  });
  for (const pack of packages) {
    const deps = (pack.deps as Array<{ account: string; package_name: string }>).map((dep) => ({
      account: must(parseAddress(dep.account)),
      packageName: dep.package_name,
    }));
    checkDependencies(ctx, object, { deps, upgradePolicy: UPGRADE_POLICY.immutable });
  }
}

/**
 * `0x1::code` on the VM's own values: publishing Move packages, from a transaction or from Move.
 * The checks and the registry are in `localnet/move/publish.ts`; published modules live in chain
 * state and run as bytecode.
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
    struct('CodePublishingPermission', ['copy', 'drop', 'store'], [['dummy_field', 'bool']]),
    struct(
      'ModuleMetadata',
      ['copy', 'drop', 'store'],
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
      ['copy', 'drop', 'store'],
      [
        ['name', '0x1::string::String'],
        ['upgrade_policy', POLICY],
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
      ['drop', 'store', 'key'],
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
    fn(
      'publish_package_txn',
      { params: ['&signer', 'vector<u8>', 'vector<vector<u8>>'], isEntry: true },
      (host, _t, [owner, metadata, code]) => {
        publishAs(host, signerAddress(must(owner)), bytesOf(metadata), codeOf(code))();
        return [];
      },
    ),
    fn(
      'publish_package',
      { params: ['&signer', METADATA, 'vector<vector<u8>>'] },
      (host, _t, [owner, pack, code]) => {
        const metadata = serialize(ty(METADATA), must(pack), (s, args) => host.layout(s, args));
        publishAs(host, signerAddress(must(owner)), metadata, codeOf(code))();
        return [];
      },
    ),
    fn(
      'freeze_code_object',
      { params: ['&signer', '0x1::object::Object<0x1::code::PackageRegistry>'] },
      (host, _t, [publisher, object]) => {
        freezeCodeObject(host, signerAddress(must(publisher)), objectAddress(must(object)));
        return [];
      },
    ),
    ...(['arbitrary', 'compat', 'immutable'] as const).map((name, policy) =>
      fn(`upgrade_policy_${name}`, { params: [], returns: [POLICY] }, () => [[policy]]),
    ),
    fn(
      'can_change_upgrade_policy_to',
      { params: [POLICY, POLICY], returns: ['bool'] },
      (_h, _t, [from, to]) => [
        (fieldsOf(must(from))[0] as number) <= (fieldsOf(must(to))[0] as number),
      ],
    ),
    fn('grant_permission', { params: ['&signer', '&signer'] }, () =>
      abortIn(
        CODE,
        0xd000cn,
        'EPERMISSIONED_SIGNER_REMOVED',
        'The permissioned signer feature has been removed.',
      ),
    ),
  ],
};
