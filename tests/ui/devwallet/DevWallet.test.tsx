import {
  AccountAddress,
  ChainId,
  EntryFunction,
  RawTransaction,
  SimpleTransaction,
  TransactionPayloadEntryFunction,
  U64,
  parseTypeTag,
  type EntryFunctionArgument,
  type TypeTag,
} from '@aptos-labs/ts-sdk';
import { AccountInfo, type NetworkInfo } from '@aptos-labs/wallet-standard';
import { describe, expect, it } from 'vitest';
import {
  approvalPolicyFromSearch,
  DevWalletError,
  formatOctas,
  summarizeTransaction,
  type DevWalletEvent,
  type DevWalletRequestStatus,
} from '../../../src/devwallet';
import {
  answerNextPrompt,
  BOB,
  fakeChainClient,
  NOW_MS,
  STRANGER,
  testWallet,
  transferTransaction,
} from './helpers';

async function connected(options: Parameters<typeof testWallet>[0] = {}) {
  const setup = testWallet({ policy: 'auto-approve', ...options });
  setup.wallet.generateAccount({ name: 'Alice' });
  await setup.wallet.connect();
  setup.wallet.setPolicy('prompt');
  const alice = setup.wallet.getSnapshot().activeAccount;
  if (alice === null) throw new Error('no active account');
  return { ...setup, alice };
}

async function caught(run: () => unknown): Promise<DevWalletError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof DevWalletError) return error;
    throw error;
  }
  throw new Error('expected a DevWalletError');
}

describe('transaction summaries', () => {
  it('reads sender, function, decoded arguments, fee, expiration and chain id', () => {
    const summary = summarizeTransaction({
      transaction: transferTransaction({ sender: STRANGER, to: BOB, amount: 150_000_000n }),
    });
    expect(summary).toEqual({
      sender: STRANGER,
      sequenceNumber: '7',
      payloadType: 'entryFunction',
      function: '0x1::aptos_account::transfer',
      typeArguments: [],
      arguments: [
        { name: 'to', type: 'address', value: BOB },
        { name: 'amount', type: 'u64', value: '150000000', apt: '1.5 APT' },
      ],
      maxGasAmount: '1000',
      gasUnitPrice: '100',
      maxFee: '100000',
      expirationTimestampSecs: String(NOW_MS / 1000 + 3600),
      expiration: '2030-01-01T01:00:00.000Z',
      chainId: 4,
      secondarySigners: [],
    });
    expect(formatOctas(summary.maxFee)).toBe('0.001 APT');
    expect(formatOctas('150000000')).toBe('1.5 APT');
  });

  it('reads the amount of an APT transfer in APT too, and no other asset’s amount', () => {
    const sender = AccountAddress.from(STRANGER);
    const call = (functionName: string, typeArguments: TypeTag[], args: EntryFunctionArgument[]) =>
      summarizeTransaction({
        transaction: new SimpleTransaction(
          new RawTransaction(
            sender,
            0n,
            new TransactionPayloadEntryFunction(
              EntryFunction.build(
                functionName.split('::').slice(0, 2).join('::') as `${string}::${string}`,
                functionName.split('::')[2] as string,
                typeArguments,
                args,
              ),
            ),
            1000n,
            100n,
            BigInt(NOW_MS / 1000 + 3600),
            new ChainId(4),
          ),
        ),
      }).arguments.map((argument) => argument.apt ?? null);
    const to = AccountAddress.from(BOB);
    const amount = new U64(250_000_000n);
    const coin = (type: string) => [parseTypeTag(type)];
    expect(call('0x1::coin::transfer', coin('0x1::aptos_coin::AptosCoin'), [to, amount])).toEqual([
      null,
      '2.5 APT',
    ]);
    expect(
      call('0x1::coin::transfer', coin(`0x${'cafe'.padStart(64, '0')}::usd::USD`), [to, amount]),
    ).toEqual([null, null]);
    expect(
      call('0x1::aptos_account::transfer_coins', coin('0x1::aptos_coin::AptosCoin'), [to, amount]),
    ).toEqual([null, '2.5 APT']);
    const fa = coin('0x1::fungible_asset::Metadata');
    expect(
      call('0x1::primary_fungible_store::transfer', fa, [AccountAddress.from('0xa'), to, amount]),
    ).toEqual([null, null, '2.5 APT']);
    expect(
      call('0x1::primary_fungible_store::transfer', fa, [
        AccountAddress.from(`0x${'beef'.padStart(64, '0')}`),
        to,
        amount,
      ]),
    ).toEqual([null, null, null]);
  });

  it('keeps u64 amounts exact as decimal strings', () => {
    const summary = summarizeTransaction({
      transaction: transferTransaction({ sender: STRANGER, amount: 18_446_744_073_709_551_615n }),
    });
    expect(summary.arguments[1]?.value).toBe('18446744073709551615');
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary);
  });

  it('shows the fee payer and secondary signers', () => {
    const summary = summarizeTransaction({
      transaction: transferTransaction({
        sender: STRANGER,
        feePayer: '0x0',
        secondarySigners: [BOB],
      }),
    });
    expect(summary.feePayer).toBe('0x0');
    expect(summary.secondarySigners).toEqual([BOB]);
  });
});

describe('requests, statuses and the request log', () => {
  it('puts a request in the pending queue with its summary, then logs the decision', async () => {
    const { wallet, alice } = await connected();
    const settled: DevWalletEvent[] = [];
    wallet.onEvent((event) => event.type === 'request.settled' && settled.push(event));
    const response = wallet.signTransaction(transferTransaction({ sender: alice.address }));
    await Promise.resolve();
    const [pending] = wallet.getSnapshot().pending;
    expect(pending).toMatchObject({
      id: 'req-2',
      kind: 'signTransaction',
      status: 'PENDING',
      time: '2030-01-01T00:00:00.000Z',
      summary: { kind: 'signTransaction', signer: alice.address, signerRole: 'sender' },
    });
    wallet.respond({ id: 'req-2', decision: 'APPROVED' });
    await expect(response).resolves.toMatchObject({ status: 'Approved' });
    expect(wallet.getSnapshot().pending).toEqual([]);
    expect(wallet.findRequest('req-2')).toMatchObject({
      status: 'APPROVED',
      reason: 'Approved in the approval prompt.',
      settledAt: '2030-01-01T00:00:00.000Z',
    });
    expect(settled).toEqual([{ type: 'request.settled', request: wallet.findRequest('req-2') }]);
  });

  it('tells REJECTED, CANCELLED and INVALID apart although all three answer Rejected', async () => {
    const { wallet, alice } = await connected();
    const statuses: DevWalletRequestStatus[] = [];
    wallet.onEvent(
      (event) => event.type === 'request.settled' && statuses.push(event.request.status),
    );
    const tx = () => transferTransaction({ sender: alice.address });
    const rejecting = answerNextPrompt(wallet, 'REJECTED');
    const rejected = await wallet.signTransaction(tx());
    await rejecting;
    const cancelling = answerNextPrompt(wallet, 'CANCELLED');
    const cancelled = await wallet.signTransaction(tx());
    await cancelling;
    const invalid = await wallet.signTransaction(
      transferTransaction({ sender: alice.address, chainId: 9 }),
    );
    const responses = [rejected, cancelled, invalid];
    expect(responses.map((response) => response.status)).toEqual([
      'Rejected',
      'Rejected',
      'Rejected',
    ]);
    expect(statuses).toEqual(['REJECTED', 'CANCELLED', 'INVALID']);
    expect(wallet.getSnapshot().requestLog.map((record) => record.reason)).toEqual([
      'Approved automatically: the approval policy is auto-approve.',
      'Rejected in the approval prompt.',
      'The approval prompt was closed without a decision.',
      expect.stringMatching(/chain id 9, but the wallet is on Local · chain id 4/),
    ]);
  });

  it('refuses to sign before the app is connected', async () => {
    const { wallet } = testWallet({ policy: 'auto-approve' });
    const alice = wallet.generateAccount();
    await expect(
      wallet.signTransaction(transferTransaction({ sender: alice.address })),
    ).resolves.toEqual({
      status: 'Rejected',
    });
    expect(wallet.lastRequest()).toMatchObject({
      status: 'INVALID',
      reason: expect.stringMatching(/not connected/),
    });
    await expect(wallet.account()).rejects.toMatchObject({ name: 'AptosWalletError', code: 4100 });
  });

  it('refuses an expired transaction without asking', async () => {
    const { wallet, alice } = await connected();
    await wallet.signTransaction(
      transferTransaction({ sender: alice.address, expirationSecs: BigInt(NOW_MS / 1000 - 1) }),
    );
    expect(wallet.lastRequest()).toMatchObject({
      status: 'INVALID',
      reason: 'The transaction expired at 2029-12-31T23:59:59.000Z; build it again.',
    });
  });

  it('refuses fee-payer signing of a transaction without a fee payer', async () => {
    const { wallet, alice } = await connected();
    await wallet.signTransaction(transferTransaction({ sender: alice.address }), true);
    expect(wallet.lastRequest()?.reason).toMatch(
      /needs a fee-payer transaction; build it with `withFeePayer: true`/,
    );
  });

  it('signs as a secondary signer when one of our accounts is one', async () => {
    const { wallet, alice } = await connected({ policy: 'auto-approve' });
    wallet.setPolicy('auto-approve');
    const response = await wallet.signTransaction(
      transferTransaction({ sender: STRANGER, secondarySigners: [alice.address] }),
    );
    expect(response.status).toBe('Approved');
    expect(wallet.lastRequest()?.summary).toMatchObject({
      signer: alice.address,
      signerRole: 'secondarySigner',
    });
  });

  it('answers waiting requests when the policy switches away from prompt', async () => {
    const { wallet, alice } = await connected();
    const response = wallet.signTransaction(transferTransaction({ sender: alice.address }));
    await Promise.resolve();
    expect(wallet.getSnapshot().pending).toHaveLength(1);
    wallet.setPolicy('auto-reject');
    await expect(response).resolves.toEqual({ status: 'Rejected' });
    expect(wallet.lastRequest()).toMatchObject({
      status: 'REJECTED',
      reason: expect.stringMatching(/auto-reject/),
    });
  });

  it('turns a request INVALID when its signer is removed while the prompt is open', async () => {
    const { wallet, alice } = await connected();
    wallet.generateAccount();
    const response = wallet.signTransaction(transferTransaction({ sender: alice.address }));
    await Promise.resolve();
    wallet.removeAccount({ address: alice.address });
    wallet.respond({ id: wallet.getSnapshot().pending[0]?.id ?? '', decision: 'APPROVED' });
    await expect(response).resolves.toEqual({ status: 'Rejected' });
    expect(wallet.lastRequest()).toMatchObject({
      status: 'INVALID',
      reason: expect.stringMatching(
        /was removed from the wallet \(this changed while the prompt was open\)/,
      ),
    });
  });

  it('refuses to answer a request that is not waiting', async () => {
    const { wallet } = await connected();
    expect((await caught(() => wallet.respond({ id: 'req-99', decision: 'APPROVED' }))).code).toBe(
      'UNKNOWN_REQUEST',
    );
  });

  it('a silent connect succeeds only for an app that is already connected', async () => {
    const { wallet } = testWallet();
    wallet.generateAccount();
    await expect(wallet.connect(true)).resolves.toEqual({ status: 'Rejected' });
    expect(wallet.lastRequest()?.status).toBe('INVALID');
    wallet.setPolicy('auto-approve');
    await wallet.connect();
    wallet.setPolicy('auto-reject');
    const silent = await wallet.connect(true);
    expect(silent.status).toBe('Approved');
  });

  it('refuses sign-and-submit as INVALID when the node cannot build it', async () => {
    const client = fakeChainClient({
      buildTransaction: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:8080');
      },
    });
    const { wallet } = await connected({ client });
    await expect(
      wallet.signAndSubmitTransaction({
        payload: { function: '0x1::aptos_account::transfer', functionArguments: [BOB, 1] },
      }),
    ).resolves.toEqual({ status: 'Rejected' });
    expect(wallet.lastRequest()).toMatchObject({
      status: 'INVALID',
      reason:
        'Could not build the transaction against http://127.0.0.1:8080/v1: connect ECONNREFUSED 127.0.0.1:8080. Check the payload and that the node is reachable.',
    });
  });
});

describe('accounts', () => {
  it('switching the active account calls the registered callback with an AccountInfo', async () => {
    const { wallet } = await connected();
    const bob = wallet.generateAccount({ name: 'Bob' });
    const seen: AccountInfo[] = [];
    await wallet.onAccountChange((info) => seen.push(info));
    wallet.setActiveAccount({ address: bob.address });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(AccountInfo);
    expect(seen[0]?.address.equals(AccountAddress.from(bob.address))).toBe(true);
    expect(seen[0]?.publicKey.toString()).toBe(bob.publicKey);
  });

  it('keeps only the latest callback, and calls none while disconnected', async () => {
    const { wallet, alice } = await connected();
    const bob = wallet.generateAccount();
    const first: string[] = [];
    const second: string[] = [];
    await wallet.onAccountChange((info) => first.push(info.address.toStringLong()));
    await wallet.onAccountChange((info) => second.push(info.address.toStringLong()));
    wallet.setActiveAccount({ address: bob.address });
    await wallet.disconnect();
    wallet.setActiveAccount({ address: alice.address });
    expect(first).toEqual([]);
    expect(second).toEqual([bob.address]);
  });

  it('removing the active account moves to the next; removing the last disconnects', async () => {
    const { wallet, alice } = await connected();
    const bob = wallet.generateAccount({ name: 'Bob' });
    const events: DevWalletEvent[] = [];
    wallet.onEvent((event) => events.push(event));
    wallet.removeAccount({ address: alice.address });
    expect(wallet.getSnapshot().activeAccount?.address).toBe(bob.address);
    wallet.removeAccount({ address: bob.address });
    expect(wallet.connected).toBe(false);
    expect(events.map((event) => event.type)).toEqual([
      'account.changed',
      'account.changed',
      'connection.changed',
    ]);
    expect(events.at(-1)).toEqual({
      type: 'connection.changed',
      connected: false,
      initiator: 'wallet',
    });
  });

  it('a disconnect made inside the wallet is announced with initiator "wallet"', async () => {
    const { wallet } = await connected();
    const events: DevWalletEvent[] = [];
    wallet.onEvent((event) => events.push(event));
    wallet.disconnectFromWallet();
    expect(wallet.connected).toBe(false);
    expect(events).toEqual([{ type: 'connection.changed', connected: false, initiator: 'wallet' }]);
  });

  it('checks names', async () => {
    const { wallet, alice } = await connected();
    expect(
      (await caught(() => wallet.renameAccount({ address: alice.address, name: '  ' }))).message,
    ).toBe('An account name needs 1 to 40 characters.');
    expect(wallet.renameAccount({ address: alice.address, name: ' Alice B ' }).name).toBe(
      'Alice B',
    );
    expect((await caught(() => wallet.setActiveAccount({ address: STRANGER }))).code).toBe(
      'UNKNOWN_ACCOUNT',
    );
  });
});

describe('faucet', () => {
  it('funds on the local chain through the chain client (1 APT by default)', async () => {
    const asked: unknown[] = [];
    const client = fakeChainClient({
      fundAccount: async (args) => {
        asked.push(args);
        return { hash: '0xfunded' };
      },
    });
    const { wallet } = testWallet({ client });
    const alice = wallet.generateAccount();
    await expect(wallet.fundAccount({ address: alice.address })).resolves.toEqual({
      hash: '0xfunded',
    });
    expect(asked).toEqual([{ accountAddress: alice.address, amount: 100_000_000 }]);
  });

  it('says that mainnet has no faucet', async () => {
    const { wallet, client } = testWallet();
    const alice = wallet.generateAccount();
    await wallet.switchNetwork({ name: 'mainnet' });
    const error = await caught(() => wallet.fundAccount({ address: alice.address }));
    expect(error).toMatchObject({ code: 'NO_FAUCET', message: 'Mainnet has no faucet.' });
    expect(client.calls).not.toContain('fundAccount');
  });

  it("says that testnet's faucet cannot be used programmatically and names the web faucet", async () => {
    const { wallet, client } = testWallet();
    const alice = wallet.generateAccount();
    await wallet.switchNetwork({ name: 'testnet' });
    const error = await caught(() => wallet.fundAccount({ address: alice.address }));
    expect(error.code).toBe('FAUCET_NOT_PROGRAMMATIC');
    expect(error.message).toMatch(/^Testnet's faucet cannot be used programmatically/);
    expect(error.message).toMatch(/Aptos Testnet Faucet web page/);
    expect(client.calls).not.toContain('fundAccount');
  });

  it('refuses a custom network without a faucet URL', async () => {
    const { wallet } = testWallet();
    const alice = wallet.generateAccount();
    await wallet.switchNetwork({ name: 'custom', nodeUrl: 'http://10.0.0.5:8080/v1', chainId: 9 });
    expect((await caught(() => wallet.fundAccount({ address: alice.address }))).message).toMatch(
      /custom network has no faucet URL/,
    );
  });

  it('explains a faucet failure and what to do', async () => {
    const client = fakeChainClient({
      fundAccount: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:8081');
      },
    });
    const { wallet } = testWallet({ client });
    const alice = wallet.generateAccount();
    const error = await caught(() => wallet.fundAccount({ address: alice.address }));
    expect(error.code).toBe('FAUCET_FAILED');
    expect(error.message).toBe(
      'The faucet at http://127.0.0.1:8081 did not fund the account: connect ECONNREFUSED 127.0.0.1:8081. Check that the local chain is running (npm run localnet) and try again.',
    );
  });
});

describe('networks', () => {
  it('starts on the local chain (chain id 4) and reports it as NetworkInfo', async () => {
    const { wallet } = testWallet();
    await expect(wallet.network()).resolves.toEqual({
      name: 'local',
      chainId: 4,
      url: 'http://127.0.0.1:8080/v1',
    });
  });

  it('reads the chain id of devnet from its node and tells a connected app', async () => {
    const { wallet } = await connected({ fetchChainId: async () => 165 });
    const seen: NetworkInfo[] = [];
    await wallet.onNetworkChange((network) => seen.push(network));
    await wallet.switchNetwork({ name: 'devnet' });
    expect(seen).toEqual([
      { name: 'devnet', chainId: 165, url: 'https://api.devnet.aptoslabs.com/v1' },
    ]);
  });

  it('refuses a custom network without a full node URL, naming what is missing', async () => {
    const { wallet } = testWallet();
    const error = await caught(() => wallet.switchNetwork({ name: 'custom' }));
    expect(error).toMatchObject({
      code: 'INVALID_NETWORK',
      message: 'A custom network needs a full node URL (for example http://127.0.0.1:8080/v1).',
    });
    expect((await wallet.network()).name).toBe('local');
  });

  it('says when the node cannot be reached for its chain id', async () => {
    const { wallet } = testWallet({
      fetchChainId: async () => {
        throw new Error('getaddrinfo ENOTFOUND node.invalid');
      },
    });
    const error = await caught(() =>
      wallet.switchNetwork({ name: 'custom', nodeUrl: 'https://node.invalid/v1' }),
    );
    expect(error.code).toBe('NODE_UNREACHABLE');
    expect(error.message).toMatch(
      /Could not read the chain id from https:\/\/node.invalid\/v1 \(getaddrinfo ENOTFOUND/,
    );
  });

  it('changeNetwork to a known network with the wrong chain id is INVALID', async () => {
    const { wallet } = await connected();
    await wallet.changeNetwork({ name: 'mainnet' as NetworkInfo['name'], chainId: 4 });
    expect(wallet.lastRequest()).toMatchObject({
      kind: 'changeNetwork',
      status: 'INVALID',
      reason: 'Mainnet is chain id 1, not 4. Use the custom network for other chains.',
    });
  });

  it('changeNetwork to the current network is approved without asking', async () => {
    const { wallet } = await connected();
    await expect(
      wallet.changeNetwork({ name: 'local' as NetworkInfo['name'], chainId: 4 }),
    ).resolves.toEqual({ status: 'Approved', args: { success: true } });
    expect(wallet.lastRequest()?.reason).toBe('The wallet is already on this network.');
  });
});

describe('approvalPolicyFromSearch', () => {
  it.each([
    ['?wallet=auto-approve', 'auto-approve'],
    ['wallet=auto-reject&x=1', 'auto-reject'],
    ['?wallet=prompt', 'prompt'],
    ['?wallet=yolo', 'prompt'],
    ['', 'prompt'],
  ])('reads %j as %s', (search, policy) => {
    expect(approvalPolicyFromSearch({ search })).toBe(policy);
  });

  it('uses the fallback for a missing parameter', () => {
    expect(approvalPolicyFromSearch({ search: '?x=1', fallback: 'auto-approve' })).toBe(
      'auto-approve',
    );
  });
});
