/**
 * The composer's drafts against the real ts-sdk: every template is built, signed and committed on
 * the embedded chain with the module ABIs the chain serves, and each Move type's draft value is
 * checked against the BCS the SDK's entry-function builder produces.
 */
import {
  Account,
  Bool,
  Ed25519PrivateKey,
  generateTransactionPayloadWithABI,
  MoveOption,
  MoveString,
  MoveVector,
  parseTypeTag,
  U128,
  U16,
  U256,
  U32,
  U64,
  U8,
  AccountAddress,
  type Aptos,
  type EntryFunctionArgumentTypes,
  type MoveFunction,
  type TransactionPayloadEntryFunction,
} from '@aptos-labs/ts-sdk';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalnet, type Localnet } from '../../../../localnet/index';
import { createAptos } from '../../../../src/aptos/createAptos';
import {
  defaultFormState,
  evaluateForm,
  type ComposerFormState,
} from '../../../../src/features/compose/composer/composerForm';
import { composerQueries } from '../../../../src/features/compose/composer/composerQueries';
import {
  parseAbiType,
  parseArgument,
  type ByteEncoding,
} from '../../../../src/features/compose/composer/moveArguments';
import {
  applyTemplate,
  composerTemplates,
} from '../../../../src/features/compose/composer/templates';
import { DEFAULT_FUND_AMOUNT } from '../../../../src/devwallet/constants';
import type { NetworkConfig } from '../../../../src/network/networks';
import type { TransactionDraft } from '../../../../machines';

let localnet: Localnet;
let network: NetworkConfig;
let aptos: Aptos;
let root: Account;

beforeAll(async () => {
  localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
  network = {
    kind: 'local',
    fullnode: localnet.urls.rest,
    expectedChainId: 4,
  };
  aptos = createAptos(network);
  root = Account.fromPrivateKey({
    privateKey: new Ed25519PrivateKey(localnet.rootPrivateKeyAip80),
  });
}, 30_000);

afterAll(async () => {
  await localnet?.stop();
});

async function functionAbi(state: ComposerFormState): Promise<MoveFunction> {
  const address = AccountAddress.from(state.moduleAddress, { maxMissingChars: 63 }).toStringLong();
  const modules = await new QueryClient().fetchQuery(composerQueries.modules(network, address));
  const fn = modules
    .find((module) => module.name === state.moduleName)
    ?.exposed_functions.find((candidate) => candidate.name === state.functionName);
  if (!fn) throw new Error(`no ABI for ${state.moduleName}::${state.functionName}`);
  return fn;
}

async function draftFor(
  state: ComposerFormState,
  signer: Account = root,
): Promise<TransactionDraft> {
  const fn = await functionAbi(state);
  const { result } = evaluateForm({
    state,
    fn,
    sender: signer.accountAddress.toStringLong(),
    abiProblem: null,
  });
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.draft;
}

async function run(draft: TransactionDraft, signer: Account = root) {
  const transaction = await aptos.transaction.build.simple({
    sender: draft.sender,
    data: {
      function: draft.payload.function,
      typeArguments: draft.payload.typeArguments,
      functionArguments: draft.payload.functionArguments,
    },
    options: {
      maxGasAmount: Number(draft.options.maxGasAmount),
      expireTimestamp: Math.floor(Date.now() / 1000) + (draft.options.expirationSecs ?? 20),
    },
  });
  const pending = await aptos.signAndSubmitTransaction({ signer, transaction });
  return aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false, timeoutSecs: 10 },
  });
}

const template = (id: string) => {
  const found = composerTemplates.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no template ${id}`);
  return applyTemplate(defaultFormState, found);
};

describe('composer drafts on the embedded chain', { timeout: 30_000 }, () => {
  it('the APT transfer template commits', async () => {
    const draft = await draftFor(template('transfer'));
    expect(draft.payload).toEqual({
      function: '0x1::aptos_account::transfer',
      typeArguments: [],
      functionArguments: [localnet.rootAddress, '10000000'],
    });
    const result = await run(draft);
    expect(result.success).toBe(true);
  });

  it('the default form commits from an account given what one faucet funding gives', async () => {
    const fresh = Account.generate();
    const funding = await run({
      sender: root.accountAddress.toStringLong(),
      payload: {
        function: '0x1::aptos_account::transfer',
        typeArguments: [],
        functionArguments: [fresh.accountAddress.toStringLong(), String(DEFAULT_FUND_AMOUNT)],
      },
      options: { maxGasAmount: '200000' },
    });
    expect(funding.success).toBe(true);
    const draft = await draftFor(defaultFormState, fresh);
    const result = await run(draft, fresh);
    expect(result.success).toBe(true);
  });

  it('the too-much transfer template fails in simulation with insufficient balance', async () => {
    const draft = await draftFor(template('transfer-too-much'));
    const transaction = await aptos.transaction.build.simple({
      sender: draft.sender,
      data: {
        function: draft.payload.function,
        functionArguments: draft.payload.functionArguments,
      },
    });
    const [simulated] = await aptos.transaction.simulate.simple({ transaction });
    expect(simulated.success).toBe(false);
    expect(simulated.vm_status).toMatch(/INSUFFICIENT_BALANCE/);
  });

  it('the batch transfer template commits (vector<address>, vector<u64>)', async () => {
    const draft = await draftFor(template('batch-transfer'));
    expect(draft.payload.functionArguments).toEqual([
      [localnet.rootAddress, `0x${'b0b'.padStart(64, '0')}`],
      ['10000000', '20000000'],
    ]);
    expect((await run(draft)).success).toBe(true);
  });

  it('playground templates use the long form of 0xcafe and reach their outcomes', async () => {
    const abort = await draftFor(template('abort'));
    expect(abort.payload.function).toBe(`${localnet.playgroundAddress}::playground::abort_with`);
    expect((await run(abort)).vm_status).toMatch(/Move abort in .*playground.*0x2a/);

    const outOfGas = await draftFor(template('out-of-gas'));
    expect(outOfGas.options.maxGasAmount).toBe('200000');
    expect((await run(outOfGas)).vm_status).toBe('Out of gas');

    const events = await run(await draftFor(template('emit-events')));
    expect(events.success).toBe(true);
    expect('events' in events && events.events.length).toBeGreaterThanOrEqual(5);

    expect((await run(await draftFor(template('store-value')))).success).toBe(true);
  });

  it('the SDK refuses the short form 0xcafe in a function id (why the composer emits the long one)', async () => {
    await expect(
      aptos.transaction.build.simple({
        sender: root.accountAddress,
        data: { function: '0xcafe::playground::store_value', functionArguments: ['1'] },
      }),
    ).rejects.toThrow(/too short/i);
  });

  it('Object<T> with a generic type argument builds against the remote ABI', async () => {
    const state: ComposerFormState = {
      ...defaultFormState,
      moduleAddress: '0x1',
      moduleName: 'primary_fungible_store',
      functionName: 'transfer',
      typeArguments: ['0x1::fungible_asset::Metadata'],
      arguments: ['0xa', '0xb0b', '5'],
    };
    const draft = await draftFor(state);
    expect(draft.payload.functionArguments).toEqual([
      `0x${'a'.padStart(64, '0')}`,
      `0x${'b0b'.padStart(64, '0')}`,
      '5',
    ]);
    expect((await run(draft)).success).toBe(true);
  });
});

describe("each Move type's draft value builds the BCS the SDK would", () => {
  const cases: Array<[string, string, EntryFunctionArgumentTypes, ByteEncoding?]> = [
    ['bool', 'true', new Bool(true)],
    ['address', '0xb0b', AccountAddress.from('0xb0b', { maxMissingChars: 63 })],
    ['u8', '255', new U8(255)],
    ['u16', '65535', new U16(65535)],
    ['u32', '4294967295', new U32(4294967295)],
    ['u64', '18446744073709551615', new U64(2n ** 64n - 1n)],
    ['u128', (2n ** 128n - 1n).toString(), new U128(2n ** 128n - 1n)],
    ['u256', (2n ** 256n - 1n).toString(), new U256(2n ** 256n - 1n)],
    ['vector<u8>', '0x00ff10', MoveVector.U8(new Uint8Array([0, 255, 16]))],
    ['vector<u8>', 'hé', MoveVector.U8(new Uint8Array([104, 195, 169])), 'utf8'],
    ['vector<u64>', '1, 2', MoveVector.U64([1n, 2n])],
    [
      'vector<vector<u8>>',
      '0x01\n0x',
      new MoveVector([MoveVector.U8(new Uint8Array([1])), MoveVector.U8(new Uint8Array([]))]),
    ],
    ['0x1::string::String', 'hello, world', new MoveString('hello, world')],
    [
      '0x1::object::Object<0x1::fungible_asset::Metadata>',
      '0xa',
      AccountAddress.from('0xa', { maxMissingChars: 63 }),
    ],
    ['0x1::option::Option<u64>', '', new MoveOption<U64>(null)],
    ['0x1::option::Option<u64>', '7', new MoveOption(new U64(7n))],
    ['0x1::option::Option<0x1::string::String>', 'x', new MoveOption(new MoveString('x'))],
  ];

  it.each(cases)('%s from %j', (abiType, text, expected, encoding) => {
    const parsed = parseArgument({ type: parseAbiType(abiType), text, encoding });
    if (!parsed.ok) throw new Error(parsed.error);
    const payload = generateTransactionPayloadWithABI({
      function: '0x1::composer::check',
      functionArguments: [parsed.value as never],
      abi: { signers: 1, typeParameters: [], parameters: [parseTypeTag(abiType)] },
    }) as TransactionPayloadEntryFunction;
    const [argument] = payload.entryFunction.args;
    expect(argument.bcsToHex().toString()).toBe(expected.bcsToHex().toString());
  });
});
