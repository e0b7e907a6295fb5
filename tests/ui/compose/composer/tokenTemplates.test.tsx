/**
 * The digital-asset templates (create a collection → mint a token → transfer it) and the token and
 * balance queries, against an embedded chain in process: each template's draft is the payload the
 * ts-sdk builds, commits from a freshly funded account, and the indexer queries show the result.
 */
import { Account, Ed25519PrivateKey, type Aptos, type MoveFunction } from '@aptos-labs/ts-sdk';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalnet, type Localnet } from '../../../../localnet/index';
import { createAptos } from '../../../../src/aptos/createAptos';
import { DEFAULT_FUND_AMOUNT } from '../../../../src/devwallet/constants';
import {
  defaultFormState,
  evaluateForm,
  type ComposerFormState,
} from '../../../../src/features/compose/composer/composerForm';
import { composerQueries } from '../../../../src/features/compose/composer/composerQueries';
import {
  applyTemplate,
  composerTemplates,
  matchingTemplate,
} from '../../../../src/features/compose/composer/templates';
import {
  TEMPLATE_COLLECTION,
  tokenTemplateKind,
} from '../../../../src/features/compose/composer/tokenTemplates';
import type { NetworkConfig } from '../../../../src/network/networks';
import {
  decimalText,
  IndexerQueryError,
  IndexerUnavailableError,
  parseIndexerJson,
  queryIndexer,
  tokenQueries,
  toFungibleBalances,
} from '../../../../src/queries/tokenQueries';
import type { TransactionDraft } from '../../../../machines';

let localnet: Localnet;
let network: NetworkConfig;
let aptos: Aptos;
let root: Account;
const creator = Account.generate();
const queryClient = new QueryClient();

beforeAll(async () => {
  localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
  network = {
    kind: 'local',
    fullnode: localnet.urls.rest,
    faucet: localnet.urls.faucet,
    indexer: localnet.urls.indexer,
    expectedChainId: 4,
  };
  aptos = createAptos(network);
  root = Account.fromPrivateKey({
    privateKey: new Ed25519PrivateKey(localnet.rootPrivateKeyAip80),
  });
  // What the dev wallet's Fund button gives a fresh account (from root: the faucet's signer
  // trips over jsdom's Uint8Array in this project).
  const funded = await run(
    {
      sender: long(root),
      payload: {
        function: '0x1::aptos_account::transfer',
        typeArguments: [],
        functionArguments: [long(creator), String(DEFAULT_FUND_AMOUNT)],
      },
      options: { maxGasAmount: '200000' },
    },
    root,
  );
  if (!funded.success) throw new Error(`funding failed: ${funded.vm_status}`);
}, 30_000);

afterAll(async () => {
  await localnet?.stop();
});

const long = (account: Account) => account.accountAddress.toStringLong();

const template = (id: string): ComposerFormState => {
  const found = composerTemplates.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no template ${id}`);
  return applyTemplate(defaultFormState, found);
};

async function draftFor(state: ComposerFormState, signer: Account): Promise<TransactionDraft> {
  const modules = await new QueryClient().fetchQuery(
    composerQueries.modules(
      network,
      state.moduleAddress === '0x4' ? `0x${'4'.padStart(64, '0')}` : `0x${'1'.padStart(64, '0')}`,
    ),
  );
  const fn: MoveFunction | undefined = modules
    .find((module) => module.name === state.moduleName)
    ?.exposed_functions.find((candidate) => candidate.name === state.functionName);
  if (!fn) throw new Error(`no ABI for ${state.moduleName}::${state.functionName}`);
  const { result } = evaluateForm({ state, fn, sender: long(signer), abiProblem: null });
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.draft;
}

async function run(draft: TransactionDraft, signer: Account) {
  const transaction = await aptos.transaction.build.simple({
    sender: draft.sender,
    data: {
      function: draft.payload.function,
      typeArguments: draft.payload.typeArguments,
      functionArguments: draft.payload.functionArguments,
    },
    options: { maxGasAmount: Number(draft.options.maxGasAmount) },
  });
  const pending = await aptos.signAndSubmitTransaction({ signer, transaction });
  return aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false, timeoutSecs: 10 },
  });
}

describe('parseIndexerJson', () => {
  it('keeps every number as its exact decimal text, strings and escapes untouched', () => {
    expect(
      parseIndexerJson(
        '{"amount":18446744073709551615,"decimals":8,"n":-1.5e3,"s":"a \\"12\\" 3","ok":true,"x":null,"list":[1,2]}',
      ),
    ).toEqual({
      amount: '18446744073709551615',
      decimals: '8',
      n: '-1.5e3',
      s: 'a "12" 3',
      ok: true,
      x: null,
      list: ['1', '2'],
    });
  });

  it('reads whole numbers as decimal text, 1.0 included, and refuses fractions', () => {
    expect(decimalText('18446744073709551616')).toBe('18446744073709551616');
    expect(decimalText('100.000')).toBe('100');
    expect(decimalText(null)).toBe('0');
    expect(() => decimalText('1.5')).toThrow(/printed 1\.5 where a whole number was expected/);
    expect(() => decimalText('1e21')).toThrow(IndexerQueryError);
  });

  it('formats balances by their metadata, past 2^53, and says when metadata is missing', () => {
    expect(
      toFungibleBalances([
        {
          asset_type: '0xbeef',
          amount: '123456789012345678901',
          is_primary: true,
          storage_id: '0xs',
          metadata: { name: 'Big', symbol: 'BIG', decimals: '18' },
        },
        { asset_type: '0xf00', amount: '42', is_primary: false, storage_id: null, metadata: null },
      ]).map(({ amount, formatted, decimals, isPrimary }) => ({
        amount,
        formatted,
        decimals,
        isPrimary,
      })),
    ).toEqual([
      {
        amount: '123456789012345678901',
        formatted: '123.456789012345678901 BIG',
        decimals: 18,
        isPrimary: true,
      },
      {
        amount: '42',
        formatted: '42 (smallest units; no metadata)',
        decimals: null,
        isPrimary: false,
      },
    ]);
  });
});

describe('digital-asset templates on the embedded chain, in order', { timeout: 30_000 }, () => {
  let tokenAddress = '';

  it('before anything: no collection, no token', async () => {
    await expect(
      queryClient.fetchQuery(tokenQueries.accountCollections(network, long(creator))),
    ).resolves.toEqual([]);
    await expect(
      queryClient.fetchQuery(tokenQueries.accountTokens(network, long(creator))),
    ).resolves.toEqual([]);
  });

  it('create a collection: the create_collection payload, committed', async () => {
    const draft = await draftFor(template('create-collection'), creator);
    expect(draft.payload).toEqual({
      function: '0x4::aptos_token::create_collection',
      typeArguments: [],
      functionArguments: [
        'A collection created in Transaction Workbench',
        '100',
        TEMPLATE_COLLECTION,
        'https://aptos.dev/collection.json',
        true,
        true,
        true,
        true,
        true,
        true,
        true,
        true,
        true,
        '0',
        '1',
      ],
    });
    const result = await run(draft, creator);
    expect(result.vm_status).toBe('Executed successfully');
    const collections = await queryClient.fetchQuery(
      tokenQueries.accountCollections(network, long(creator)),
    );
    expect(collections).toMatchObject([
      { name: TEMPLATE_COLLECTION, supply: '0', maxSupply: '100' },
    ]);
    expect(collections[0]?.collectionAddress).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('mint a token: the mint payload (empty property vectors), committed, listed with its collection', async () => {
    const state = template('mint-token');
    expect(tokenTemplateKind(state)).toBe('mint');
    const draft = await draftFor(state, creator);
    expect(draft.payload.function).toBe('0x4::aptos_token::mint');
    expect(draft.payload.functionArguments).toEqual([
      TEMPLATE_COLLECTION,
      'A token minted in Transaction Workbench',
      'Workbench token',
      'https://aptos.dev/token.json',
      [],
      [],
      [],
    ]);
    expect((await run(draft, creator)).vm_status).toBe('Executed successfully');
    const tokens = await queryClient.fetchQuery(tokenQueries.accountTokens(network, long(creator)));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({
      name: 'Workbench token',
      collectionName: TEMPLATE_COLLECTION,
      amount: '1',
      owner: long(creator),
      standard: 'v2',
    });
    tokenAddress = tokens[0]?.tokenAddress ?? '';
    expect(tokenAddress).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('transfer a token: needs the token address, then moves it to the root account', async () => {
    const blank = template('transfer-token');
    expect(tokenTemplateKind(blank)).toBe('transfer');
    await expect(draftFor(blank, creator)).rejects.toThrow(/Argument 1/);
    const picked = { ...blank, arguments: [tokenAddress, blank.arguments[1] ?? ''] };
    // A picked token keeps the template selected.
    expect(matchingTemplate(picked)?.id).toBe('transfer-token');
    const draft = await draftFor(picked, creator);
    expect(draft.payload).toEqual({
      function: '0x1::object::transfer',
      typeArguments: ['0x4::token::Token'],
      functionArguments: [tokenAddress, localnet.rootAddress],
    });
    expect((await run(draft, creator)).vm_status).toBe('Executed successfully');
    await expect(
      queryClient.fetchQuery({
        ...tokenQueries.accountTokens(network, long(creator)),
        staleTime: 0,
      }),
    ).resolves.toEqual([]);
    const rootTokens = await queryClient.fetchQuery(
      tokenQueries.accountTokens(network, localnet.rootAddress),
    );
    expect(rootTokens.map((token) => token.tokenAddress)).toContain(tokenAddress);
    expect(rootTokens.find((token) => token.tokenAddress === tokenAddress)?.owner).toBe(
      localnet.rootAddress,
    );
  });

  it('fungible balances: APT with its symbol and decimals, amount exact', async () => {
    const balances = await queryClient.fetchQuery(
      tokenQueries.fungibleBalances(network, long(creator)),
    );
    const apt = balances.find((balance) => balance.symbol === 'APT');
    const onChain = await aptos.view<[string]>({
      payload: {
        function: '0x1::coin::balance',
        typeArguments: ['0x1::aptos_coin::AptosCoin'],
        functionArguments: [long(creator)],
      },
    });
    expect(apt).toMatchObject({ decimals: 8, amount: String(onChain[0]) });
    expect(apt?.formatted).toMatch(/^0\.9\d* APT$/);
  });
});

describe('the indexer unavailable or refusing', () => {
  it('no indexer URL: says so, naming the network', async () => {
    const { indexer: _none, ...withoutIndexer } = network;
    const error = await queryIndexer({
      network: withoutIndexer,
      query: '{ ledger_infos { chain_id } }',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IndexerUnavailableError);
    expect((error as Error).message).toMatch(
      /^Indexer unavailable: the Local \(embedded chain\) network has no indexer URL/,
    );
  });

  it('an unreachable indexer: says "Indexer unavailable" with its URL', async () => {
    const error = await queryIndexer({
      network: { ...network, kind: 'testnet', indexer: 'http://127.0.0.1:9/v1/graphql' },
      query: '{ ledger_infos { chain_id } }',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IndexerUnavailableError);
    expect((error as Error).message).toMatch(
      /^Indexer unavailable: the Testnet indexer at http:\/\/127\.0\.0\.1:9\/v1\/graphql cannot be reached/,
    );
  });

  it("a GraphQL error: the indexer's message", async () => {
    const error = await queryIndexer({ network, query: '{ no_such_table { x } }' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(IndexerQueryError);
    expect((error as Error).message).toMatch(/no_such_table/);
  });
});
