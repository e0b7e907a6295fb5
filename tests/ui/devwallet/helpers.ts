import {
  AccountAddress,
  ChainId,
  EntryFunction,
  MultiAgentTransaction,
  RawTransaction,
  SimpleTransaction,
  TransactionPayloadEntryFunction,
  U64,
  type AccountAddressInput,
  type AnyRawTransaction,
} from '@aptos-labs/ts-sdk';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import {
  createDevWallet,
  createMemoryKeyStore,
  type ApprovalDecision,
  type DevWallet,
  type DevWalletChainClient,
  type DevWalletOptions,
} from '../../../src/devwallet';

/** Addresses that belong to nobody in the wallet. */
export const BOB = `0x${'b0b'.padStart(64, '0')}`;
export const STRANGER = `0x${'a11ce'.padStart(64, '0')}`;

/** A fixed clock: 2030-01-01T00:00:00Z. */
export const NOW_MS = Date.UTC(2030, 0, 1);

/** The ts-sdk's own recovery-phrase test vector (aptos-ts-sdk tests/unit/helper.ts). */
export const SDK_VECTOR = {
  mnemonic: 'shoot island position soft burden budget tooth cruel issue economy destroy above',
  path: "m/44'/637'/0'/0'/0'",
  privateKey: 'ed25519-priv-0x5d996aa76b3212142792d9130796cd2e11e3c445a93118c08414df4f66bc60ec',
  publicKey: '0xea526ba1710343d953461ff68641f1b7df5f23b9042ffa2d2a798d3adb3f3d6c',
  address: '0x07968dab936c1bad187c60ce4082f307d030d780e91e694ae03aef16aba73f30',
} as const;

/** A fresh valid BIP-39 phrase of `words` words (12, 15, 18, 21 or 24). */
export function validPhrase(words: number): string {
  return generateMnemonic(wordlist, (words / 3) * 32);
}

/**
 * A `0x1::aptos_account::transfer` raw transaction built offline (no node), with 1000 max gas at
 * 100 octas, expiring an hour after {@link NOW_MS}.
 */
export function transferTransaction(args: {
  sender: AccountAddressInput;
  chainId?: number;
  to?: AccountAddressInput;
  amount?: bigint;
  expirationSecs?: bigint;
  feePayer?: AccountAddressInput;
  secondarySigners?: AccountAddressInput[];
}): AnyRawTransaction {
  const payload = new TransactionPayloadEntryFunction(
    EntryFunction.build(
      '0x1::aptos_account',
      'transfer',
      [],
      [AccountAddress.from(args.to ?? BOB), new U64(args.amount ?? 12_345n)],
    ),
  );
  const raw = new RawTransaction(
    AccountAddress.from(args.sender),
    7n,
    payload,
    1000n,
    100n,
    args.expirationSecs ?? BigInt(NOW_MS / 1000 + 3600),
    new ChainId(args.chainId ?? 4),
  );
  const feePayer = args.feePayer === undefined ? undefined : AccountAddress.from(args.feePayer);
  if (args.secondarySigners !== undefined) {
    return new MultiAgentTransaction(
      raw,
      args.secondarySigners.map((address) => AccountAddress.from(address)),
      feePayer,
    );
  }
  return new SimpleTransaction(raw, feePayer);
}

/** A chain client that never touches the network and records what it was asked. */
export interface FakeChainClient extends DevWalletChainClient {
  readonly calls: string[];
  readonly submitted: Parameters<DevWalletChainClient['submitTransaction']>[0][];
}

export function fakeChainClient(
  overrides: Partial<DevWalletChainClient> & { chainId?: number } = {},
): FakeChainClient {
  const calls: string[] = [];
  const submitted: FakeChainClient['submitted'] = [];
  const chainId = overrides.chainId ?? 4;
  return {
    calls,
    submitted,
    getChainId: async () => {
      calls.push('getChainId');
      return chainId;
    },
    buildTransaction:
      overrides.buildTransaction ??
      (async ({ sender }) => {
        calls.push('buildTransaction');
        return transferTransaction({ sender, chainId }) as SimpleTransaction;
      }),
    submitTransaction:
      overrides.submitTransaction ??
      (async (args) => {
        calls.push('submitTransaction');
        submitted.push(args);
        return { hash: `0x${'ab'.repeat(32)}` };
      }),
    simulateTransaction:
      overrides.simulateTransaction ??
      (async () => ({ success: true, vmStatus: 'Executed successfully', gasUsed: '7' })),
    fetchEntryFunctionAbi:
      overrides.fetchEntryFunctionAbi ??
      (async (functionId) => {
        throw new Error(`the fake node has no ABI for ${functionId}`);
      }),
    fundAccount:
      overrides.fundAccount ??
      (async () => {
        calls.push('fundAccount');
        return { hash: `0x${'cd'.repeat(32)}` };
      }),
  };
}

/** A wallet with a memory key store, a fixed clock, a fixed origin and a fake node. */
export function testWallet(options: DevWalletOptions & { client?: FakeChainClient } = {}) {
  const client = options.client ?? fakeChainClient();
  const keyStore = createMemoryKeyStore();
  const wallet = createDevWallet({
    keyStore,
    now: () => NOW_MS,
    application: () => 'http://workbench.test',
    createChainClient: () => client,
    fetchChainId: () => client.getChainId(),
    ...options,
  });
  return { wallet, client, keyStore };
}

const answered = new WeakMap<DevWallet, Set<string>>();

/** Answers the next request that reaches the approval prompt (and was not answered yet). */
export function answerNextPrompt(wallet: DevWallet, decision: ApprovalDecision): Promise<string> {
  const done = answered.get(wallet) ?? new Set<string>();
  answered.set(wallet, done);
  return new Promise((resolve) => {
    const check = () => {
      const request = wallet.getSnapshot().pending.find(({ id }) => !done.has(id));
      if (request === undefined) return;
      stop();
      done.add(request.id);
      wallet.respond({ id: request.id, decision });
      resolve(request.id);
    };
    const stop = wallet.subscribe(check);
    check();
  });
}
