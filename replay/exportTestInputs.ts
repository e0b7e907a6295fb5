import { AccountAddress, type Aptos } from '@aptos-labs/ts-sdk';
import type { WorkbenchRun } from '../machines';

/** `0x1::code::PackageRegistry`'s `PackageMetadata`, as a node renders it in JSON. */
export interface PackageMetadataJson {
  name: string;
  upgrade_policy: { policy: number };
  upgrade_number: string;
  source_digest: string;
  /** `0x` hex (gzipped Move.toml). */
  manifest: string;
  modules: Array<{
    name: string;
    source: string;
    source_map: string;
    extension: { vec: Array<{ type_name: string; data: string }> };
  }>;
  deps: Array<{ account: string; package_name: string }>;
  extension: { vec: Array<{ type_name: string; data: string }> };
}

/** A package the run called (or one it depends on), with its bytecode as the chain held it. */
export interface ExportPackage {
  /** The publisher's address on the run's network, long form. */
  address: string;
  metadata: PackageMetadataJson;
  /** Each module's bytecode, `0x` hex, in the metadata's order. */
  modules: Array<{ name: string; bytecode: string }>;
}

/** What the test generator needs from the chain besides the run. */
export interface ExportInputs {
  /** The ledger version the packages were read at; `null` when the chain could not say. */
  packagesVersion: string | null;
  /** The ledger version the balances were read at; `null` when the chain could not say. */
  balancesVersion: string | null;
  /** Why those versions, one sentence each (the file says them). */
  notes: string[];
  /** APT balance in octas (decimal string) per account, long form. */
  balances: Record<string, string>;
  /** Packages to publish, dependencies first. */
  packages: ExportPackage[];
}

interface PackageRegistryJson {
  packages: PackageMetadataJson[];
}

/** Accounts `0x0`–`0xa`: the framework's, present on every chain. */
export function isFrameworkAddress(address: string): boolean {
  return AccountAddress.from(address, { maxMissingChars: 63 }).isSpecial();
}

/** Long form; a recorded address may be short (`0xa11ce`). */
const long = (address: string) =>
  AccountAddress.from(address, { maxMissingChars: 63 }).toStringLong();

/** One account of a run: its roles and its address (`null`: a fee payer the run did not name). */
export interface RunAccount {
  role: string;
  address: string | null;
}

/**
 * The accounts of a run, each once, in the order the test recreates them: the sender, the
 * secondary signers, the fee payer of a sponsored run (the one named in the draft, else the one
 * that paid in the simulation).
 */
export function runAccounts(record: WorkbenchRun): RunAccount[] {
  const draft = record.draft;
  const accounts: RunAccount[] = [];
  const add = (role: string, address: string | null) => {
    const same = address === null ? undefined : accounts.find((a) => a.address === address);
    if (same) same.role = `${same.role}, ${role}`;
    else accounts.push({ role, address });
  };
  add('sender', long(draft.sender));
  (draft.secondarySigners ?? []).forEach((address, index) =>
    add(`secondary signer ${index + 1}`, long(address)),
  );
  if (draft.kind === 'sponsored' || draft.kind === 'multiAgentSponsored') {
    const feePayer = draft.feePayer ?? record.chain.simulation?.feePaidBy ?? null;
    add('fee payer', feePayer === null ? null : long(feePayer));
  }
  return accounts;
}

/** The non-framework modules a run names: its function's and those of its type arguments. */
export function calledModules(record: WorkbenchRun): Array<{ address: string; module: string }> {
  const found = new Map<string, { address: string; module: string }>();
  const names = [
    record.draft.payload.function,
    ...record.draft.payload.typeArguments.flatMap((tag) =>
      [...tag.matchAll(/(0x[0-9a-fA-F]+)::(\w+)::/g)].map((m) => `${m[1]}::${m[2]}::_`),
    ),
  ];
  for (const name of names) {
    const [address = '', module = ''] = name.split('::');
    if (!/^0x[0-9a-fA-F]{1,64}$/.test(address) || isFrameworkAddress(address)) continue;
    const entry = { address: long(address), module };
    found.set(`${entry.address}::${module}`, entry);
  }
  return [...found.values()];
}

/** Whether a module exists that no package published: one of the embedded chain's own. */
async function builtIn(aptos: Aptos, address: string, module: string): Promise<boolean> {
  return aptos.getAccountModule({ accountAddress: address, moduleName: module }).then(
    () => true,
    () => false,
  );
}

/**
 * Reads from the run's network what the exported test recreates: the APT balance of each of the
 * run's accounts just before its transaction (version − 1), and every non-framework package the
 * run called, with its dependencies, at the run's version. A run that never committed has no
 * version: both are read at the chain's latest version, and the notes say so. A node that no
 * longer holds that version (a pruned devnet or testnet node) is asked for its latest state.
 *
 * @param args.aptos - an SDK client for the run's network.
 * @param args.record - the run.
 * @returns the inputs of {@link exportTestFile}.
 * @throws Error naming the package or account that could not be read.
 */
export async function fetchExportInputs(args: {
  aptos: Aptos;
  record: WorkbenchRun;
}): Promise<ExportInputs> {
  const { aptos, record } = args;
  const notes: string[] = [];
  const committed = record.chain.version;
  let packagesVersion: string | null = committed;
  let balancesVersion: string | null =
    committed === null ? null : committed === '0' ? '0' : String(BigInt(committed) - 1n);
  if (committed === null) {
    const latest = (await aptos.getLedgerInfo()).ledger_version;
    packagesVersion = latest;
    balancesVersion = latest;
    notes.push(
      `The run never committed, so it has no version: balances and packages were read at version ${latest}, the chain's latest when the test was exported.`,
    );
  }

  /** A read at a version, or at the latest one when the node no longer holds that version. */
  async function read<T>(
    what: string,
    at: string | null,
    call: (version: bigint | undefined) => Promise<T>,
  ): Promise<{ value: T; version: string | null }> {
    try {
      return { value: await call(at === null ? undefined : BigInt(at)), version: at };
    } catch (error) {
      if (at === null || !/pruned|version_pruned|ledger version/i.test(String(error))) throw error;
      notes.push(
        `The node no longer holds version ${at} (pruned): ${what} was read at its latest version instead.`,
      );
      return { value: await call(undefined), version: null };
    }
  }

  const balances: Record<string, string> = {};
  for (const { address } of runAccounts(record)) {
    if (address === null) continue;
    const { value, version } = await read(`the balance of ${address}`, balancesVersion, (v) =>
      aptos.view<[string]>({
        payload: {
          function: '0x1::coin::balance',
          typeArguments: ['0x1::aptos_coin::AptosCoin'],
          functionArguments: [address],
        },
        ...(v === undefined ? {} : { options: { ledgerVersion: v } }),
      }),
    );
    balances[address] = String(value[0]);
    if (version === null && balancesVersion !== null) balancesVersion = null;
  }

  const registries = new Map<string, PackageMetadataJson[]>();
  const registry = async (address: string): Promise<PackageMetadataJson[]> => {
    const known = registries.get(address);
    if (known) return known;
    const { value, version } = await read(`the packages of ${address}`, packagesVersion, (v) =>
      aptos
        .getAccountResource<PackageRegistryJson>({
          accountAddress: address,
          resourceType: '0x1::code::PackageRegistry',
          ...(v === undefined ? {} : { options: { ledgerVersion: v } }),
        })
        .catch((error: unknown) => {
          if (/resource_not_found|not found/i.test(String(error))) return { packages: [] };
          throw error;
        }),
    );
    if (version === null) packagesVersion = null;
    registries.set(address, value.packages);
    return value.packages;
  };

  const packages: ExportPackage[] = [];
  const seen = new Set<string>();
  const visit = async (address: string, metadata: PackageMetadataJson): Promise<void> => {
    const key = `${address}::${metadata.name}`;
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of metadata.deps) {
      if (isFrameworkAddress(dep.account)) continue;
      const depAddress = long(dep.account);
      const found = (await registry(depAddress)).find((p) => p.name === dep.package_name);
      if (!found) {
        throw new Error(
          `Package ${metadata.name} depends on ${dep.package_name} at ${depAddress}, which the chain does not hold.`,
        );
      }
      await visit(depAddress, found);
    }
    const modules: ExportPackage['modules'] = [];
    for (const { name } of metadata.modules) {
      const { value } = await read(`module ${address}::${name}`, packagesVersion, (v) =>
        aptos.getAccountModule({
          accountAddress: address,
          moduleName: name,
          ...(v === undefined ? {} : { options: { ledgerVersion: v } }),
        }),
      );
      modules.push({ name, bytecode: value.bytecode });
    }
    packages.push({ address, metadata, modules });
  };

  for (const { address, module } of calledModules(record)) {
    const found = (await registry(address)).find((p) => p.modules.some((m) => m.name === module));
    if (!found && record.network.name === 'local' && (await builtIn(aptos, address, module))) {
      notes.push(
        `${address}::${module} is built into the embedded chain (no package published it), so every fresh chain has it: it is not published again.`,
      );
      continue;
    }
    if (!found) {
      throw new Error(
        `The run calls ${address}::${module}, but no package at ${address} holds a module ${module}${packagesVersion === null ? '' : ` at version ${packagesVersion}`}: the test cannot publish it.`,
      );
    }
    await visit(address, found);
  }
  return { packagesVersion, balancesVersion, notes, balances, packages };
}
