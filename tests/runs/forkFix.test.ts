/**
 * "Try a fix" on a fork (issue 34), its pure parts: another sender's simulation bytes (its
 * address and sequence number, no public key; a multi-agent transaction refused by name), the
 * comparison's balance changes from that sender, the account read at the state's version, the
 * command line's `--arg i=value` replacements and its fix flags, and the fix's run in History.
 */
import {
  Account,
  AccountAddress,
  AccountAuthenticatorNoAccountAuthenticator,
  Deserializer,
  Ed25519PrivateKey,
  MultiAgentTransaction,
  RawTransaction,
  SignedTransaction,
  SimpleTransaction,
  TransactionAuthenticatorEd25519,
  TransactionAuthenticatorMultiAgent,
  TransactionAuthenticatorSingleSender,
  TransactionPayloadEntryFunction,
  EntryFunction,
  U64,
  ChainId,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { checkFix } from '../../cli/forkReplay';
import { UsageError } from '../../cli/options';
import type { ExecutionFacts } from '../../replay/executionDiff';
import { argumentsWithReplacements, modifiedSignedTransaction } from '../../replay/forkFix';
import { absentSenderError, accountAtVersion, compareWithCommitted } from '../../replay/forkReplay';
import { forkRun } from '../../replay/forkRun';
import { factsOf } from '../../replay/resimulate';
import { parseRunFile, serializeRunFile } from '../../schemas/runFile';

const alice = Account.fromPrivateKey({
  privateKey: new Ed25519PrivateKey(new Uint8Array(32).fill(7)),
});
const carol = `0x${'c4'.repeat(32)}`;

const raw = new RawTransaction(
  alice.accountAddress,
  5n,
  new TransactionPayloadEntryFunction(
    EntryFunction.build(
      '0x1::aptos_account',
      'transfer',
      [],
      [AccountAddress.fromString('0xb0b', { maxMissingChars: 63 }), new U64(9n)],
    ),
  ),
  50n,
  100n,
  4_000_000_000n,
  new ChainId(4),
);

function signedBy(rawTxn: RawTransaction): SignedTransaction {
  const signature = alice.signTransaction(new SimpleTransaction(rawTxn));
  return new SignedTransaction(
    rawTxn,
    new TransactionAuthenticatorEd25519(alice.publicKey as never, signature as never),
  );
}

const read = (bytes: Uint8Array) => SignedTransaction.deserialize(new Deserializer(bytes));

describe('another sender', () => {
  it('sends the same payload from its account with its sequence number, without a public key', () => {
    const signed = signedBy(raw);
    const bytes = modifiedSignedTransaction(signed, { maxGasAmount: '2000' }, undefined, {
      address: carol,
      sequenceNumber: '12',
    });
    const tx = read(bytes);
    expect(tx.raw_txn.sender.toStringLong()).toBe(carol);
    expect(tx.raw_txn.sequence_number).toBe(12n);
    expect(tx.raw_txn.max_gas_amount).toBe(2000n);
    expect(tx.raw_txn.payload.bcsToHex().toString()).toBe(raw.payload.bcsToHex().toString());
    expect(tx.raw_txn.expiration_timestamp_secs).toBe(raw.expiration_timestamp_secs);
    // Carol's key is unknown: the simulation form without one (its auth key is not checked).
    expect(tx.authenticator).toBeInstanceOf(TransactionAuthenticatorSingleSender);
    expect((tx.authenticator as TransactionAuthenticatorSingleSender).sender).toBeInstanceOf(
      AccountAuthenticatorNoAccountAuthenticator,
    );
  });

  it('keeps the sender, its sequence number and its public key without one', () => {
    const tx = read(modifiedSignedTransaction(signedBy(raw), { gasUnitPrice: '150' }));
    expect(tx.raw_txn.sender.toStringLong()).toBe(alice.accountAddress.toStringLong());
    expect(tx.raw_txn.sequence_number).toBe(5n);
    expect(tx.authenticator).toBeInstanceOf(TransactionAuthenticatorEd25519);
  });

  it('refuses a multi-agent transaction, saying which signer another sender would replace', () => {
    const multi = new MultiAgentTransaction(raw, [
      AccountAddress.fromString('0xb0b', { maxMissingChars: 63 }),
    ]);
    const auth = alice.signTransactionWithAuthenticator(multi);
    const signed = new SignedTransaction(
      raw,
      new TransactionAuthenticatorMultiAgent(
        auth,
        [AccountAddress.fromString('0xb0b', { maxMissingChars: 63 })],
        [auth],
      ),
    );
    expect(() =>
      modifiedSignedTransaction(signed, {}, undefined, { address: carol, sequenceNumber: '0' }),
    ).toThrow(/Another sender replaces the only signer .* multi-agent, sponsored or multi-key/);
    expect(() =>
      modifiedSignedTransaction(signed, {}, undefined, { address: carol, sequenceNumber: 'x' }),
    ).toThrow('sequenceNumber must be a whole number');
  });
});

describe('the comparison from another sender', () => {
  const committed = {
    version: '42',
    hash: `0x${'ab'.repeat(32)}`,
    sender: alice.accountAddress.toStringLong(),
    sequence_number: '5',
    max_gas_amount: '50',
    gas_unit_price: '100',
    gas_used: '10',
    success: false,
    vm_status: 'Move abort',
    payload: {
      type: 'entry_function_payload',
      function: '0x1::aptos_account::transfer',
      type_arguments: [],
      arguments: ['0xb0b', '9'],
    },
    events: [],
    changes: [],
  } as unknown as UserTransactionResponse;
  const replayed: ExecutionFacts = {
    ...factsOf(committed),
    success: true,
    vmStatus: 'Executed successfully',
    gasUsed: '20',
  };

  it('charges the fee to that sender', () => {
    const rows = compareWithCommitted({ committed, replayed, sender: carol }).rows;
    const balances = rows.find((row) => row.aspect === 'balance changes');
    expect(balances?.original).toEqual([`${alice.accountAddress.toStringLong()} -1000`]);
    expect(balances?.now).toEqual([`${carol} -2000`]);
  });

  it('is a run whose draft has that sender and sequence number (schema-valid)', () => {
    const run = forkRun({
      id: 'fix-1',
      startedAt: 1,
      retryOf: 'replay-1',
      committed,
      replayed,
      comparison: compareWithCommitted({ committed, replayed, sender: carol }),
      place: { networkName: 'testnet', chainId: 2, upstream: 'https://x/v1', forkVersion: '42' },
      mode: 'modified',
      changes: { sender: carol, sequenceNumber: '12' },
      nativeFramework: [],
    });
    const [loaded] = parseRunFile(serializeRunFile([run])).runs;
    expect(loaded?.draft.sender).toBe(carol);
    expect(loaded?.draft.options.sequenceNumber).toBe('12');
    expect(loaded?.forkReplay?.changes).toEqual({ sender: carol, sequenceNumber: '12' });
    expect(loaded?.outcome?.details.summary).toContain('(sender 0xc4c4…c4c4, sequenceNumber 12)');
  });
});

describe('the account at the state a fix runs on', () => {
  it('reads its Account resource at that ledger version, or null when it has none', async () => {
    const urls: string[] = [];
    const fetcher = (async (url: string) => {
      urls.push(url);
      return url.includes(carol)
        ? Response.json({
            type: '0x1::account::Account',
            data: { sequence_number: '12', authentication_key: carol },
          })
        : Response.json(
            { message: 'Resource not found', error_code: 'resource_not_found' },
            { status: 404 },
          );
    }) as typeof fetch;
    const at = { forkUrl: 'http://127.0.0.1:8080/v1', ledgerVersion: '41', fetch: fetcher };
    expect(await accountAtVersion({ ...at, address: carol })).toEqual({
      sequenceNumber: '12',
      authenticationKey: carol,
    });
    expect(urls[0]).toBe(
      `http://127.0.0.1:8080/v1/accounts/${carol}/resource/0x1::account::Account?ledger_version=41`,
    );
    expect(await accountAtVersion({ ...at, address: '0xdead' })).toBeNull();
    expect(absentSenderError('0xdead', '41')).toMatchObject({
      code: 'sender_absent',
      message: '0xdead has no account at version 41, the state the fix runs on.',
    });
  });

  it('says a pruned state is pruned', async () => {
    const fetcher = (async () =>
      Response.json(
        { message: 'Ledger version 41 is pruned' },
        { status: 410 },
      )) as unknown as typeof fetch;
    await expect(
      accountAtVersion({
        forkUrl: 'http://f/v1',
        address: carol,
        ledgerVersion: '41',
        fetch: fetcher,
      }),
    ).rejects.toMatchObject({ code: 'version_pruned' });
  });
});

describe('the command line’s fix', () => {
  it('replaces arguments by index, JSON or as written, numbers as decimal strings', () => {
    expect(argumentsWithReplacements(['0xb0b', '9', true], ['1=1000', '2=false'])).toEqual([
      '0xb0b',
      '1000',
      false,
    ]);
    expect(argumentsWithReplacements(['0xb0b', ['1']], ['0=0xc4', '1=[2,3]'])).toEqual([
      '0xc4',
      ['2', '3'],
    ]);
    expect(() => argumentsWithReplacements(['0xb0b'], ['1=2'])).toThrow(
      '--arg 1=2: the function takes 1 argument (0 to 0).',
    );
    expect(() => argumentsWithReplacements(['0xb0b'], ['x'])).toThrow('write i=value');
  });

  it('checks its flags before forking: whole numbers, the relaxed address form', () => {
    expect(checkFix({})).toBeNull();
    expect(checkFix({ maxGas: '200000', sender: '0xC4', args: ['1=5'] })).toEqual({
      maxGas: '200000',
      sender: `0x${'0'.repeat(62)}c4`,
      args: ['1=5'],
    });
    expect(checkFix({ sender: 'c4'.repeat(32) })?.sender).toBe(carol);
    expect(() => checkFix({ sender: 'b0b' })).toThrow(UsageError);
    expect(() => checkFix({ gasPrice: '1.5' })).toThrow('--gas-price 1.5: a whole number');
  });
});
