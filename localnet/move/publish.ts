/**
 * Publishing a package: what `0x1::code::publish_package` (Move) and the VM's module publishing
 * do on a node, in that order.
 *
 * 1. `code.move`: decode `PackageMetadata`, refuse the `arbitrary` policy, resolve dependencies,
 *    check the upgrade against the package already registered under that name (immutable,
 *    weaker policy, module removed) and name clashes with other packages, record the package in
 *    `0x1::code::PackageRegistry`, emit `0x1::code::PublishPackage`.
 * 2. The VM: deserialize every module (`CODE_DESERIALIZATION_ERROR`), refuse native functions
 *    outside the special addresses (`USER_DEFINED_NATIVE_NOT_ALLOWED`), check it is the signer's
 *    (`MODULE_ADDRESS_DOES_NOT_MATCH_SENDER`), unique (`DUPLICATE_MODULE_NAME`), registered in the
 *    metadata (`CONSTRAINT_NOT_SATISFIED`), that its friends are at its address and its
 *    dependencies exist (`LINKER_ERROR`; at a framework address, a framework module), and, under the `compatible` policy, that it upgrades the
 *    stored module compatibly (`BACKWARD_INCOMPATIBLE_MODULE_UPDATE`); then store it.
 *
 * 3. `init_module(&signer)` of every newly published module, through the runner the context
 *    carries (`ctx.publishing`: the executor's, `localnet/executor/bytecode.ts`).
 *
 * Before storing, the bundle goes through the bytecode verifier the context carries
 * (`ctx.publishing`): stack balance per block and the types of every instruction's
 * operands. Reference safety (borrow checking) is not verified (see localnet/README.md).
 */
import { Deserializer } from '@aptos-labs/ts-sdk';
import type { Json, LongAddress } from '../encoding.ts';
import { must, shortAddress, toHex } from '../encoding.ts';
import { abort, ERROR_CATEGORY, MoveAbort, moduleError, VmStatusError } from './vm/errors.ts';
import type { NativeContext } from './vm/nativeContext.ts';
import { moduleKey, resourceKey, type ResourceValue } from '../storage/types.ts';
import { findFunction, moduleId, runtimeMetadata } from './abi.ts';
import { readModule } from './binary/reader.ts';
import { BinaryFormatError, type CompiledModule } from './binary/types.ts';
import { incompatibility } from './compatibility.ts';
import { findBytecodeModule } from './store.ts';
import { isFrameworkModule } from './vm/frameworkModules.ts';
import { STATUS_CODES, type StatusName } from './vm/statusCodes.ts';

export const CODE_MODULE = '0x1::code';
export const PACKAGE_REGISTRY_TYPE = '0x1::code::PackageRegistry';
export const PUBLISH_PACKAGE_EVENT = '0x1::code::PublishPackage';

/** `0x1::code::UpgradePolicy` values. */
export const UPGRADE_POLICY = { arbitrary: 0, compatible: 1, immutable: 2 } as const;

const vmError = (status: StatusName): never => {
  throw new VmStatusError(status, STATUS_CODES[status]);
};

export const codeErrors = {
  nameClash: moduleError(
    ERROR_CATEGORY.alreadyExists,
    0x1n,
    'EMODULE_NAME_CLASH',
    'Package contains duplicate module names with existing modules publised in other packages on this address',
  ),
  immutable: moduleError(
    ERROR_CATEGORY.invalidArgument,
    0x2n,
    'EUPGRADE_IMMUTABLE',
    'Cannot upgrade an immutable package',
  ),
  weakerPolicy: moduleError(
    ERROR_CATEGORY.invalidArgument,
    0x3n,
    'EUPGRADE_WEAKER_POLICY',
    "Cannot downgrade a package's upgradability policy",
  ),
  // `check_upgradability` asserts this one without an error category.
  moduleMissing: {
    name: 'EMODULE_MISSING',
    code: 0x4n,
    doc: 'Cannot delete a module that was published in the same package',
  },
  depMissing: moduleError(
    ERROR_CATEGORY.notFound,
    0x5n,
    'EPACKAGE_DEP_MISSING',
    'Dependency could not be resolved to any published package.',
  ),
  depWeakerPolicy: moduleError(
    ERROR_CATEGORY.invalidArgument,
    0x6n,
    'EDEP_WEAKER_POLICY',
    'A dependency cannot have a weaker upgrade policy.',
  ),
  depArbitrary: moduleError(
    ERROR_CATEGORY.invalidArgument,
    0x7n,
    'EDEP_ARBITRARY_NOT_SAME_ADDRESS',
    'A dependency to an `arbitrary` package must be on the same address.',
  ),
  policyDisabled: moduleError(
    ERROR_CATEGORY.invalidArgument,
    0x8n,
    'EINCOMPATIBLE_POLICY_DISABLED',
    'Creating a package with incompatible upgrade policy is disabled.',
  ),
};

// ---------------------------------------------------------------------------------------------
// PackageMetadata

export interface PackageDep {
  account: LongAddress;
  packageName: string;
}

export interface AnyValue {
  typeName: string;
  data: Uint8Array;
}

export interface ModuleMetadata {
  name: string;
  source: Uint8Array;
  sourceMap: Uint8Array;
  extension: AnyValue | null;
}

/** `0x1::code::PackageMetadata`. */
export interface PackageMetadata {
  name: string;
  upgradePolicy: number;
  upgradeNumber: bigint;
  sourceDigest: string;
  manifest: Uint8Array;
  modules: ModuleMetadata[];
  deps: PackageDep[];
  extension: AnyValue | null;
}

function readOption<T>(d: Deserializer, read: () => T): T | null {
  const tag = d.deserializeUleb128AsU32();
  if (tag === 0) return null;
  if (tag === 1) return read();
  throw new Error(`bad option tag ${tag}`);
}

function readAny(d: Deserializer): AnyValue {
  return { typeName: d.deserializeStr(), data: d.deserializeBytes() };
}

/** Decodes the BCS of `PackageMetadata` (the `metadata_serialized` argument); throws on bad input. */
export function decodePackageMetadata(bytes: Uint8Array): PackageMetadata {
  const d = new Deserializer(bytes);
  const name = d.deserializeStr();
  const upgradePolicy = d.deserializeU8();
  const upgradeNumber = d.deserializeU64();
  const sourceDigest = d.deserializeStr();
  const manifest = d.deserializeBytes();
  const modules: ModuleMetadata[] = [];
  const nModules = d.deserializeUleb128AsU32();
  for (let i = 0; i < nModules; i++) {
    modules.push({
      name: d.deserializeStr(),
      source: d.deserializeBytes(),
      sourceMap: d.deserializeBytes(),
      extension: readOption(d, () => readAny(d)),
    });
  }
  const deps: PackageDep[] = [];
  const nDeps = d.deserializeUleb128AsU32();
  for (let i = 0; i < nDeps; i++) {
    const account = toHex(d.deserializeFixedBytes(32)) as LongAddress;
    deps.push({ account, packageName: d.deserializeStr() });
  }
  const extension = readOption(d, () => readAny(d));
  if (d.remaining() !== 0) throw new Error('trailing bytes after PackageMetadata');
  return { name, upgradePolicy, upgradeNumber, sourceDigest, manifest, modules, deps, extension };
}

const optionJson = (value: Json | null): Json => ({ vec: value === null ? [] : [value] });
const anyJson = (a: AnyValue | null): Json =>
  optionJson(a === null ? null : { type_name: a.typeName, data: toHex(a.data) });

/** `PackageMetadata` as a node prints it inside `PackageRegistry`. */
export function packageJson(p: PackageMetadata): { [field: string]: Json } {
  return {
    name: p.name,
    upgrade_policy: { policy: p.upgradePolicy },
    upgrade_number: p.upgradeNumber.toString(),
    source_digest: p.sourceDigest,
    manifest: toHex(p.manifest),
    modules: p.modules.map((m) => ({
      name: m.name,
      source: toHex(m.source),
      source_map: toHex(m.sourceMap),
      extension: anyJson(m.extension),
    })),
    deps: p.deps.map((dep) => ({
      account: shortAddress(dep.account),
      package_name: dep.packageName,
    })),
    extension: anyJson(p.extension),
  };
}

/** What publishing needs of a registered package (read back from the registry's JSON). */
interface RegisteredPackage {
  name: string;
  policy: number;
  upgradeNumber: bigint;
  moduleNames: string[];
  json: Json;
}

function registeredPackages(value: ResourceValue | null): RegisteredPackage[] {
  const packages = value?.data.packages;
  if (!Array.isArray(packages)) return [];
  return packages.map((p) => {
    const obj = p as { [k: string]: Json };
    const policy = (obj.upgrade_policy as { policy: number }).policy;
    const modules = obj.modules as Array<{ name: string }>;
    return {
      name: obj.name as string,
      policy,
      upgradeNumber: BigInt(obj.upgrade_number as string),
      moduleNames: modules.map((m) => m.name),
      json: p,
    };
  });
}

/** Framework addresses 0x1..0xa: exempt from the dependency policy checks (`is_policy_exempted_address`). */
function isFrameworkAddress(address: LongAddress): boolean {
  const n = BigInt(address);
  return n >= 1n && n <= 10n;
}

const CODE = CODE_MODULE;

/** The package registry at an address (its resource), or null. */
export function packageRegistry(
  ctx: Pick<NativeContext, 'get'>,
  address: LongAddress,
): ResourceValue | null {
  const value = ctx.get(resourceKey(address, PACKAGE_REGISTRY_TYPE));
  return value !== null && value.kind === 'resource' ? value : null;
}

/** `code::check_dependencies`: every dependency is registered, no weaker, `arbitrary` only at home. */
export function checkDependencies(
  ctx: NativeContext,
  publisher: LongAddress,
  pack: Pick<PackageMetadata, 'deps' | 'upgradePolicy'>,
): void {
  for (const dep of pack.deps) {
    if (isFrameworkAddress(dep.account)) continue;
    const found = registeredPackages(packageRegistry(ctx, dep.account)).find(
      (p) => p.name === dep.packageName,
    );
    if (found === undefined) abort(CODE, codeErrors.depMissing);
    if (found.policy < pack.upgradePolicy) abort(CODE, codeErrors.depWeakerPolicy);
    if (found.policy === UPGRADE_POLICY.arbitrary && dep.account !== publisher)
      abort(CODE, codeErrors.depArbitrary);
  }
}

function deserializeBundle(code: readonly Uint8Array[]): CompiledModule[] {
  return code.map((bytes) => {
    try {
      return readModule(bytes);
    } catch (error) {
      if (error instanceof BinaryFormatError) return vmError('CODE_DESERIALIZATION_ERROR');
      throw error;
    }
  });
}

const KNOWN_METADATA_KEYS = new Set([
  'aptos::metadata_v0',
  'aptos::metadata_v1',
  'compilation_metadata',
]);
const keyText = new TextDecoder();

function validateBundle(
  ctx: NativeContext,
  publisher: LongAddress,
  modules: CompiledModule[],
  expected: string[],
): void {
  // aptos-vm's `validate_module_natives`: only special addresses (`0x0`–`0xf`) may declare
  // native functions, and never entry ones.
  for (const m of modules) {
    const special = BigInt(moduleId(m).address) < 16n;
    if (m.functionDefs.some((def) => def.code === null && (def.isEntry || !special)))
      vmError('USER_DEFINED_NATIVE_NOT_ALLOWED');
  }
  const names = new Set<string>();
  const remaining = new Set(expected);
  for (const m of modules) {
    const id = moduleId(m);
    if (id.address !== publisher) vmError('MODULE_ADDRESS_DOES_NOT_MATCH_SENDER');
    if (names.has(id.name)) vmError('DUPLICATE_MODULE_NAME');
    names.add(id.name);
    // "metadata and code bundle mismatch": every module must be registered in the metadata.
    if (!remaining.delete(id.name)) vmError('CONSTRAINT_NOT_SATISFIED');
    for (const entry of m.metadata) {
      if (!KNOWN_METADATA_KEYS.has(keyText.decode(entry.key))) vmError('CONSTRAINT_NOT_SATISFIED');
    }
    const hasAptosMetadata = m.metadata.some((e) => keyText.decode(e.key).startsWith('aptos::'));
    if (hasAptosMetadata && runtimeMetadata(m) === null) vmError('CONSTRAINT_NOT_SATISFIED');
  }
  if (remaining.size > 0) vmError('CONSTRAINT_NOT_SATISFIED');
  for (const m of modules) {
    const self = moduleId(m);
    for (let i = 0; i < m.friendDecls.length; i++) {
      const f = must(m.friendDecls[i]);
      const address = must(m.addressIdentifiers[f.address]) as LongAddress;
      if (address !== self.address)
        vmError('INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS');
      if (m.identifiers[f.name] === self.name) vmError('INVALID_FRIEND_DECL_WITH_SELF');
    }
    for (let i = 0; i < m.moduleHandles.length; i++) {
      if (i === m.selfModuleHandleIdx) continue;
      const h = must(m.moduleHandles[i]);
      const address = must(m.addressIdentifiers[h.address]) as LongAddress;
      const name = must(m.identifiers[h.name]);
      if (address === publisher && names.has(name)) continue;
      // The framework runs natively here: its modules resolve without bytecode.
      if (isFrameworkAddress(address) && isFrameworkModule(shortAddress(address), name)) continue;
      if (findBytecodeModule(ctx, address, name) === null) vmError('LINKER_ERROR');
    }
  }
}

/** Per-module and per-byte execution charges of loading a bundle (Aptos `dependency_per_*`). */
const GAS_PER_MODULE = 74_460;
const GAS_PER_BYTE = 42;

/**
 * `0x1::code::publish_package_txn(owner, metadata_serialized, code)`: publishes (or upgrades) a
 * package of the first signer. Throws `MoveAbort` (code.move's checks) or `VmStatusError` (the
 * VM's), so a refused publish leaves no write behind.
 */
export function publishPackage(
  ctx: NativeContext,
  metadataBytes: Uint8Array,
  code: readonly Uint8Array[],
): void {
  const publisher = must(ctx.signers[0], 'signer');
  let pack: PackageMetadata;
  try {
    pack = decodePackageMetadata(metadataBytes);
  } catch {
    // `util::from_bytes` fails in its native: NFE_BCS_SERIALIZATION_FAILURE.
    throw new MoveAbort('0x1::util', 0x1c5n);
  }
  if (pack.upgradePolicy <= UPGRADE_POLICY.arbitrary) abort(CODE, codeErrors.policyDisabled);
  const registry = packageRegistry(ctx, publisher);
  checkDependencies(ctx, publisher, pack);

  const moduleNames = pack.modules.map((m) => m.name);
  const packages = registeredPackages(registry);
  let index = packages.length;
  let upgradeNumber = 0n;
  packages.forEach((old, i) => {
    if (old.name === pack.name) {
      upgradeNumber = old.upgradeNumber + 1n;
      if (old.policy >= UPGRADE_POLICY.immutable) abort(CODE, codeErrors.immutable);
      if (old.policy > pack.upgradePolicy) abort(CODE, codeErrors.weakerPolicy);
      for (const name of old.moduleNames) {
        if (!moduleNames.includes(name))
          throw new MoveAbort(CODE, codeErrors.moduleMissing.code, codeErrors.moduleMissing);
      }
      index = i;
    } else if (old.moduleNames.some((name) => moduleNames.includes(name))) {
      abort(CODE, codeErrors.nameClash);
    }
  });
  const recorded = { ...pack, upgradeNumber };
  const json: Json[] = packages.map((p) => p.json);
  if (index < json.length) json[index] = packageJson(recorded);
  else json.push(packageJson(recorded));
  ctx.write(resourceKey(publisher, PACKAGE_REGISTRY_TYPE), {
    kind: 'resource',
    address: publisher,
    type: PACKAGE_REGISTRY_TYPE,
    data: { packages: json },
  });
  ctx.emit(PUBLISH_PACKAGE_EVENT, {
    code_address: shortAddress(publisher),
    is_upgrade: upgradeNumber > 0n,
  });

  // The VM's part.
  for (const bytes of code) ctx.charge(GAS_PER_MODULE + bytes.length * GAS_PER_BYTE);
  const modules = deserializeBundle(code);
  validateBundle(ctx, publisher, modules, moduleNames);
  // The bytecode verifier (localnet/move/vm/verifier: every function's code, its stack and
  // types per instruction), before anything is stored.
  ctx.publishing?.verify(ctx, modules);
  const fresh: string[] = [];
  modules.forEach((m, i) => {
    const { name } = moduleId(m);
    const previous = findBytecodeModule(ctx, publisher, name);
    if (previous === null && findFunction(m, 'init_module') !== null) fresh.push(name);
    if (previous !== null && pack.upgradePolicy >= UPGRADE_POLICY.compatible) {
      if (incompatibility(previous.module, m) !== null)
        vmError('BACKWARD_INCOMPATIBLE_MODULE_UPDATE');
    }
    ctx.write(moduleKey(publisher, name), {
      kind: 'module',
      address: publisher,
      name,
      bytecode: toHex(must(code[i])),
    });
  });
  // As the VM does after publishing: `init_module(&signer)` of each newly published module, in
  // bundle order, with the publisher as signer (never on an upgrade).
  for (const name of fresh) ctx.publishing?.runInit(ctx, publisher, name);
}
