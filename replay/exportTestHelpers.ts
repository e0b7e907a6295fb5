/**
 * The helpers every exported test carries (see exportTest.ts), as source text: the file must run
 * alone in the user's project, with only the ts-sdk, Vitest and the chain package installed.
 * Written without template literals, so the text needs no escaping here.
 */
export const EXPORTED_TEST_HELPERS = `
interface AnyJson {
  type_name: string;
  data: string;
}

/** 0x1::code::PackageMetadata as a node renders it in JSON. */
interface PackageMetadata {
  name: string;
  upgrade_policy: { policy: number };
  upgrade_number: string;
  source_digest: string;
  manifest: string;
  modules: Array<{ name: string; source: string; source_map: string; extension: { vec: AnyJson[] } }>;
  deps: Array<{ account: string; package_name: string }>;
  extension: { vec: AnyJson[] };
}

interface Package {
  /** Index in ACCOUNTS of the account that publishes it. */
  publisher: number;
  metadata: PackageMetadata;
  modules: Array<{ name: string; bytecode: string }>;
}

/** Gas settings are u64 decimal strings in the run; the SDK's options take a number. */
function gas(value: string): number {
  if (BigInt(value) > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('gas setting too large: ' + value);
  return Number(value);
}

/** The abort code a Move abort's VM status names ("Move abort in 0x1::coin: ENAME(0x10006): …"). */
function abortCode(vmStatus: string): string | null {
  return /^Move abort in [^:]+::\\w+: (?:\\w+\\()?(0x[0-9a-fA-F]+)/.exec(vmStatus)?.[1] ?? null;
}

function bytes(hex: string): Uint8Array {
  const digits = hex.replace(/^0x/, '');
  return Uint8Array.from({ length: digits.length / 2 }, (_, i) =>
    parseInt(digits.slice(2 * i, 2 * i + 2), 16),
  );
}

function hexOf(data: Uint8Array): string {
  return Array.from(data, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The run's addresses and the test's accounts that stand for them (32 raw bytes each). */
function renames(): Map<string, Uint8Array> {
  const map = new Map<string, Uint8Array>();
  ACCOUNTS.forEach((account, i) => {
    if (account.was === null) return;
    map.set(
      AccountAddress.from(account.was).toStringLongWithoutPrefix(),
      accounts[i].accountAddress.toUint8Array(),
    );
  });
  return map;
}

/**
 * A module compiled for the run's publisher, moved to the test's: each address of its address
 * table and each address constant (vector<address> too) that names one of the run's accounts is
 * replaced. Move's binary format keeps both as 32 raw bytes, so no offset changes.
 */
function readdress(bytecode: string): Uint8Array {
  const code = bytes(bytecode);
  const map = renames();
  let at = 8; // magic and version
  const uleb = (): number => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = code[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  const rename = (offset: number) => {
    const next = map.get(hexOf(code.subarray(offset, offset + 32)));
    if (next) code.set(next, offset);
  };
  const tables = Array.from({ length: uleb() }, () => ({ kind: code[at++], offset: uleb(), size: uleb() }));
  const contents = at;
  for (const { kind, offset, size } of tables) {
    const start = contents + offset;
    if (kind === 0x8) {
      // ADDRESS_IDENTIFIERS
      for (let p = start; p < start + size; p += 32) rename(p);
    } else if (kind === 0x6) {
      // CONSTANT_POOL: a type (vectors, then a one-byte base type), then the value's BCS
      at = start;
      while (at < start + size) {
        let vectors = 0;
        while (code[at] === 0xa) {
          vectors += 1;
          at += 1;
        }
        const base = code[at++];
        const length = uleb();
        const end = at + length;
        if (base === 0x5 && vectors === 0) rename(at);
        if (base === 0x5 && vectors === 1) {
          const count = uleb();
          for (let i = 0; i < count; i += 1) rename(at + 32 * i);
        }
        at = end;
      }
    }
  }
  return code;
}

/** The package's metadata as publish_package_txn takes it (BCS), its dependencies re-addressed. */
function metadataBytes(metadata: PackageMetadata): Uint8Array {
  const map = renames();
  const s = new Serializer();
  const anyOption = (vec: AnyJson[]) => {
    s.serializeU32AsUleb128(vec.length);
    for (const any of vec) {
      s.serializeStr(any.type_name);
      s.serializeBytes(bytes(any.data));
    }
  };
  s.serializeStr(metadata.name);
  s.serializeU8(metadata.upgrade_policy.policy);
  s.serializeU64(BigInt(metadata.upgrade_number));
  s.serializeStr(metadata.source_digest);
  s.serializeBytes(bytes(metadata.manifest));
  s.serializeU32AsUleb128(metadata.modules.length);
  for (const module of metadata.modules) {
    s.serializeStr(module.name);
    s.serializeBytes(bytes(module.source));
    s.serializeBytes(bytes(module.source_map));
    anyOption(module.extension.vec);
  }
  s.serializeU32AsUleb128(metadata.deps.length);
  for (const dep of metadata.deps) {
    const account = AccountAddress.from(dep.account);
    const renamed = map.get(account.toStringLongWithoutPrefix());
    (renamed ? new AccountAddress(renamed) : account).serialize(s);
    s.serializeStr(dep.package_name);
  }
  anyOption(metadata.extension.vec);
  return s.toUint8Array();
}

async function aptBalance(i: number): Promise<bigint> {
  const [balance] = await aptos.view<[string]>({
    payload: {
      function: '0x1::coin::balance',
      typeArguments: ['0x1::aptos_coin::AptosCoin'],
      functionArguments: [address(i)],
    },
  });
  return BigInt(balance);
}

/** Tops account i up to exactly \`balance\` octas from the chain's root account. */
async function fund(root: Account, i: number, balance: bigint): Promise<void> {
  const missing = balance - (await aptBalance(i));
  if (missing < 0n) throw new Error(ACCOUNTS[i].role + ' starts with more APT than the run had');
  if (missing === 0n) return;
  const transaction = await aptos.transaction.build.simple({
    sender: root.accountAddress,
    data: { function: '0x1::aptos_account::transfer', functionArguments: [address(i), missing] },
  });
  const pending = await aptos.signAndSubmitTransaction({ signer: root, transaction });
  await aptos.waitForTransaction({ transactionHash: pending.hash });
  expect(await aptBalance(i)).toBe(balance);
}

/** Publishes a package from its publisher's account; the root account pays the gas, so balances stay as the run had them. */
async function publish(root: Account, pkg: Package): Promise<void> {
  const publisher = accounts[pkg.publisher];
  const transaction = await aptos.transaction.build.simple({
    sender: publisher.accountAddress,
    withFeePayer: true,
    data: {
      function: '0x1::code::publish_package_txn',
      functionArguments: [
        MoveVector.U8(metadataBytes(pkg.metadata)),
        new MoveVector(pkg.modules.map((module) => MoveVector.U8(readdress(module.bytecode)))),
      ],
    },
    options: { maxGasAmount: 2_000_000 },
  });
  const feePayerAuthenticator = aptos.transaction.signAsFeePayer({ signer: root, transaction });
  const senderAuthenticator = aptos.transaction.sign({ signer: publisher, transaction });
  const pending = await aptos.transaction.submit.simple({
    transaction,
    senderAuthenticator,
    feePayerAuthenticator,
  });
  const done = await aptos.waitForTransaction({ transactionHash: pending.hash });
  expect(done.success, 'publishing ' + pkg.metadata.name + ': ' + done.vm_status).toBe(true);
}

/** Signs as the run did (sender, secondary signers, fee payer), submits, and waits for the result. */
async function submit(
  transaction: AnyRawTransaction,
  signers: number[],
  feePayer: number | null,
): Promise<UserTransactionResponse> {
  // The fee payer signs first: signing as fee payer sets the transaction's fee payer address.
  const feePayerAuthenticator =
    feePayer === null
      ? undefined
      : aptos.transaction.signAsFeePayer({ signer: accounts[feePayer], transaction });
  const [senderAuthenticator, ...additionalSignersAuthenticators]: AccountAuthenticator[] =
    signers.map((i) => aptos.transaction.sign({ signer: accounts[i], transaction }));
  const pending =
    signers.length > 1
      ? await aptos.transaction.submit.multiAgent({
          transaction: transaction as MultiAgentTransaction,
          senderAuthenticator,
          additionalSignersAuthenticators,
          ...(feePayerAuthenticator ? { feePayerAuthenticator } : {}),
        })
      : await aptos.transaction.submit.simple({
          transaction: transaction as SimpleTransaction,
          senderAuthenticator,
          ...(feePayerAuthenticator ? { feePayerAuthenticator } : {}),
        });
  return (await aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  })) as UserTransactionResponse;
}

/**
 * Submits as the run did, for a run the node refused before executing it: the refusal as the
 * validation status it names ("Validation Code: …"), or the executed transaction's outcome.
 */
async function submitOrRefusal(
  transaction: AnyRawTransaction,
  signers: number[],
  feePayer: number | null,
): Promise<{ success: boolean; vm_status: string }> {
  try {
    return await submit(transaction, signers, feePayer);
  } catch (error) {
    const refusal = /Validation Code: ([A-Z_0-9]+)/.exec(error instanceof Error ? error.message : '');
    if (refusal === null) throw error;
    return { success: false, vm_status: refusal[1] };
  }
}

/** Simulates as the run did (it stopped at its simulation), with every signer's public key. */
async function simulate(
  transaction: AnyRawTransaction,
  signers: number[],
  feePayer: number | null,
): Promise<UserTransactionResponse> {
  if (feePayer !== null) transaction.feePayerAddress = accounts[feePayer].accountAddress;
  const feePayerPublicKey = feePayer === null ? undefined : accounts[feePayer].publicKey;
  const [signerPublicKey, ...secondarySignersPublicKeys] = signers.map((i) => accounts[i].publicKey);
  const [result] =
    signers.length > 1
      ? await aptos.transaction.simulate.multiAgent({
          transaction: transaction as MultiAgentTransaction,
          signerPublicKey,
          secondarySignersPublicKeys,
          ...(feePayerPublicKey ? { feePayerPublicKey } : {}),
        })
      : await aptos.transaction.simulate.simple({
          transaction: transaction as SimpleTransaction,
          signerPublicKey,
          ...(feePayerPublicKey ? { feePayerPublicKey } : {}),
        });
  return result;
}
`;
