/**
 * Every transaction kind (issue 16) through the headless runner against the embedded chain, and
 * the multi-signer failures with the codes a real node gives, each explained.
 */
import {
  Account,
  AccountAddress,
  AccountAuthenticatorNoAccountAuthenticator,
  Ed25519PrivateKey,
  MultiEd25519Account,
  MultiEd25519PublicKey,
  MultiKey,
  MultiKeyAccount,
  Secp256k1PrivateKey,
  SigningSchemeInput,
} from '@aptos-labs/ts-sdk';
import type { Aptos, Ed25519Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAptos, createHeadlessSession, runHeadless } from '../../cli/headless';
import type { HeadlessOptions } from '../../cli/headless';
import { startLocalnet } from '../../localnet/index';
import type { Localnet } from '../../localnet/index';
import { classifyOutcome } from '../../machines';
import type { TransactionContext } from '../../machines';

let localnet: Localnet;
let aptos: Aptos;
let alice: Ed25519Account;
let bob: Ed25519Account;
let sponsor: Ed25519Account;
let base: Omit<HeadlessOptions, 'payload'>;

const recipient = () => Account.generate().accountAddress.toString();
const transfer = (to: string, amount: string) => ({
  function: '0x1::aptos_account::transfer' as const,
  functionArguments: [to, amount],
});
const storeBoth = (value: string) => ({
  function:
    `${localnet.playgroundAddress}::playground::store_value_both` as `${string}::${string}::${string}`,
  functionArguments: [value],
});
/** Long form: the node's JSON writes addresses short. */
const long = (address: string | undefined) => AccountAddress.from(address ?? '0x0').toString();
const balance = (account: Account) =>
  aptos.getAccountAPTAmount({ accountAddress: account.accountAddress });

/** Runs to an outcome and hands back the machine's final context with the record. */
async function run(
  options: Omit<HeadlessOptions, 'nodeUrl' | 'privateKey'> & Partial<HeadlessOptions>,
) {
  const session = await createHeadlessSession({ ...base, ...options });
  try {
    if (options.simulation === 'skip') {
      session.send({ type: 'build' });
      await session.settle();
      session.send({ type: 'sign' });
      await session.settle();
    }
    session.send({ type: 'run' });
    let snapshot = await session.settle();
    if (options.simulation === 'submitAnyway' && snapshot.matches({ simulated: 'failure' })) {
      session.send({ type: 'run' });
      snapshot = await session.settle();
    }
    return { state: session.record().state, context: snapshot.context as TransactionContext };
  } finally {
    session.stop();
  }
}

beforeAll(async () => {
  localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
  aptos = createAptos({
    nodeUrl: localnet.urls.rest,
    faucetUrl: localnet.urls.faucet,
    indexerUrl: localnet.urls.indexer,
  });
  alice = Account.generate();
  bob = Account.generate();
  sponsor = Account.generate();
  for (const account of [alice, bob, sponsor]) {
    await aptos.fundAccount({ accountAddress: account.accountAddress, amount: 1_000_000_000 });
  }
  base = {
    nodeUrl: localnet.urls.rest,
    networkName: 'local',
    privateKey: alice.privateKey.toAIP80String(),
    aptos,
  };
}, 60_000);

afterAll(async () => {
  await localnet?.stop();
});

describe('every kind commits through the headless runner', { timeout: 60_000 }, () => {
  it('sponsored: the fee payer pays the gas, the sender only the amount', async () => {
    const [aliceBefore, sponsorBefore] = [await balance(alice), await balance(sponsor)];
    const { state, context } = await run({
      payload: transfer(recipient(), '1000'),
      signers: { feePayer: sponsor },
    });
    expect(state).toBe('committed');
    expect(context.built?.kind).toBe('sponsored');
    expect(context.signatures.map((s) => [s.role, s.address, s.verified])).toEqual([
      ['sender', alice.accountAddress.toString(), true],
      ['feePayer', sponsor.accountAddress.toString(), true],
    ]);
    expect(long(context.simulation?.feePaidBy)).toBe(sponsor.accountAddress.toString());
    expect(long(context.committed?.feePaidBy)).toBe(sponsor.accountAddress.toString());
    const fee = BigInt(context.committed?.gasUsed ?? '0') * 100n;
    expect(await balance(alice)).toBe(aliceBefore - 1000);
    expect(BigInt(await balance(sponsor))).toBe(BigInt(sponsorBefore) - fee);
  });

  it('sponsored, the fee payer signing later: built with 0x0, the fee payer signs last', async () => {
    const { state, context } = await run({
      payload: transfer(recipient(), '1000'),
      signers: { feePayer: sponsor, feePayerSignsLater: true },
    });
    expect(state).toBe('committed');
    expect(context.built?.feePayerAddress).toBe('0x0');
    expect(context.built?.signers?.at(-1)).toEqual({ role: 'feePayer', address: null, index: 1 });
    expect(context.signatures.at(-1)?.address).toBe(sponsor.accountAddress.toString());
    expect(long(context.committed?.feePaidBy)).toBe(sponsor.accountAddress.toString());
  });

  it('multi-agent: two signers call a function taking both', async () => {
    const { state, context } = await run({
      payload: storeBoth('77'),
      signers: { secondary: [bob] },
    });
    expect(state).toBe('committed');
    expect(context.built?.kind).toBe('multiAgent');
    expect(context.signatures.map((s) => s.role)).toEqual(['sender', 'secondary']);
    for (const owner of [alice, bob]) {
      const [value] = await aptos.view({
        payload: {
          function: `${localnet.playgroundAddress}::playground::get_value`,
          functionArguments: [owner.accountAddress],
        },
      });
      expect(value).toBe('77');
    }
  });

  it('multi-agent and sponsored: three signers, the fee payer pays', async () => {
    const sponsorBefore = await balance(sponsor);
    const { state, context } = await run({
      payload: storeBoth('78'),
      signers: { secondary: [bob], feePayer: sponsor },
    });
    expect(state).toBe('committed');
    expect(context.built?.kind).toBe('multiAgentSponsored');
    expect(context.signatures.map((s) => s.role)).toEqual(['sender', 'secondary', 'feePayer']);
    expect(await balance(sponsor)).toBeLessThan(sponsorBefore);
  });

  it('a 2-of-3 multi-Ed25519 account sends a transfer, signed with two keys', async () => {
    const keys = [0, 1, 2].map(() => Ed25519PrivateKey.generate());
    const publicKey = new MultiEd25519PublicKey({
      publicKeys: keys.map((key) => key.publicKey()),
      threshold: 2,
    });
    const [first, , third] = keys;
    if (first === undefined || third === undefined) throw new Error('three keys');
    const account = new MultiEd25519Account({ publicKey, signers: [first, third] });
    await aptos.fundAccount({ accountAddress: account.accountAddress, amount: 100_000_000 });
    const { state, context } = await run({
      privateKey: account,
      payload: transfer(recipient(), '1000'),
      signers: { feePayer: sponsor },
    });
    expect(state).toBe('committed');
    expect(context.signatures[0]).toMatchObject({
      keyType: 'multiEd25519',
      signatureCount: 2,
      verified: true,
    });
  });

  it('a multi-key account (Ed25519 and Secp256k1, 2 of 3) signs as a secondary signer', async () => {
    const ed = Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false });
    const secp = Account.fromPrivateKey({ privateKey: Secp256k1PrivateKey.generate() });
    const third = Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false });
    const multiKey = new MultiKey({
      publicKeys: [ed.publicKey, secp.publicKey, third.publicKey],
      signaturesRequired: 2,
    });
    const account = new MultiKeyAccount({ multiKey, signers: [ed, secp] });
    await aptos.fundAccount({ accountAddress: account.accountAddress, amount: 100_000_000 });
    const record = await runHeadless({
      ...base,
      payload: storeBoth('79'),
      signers: { secondary: [account] },
    });
    expect(record.state).toBe('committed');
  });
});

describe('multi-signer failures, as a node reports them', { timeout: 60_000 }, () => {
  it('a fee payer too poor: the simulation fails, explained; submitting is refused with code 5', async () => {
    const poor = Account.generate();
    await aptos.fundAccount({ accountAddress: poor.accountAddress, amount: 100 });
    const stopped = await run({ payload: transfer(recipient(), '1'), signers: { feePayer: poor } });
    expect(stopped.state).toBe('simulated.failure');
    expect(stopped.context.outcome?.details.summary).toContain(
      `the fee payer ${poor.accountAddress.toString()} cannot pay`,
    );
    const { state, context } = await run({
      payload: transfer(recipient(), '1'),
      signers: { feePayer: poor },
      simulation: 'submitAnyway',
    });
    expect(state).toBe('submitRejected');
    expect(context.outcome?.details).toMatchObject({
      vmErrorCode: 5,
      vmErrorName: 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE',
    });
    expect(context.outcome?.details.summary).toContain('fund the fee payer');
  });

  it('a secondary signer without an account: SENDING_ACCOUNT_DOES_NOT_EXIST (7), named', async () => {
    const ghost = Account.generate();
    const { state, context } = await run({
      payload: storeBoth('1'),
      signers: { secondary: [ghost] },
      simulation: 'submitAnyway',
    });
    expect(state).toBe('submitRejected');
    expect(context.outcome?.details.vmErrorCode).toBe(7);
    expect(context.outcome?.details.summary).toContain(ghost.accountAddress.toString());
  });

  it('a signature by the wrong key: INVALID_AUTH_KEY (2)', async () => {
    const impostor = Account.fromPrivateKey({
      privateKey: Ed25519PrivateKey.generate(),
      address: bob.accountAddress,
    });
    const { state, context } = await run({
      payload: storeBoth('1'),
      signers: { secondary: [impostor] },
      simulation: 'submitAnyway',
    });
    expect(state).toBe('submitRejected');
    expect(context.outcome?.details.vmErrorCode).toBe(2);
    expect(context.outcome?.details.summary).toContain('wrong key');
  });

  it('too many signatures: 33 across sender and secondary signers is INVALID_SIGNATURE (1)', async () => {
    const many = Array.from({ length: 32 }, () => Account.generate());
    const { state, context } = await run({
      payload: storeBoth('1'),
      signers: { secondary: many },
      simulation: 'skip',
    });
    expect(state).toBe('submitRejected');
    expect(context.outcome?.details.vmErrorCode).toBe(1);
    expect(context.outcome?.details.summary).toContain('too many signatures');
  });

  it('a missing signature (no authenticator for the fee payer): INVALID_SIGNATURE (1)', async () => {
    const transaction = await aptos.transaction.build.simple({
      sender: alice.accountAddress,
      data: transfer(recipient(), '1'),
      withFeePayer: true,
    });
    transaction.feePayerAddress = sponsor.accountAddress;
    const senderAuthenticator = aptos.transaction.sign({ signer: alice, transaction });
    const error: unknown = await aptos.transaction.submit
      .simple({
        transaction,
        senderAuthenticator,
        feePayerAuthenticator: new AccountAuthenticatorNoAccountAuthenticator(),
      })
      .catch((thrown: unknown) => thrown);
    const senderSlot = {
      role: 'sender' as const,
      address: alice.accountAddress.toString(),
      index: 0,
    };
    const feePayerSlot = {
      role: 'feePayer' as const,
      address: sponsor.accountAddress.toString(),
      index: 1,
    };
    const slots = [senderSlot, feePayerSlot];
    const { state, details } = classifyOutcome({
      step: 'submit',
      produced: { error },
      signers: slots,
      signatures: [
        { ...senderSlot, authenticatorHex: '0x00', hash: null, keyType: 'ed25519' },
        { ...feePayerSlot, authenticatorHex: '0x04', hash: null, keyType: 'none' },
      ],
    });
    expect(state).toBe('submitRejected');
    expect(details.vmErrorCode).toBe(1);
    expect(details.summary).toContain(
      `the signature of the second signer (fee payer ${sponsor.accountAddress.toString()}) is missing`,
    );
  });
});
