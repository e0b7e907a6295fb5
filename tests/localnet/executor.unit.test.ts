/**
 * The executor in process (localnet/executor/execute.ts): the validation prologue with each status
 * at its edge and in LOCALNET.md's order, every signer's signature, execution outcomes (success,
 * abort, VM failures, out of gas, a fee the call spent), the fee statement and the writes, views.
 * No HTTP: transactions are signed offline and run against a state map from genesis.
 */
import {
  Account,
  AccountAddress,
  AccountAuthenticatorNoAccountAuthenticator,
  Ed25519PrivateKey,
  generateSignedTransaction,
  MultiEd25519Account,
  MultiEd25519PublicKey,
  MoveVector,
  SimpleTransaction,
  Bool,
  ChainId,
  RawTransaction,
  Script,
  TransactionPayloadScript,
  TypeTagU64,
  U64,
  U8,
  type Ed25519Account,
} from '@aptos-labs/ts-sdk';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { must } from '../../localnet/encoding.ts';
import { NodeError } from '../../localnet/errors.ts';
import type { LongAddress } from '../../localnet/encoding.ts';
import {
  decodeSignedTransaction,
  type DecodedTransaction,
} from '../../localnet/executor/decode.ts';
import { execute, resolveView, ViewError } from '../../localnet/executor/execute.ts';
import { viewBytecode } from '../../localnet/executor/bytecode.ts';
import {
  validate,
  validationFailureOutput,
  type ValidateOptions,
} from '../../localnet/executor/validate.ts';
import {
  anySignatureVerifies,
  singleEd25519Check,
  verifySignatures,
} from '../../localnet/executor/transactionSignatures.ts';
import { GAS, intrinsicGasUnits } from '../../localnet/executor/gas.ts';
import { StateSizes } from '../../localnet/executor/stateSize.ts';
import { typeTagOf } from '../../localnet/executor/moveValues.ts';
import { accountValue, readAccount, readSupply } from '../../localnet/framework/assets.ts';
import { CHAIN_ID } from '../../localnet/framework/genesis.ts';
import { PLAYGROUND_ADDRESS } from '../../localnet/framework/modules/playground.ts';
import { ROOT_SIGNER } from '../../localnet/framework/root.ts';
import { setModuleSource } from '../../localnet/move/vm/moduleSource.ts';
import { resourceKey } from '../../localnet/storage/types.ts';
import { ModuleBuilder, S } from './move/vmBuilder.ts';
import {
  BLOCK,
  long,
  NOW_SECONDS,
  PLAYGROUND,
  rawTransaction,
  signed,
  signedMulti,
  someone,
  World,
  type RawOptions,
} from './inProcess.ts';

let world: World;
let alice: Ed25519Account;
let bob: Ed25519Account;
beforeEach(() => {
  world = new World();
  alice = Account.generate();
  bob = Account.generate();
  world.fund(alice.accountAddress, 10_000_000_000n);
  world.fund(bob.accountAddress, 10_000_000_000n);
});

const SUBMIT: ValidateOptions = {
  nowSeconds: NOW_SECONDS,
  chainId: CHAIN_ID,
  signatures: 'verify',
  sequence: 'allow_future',
};
const COMMIT: ValidateOptions = { ...SUBMIT, sequence: 'exact' };

function transfer(signer: Account, options: RawOptions = {}, amount = 1n): DecodedTransaction {
  return signed(
    signer,
    rawTransaction(
      signer.accountAddress,
      '0x1::aptos_account::transfer',
      [someone(), new U64(amount)],
      { sequenceNumber: world.sequenceNumber(signer.accountAddress), ...options },
    ),
  );
}

function call(
  signer: Account,
  fn: `${string}::${string}::${string}`,
  args: Parameters<typeof rawTransaction>[2],
  options: RawOptions = {},
): DecodedTransaction {
  return signed(
    signer,
    rawTransaction(signer.accountAddress, fn, args, {
      sequenceNumber: world.sequenceNumber(signer.accountAddress),
      ...options,
    }),
  );
}

describe('validate: each status at its edge', () => {
  it('a well-formed transfer passes both on submit and on commit', () => {
    const tx = transfer(alice);
    expect(validate(tx, world, SUBMIT)).toBeNull();
    expect(validate(tx, world, COMMIT)).toBeNull();
  });

  it('INVALID_SIGNATURE for a forged sender signature (right key, other message); skip ignores it', () => {
    const tx = transfer(alice);
    const other = transfer(alice, {}, 2n);
    const forged = { ...tx, senderSigner: other.senderSigner };
    expect(validate(forged, world, SUBMIT)).toBe('INVALID_SIGNATURE');
    expect(validate(forged, world, { ...SUBMIT, signatures: 'skip' })).toBeNull();
  });

  it('EXCEEDED_MAX_TRANSACTION_SIZE past 64 KiB, not at it', () => {
    const tx = transfer(alice);
    const at = { ...tx, bytes: new Uint8Array(GAS.maxTransactionBytes) };
    const past = { ...tx, bytes: new Uint8Array(GAS.maxTransactionBytes + 1) };
    const skip = { ...SUBMIT, signatures: 'skip' } as const;
    expect(validate(past, world, skip)).toBe('EXCEEDED_MAX_TRANSACTION_SIZE');
    expect(validate(at, world, skip)).toBeNull();
  });

  it('max gas: above the bound is refused, the bound itself accepted', () => {
    expect(validate(transfer(alice, { maxGasAmount: GAS.maxGasAmount + 1n }), world, SUBMIT)).toBe(
      'MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND',
    );
    expect(validate(transfer(alice, { maxGasAmount: GAS.maxGasAmount }), world, SUBMIT)).toBeNull();
  });

  it('max gas: below the intrinsic gas is refused, equal to it accepted', () => {
    const probe = transfer(alice);
    const floor = intrinsicGasUnits(probe.bytes.length);
    expect(floor).toBe(28n);
    expect(validate(transfer(alice, { maxGasAmount: floor - 1n }), world, SUBMIT)).toBe(
      'MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS',
    );
    expect(validate(transfer(alice, { maxGasAmount: floor }), world, SUBMIT)).toBeNull();
  });

  it('gas unit price: above the max and below the min are refused, both bounds accepted', () => {
    const small = { maxGasAmount: 28n };
    expect(
      validate(
        transfer(alice, { ...small, gasUnitPrice: GAS.maxGasUnitPrice + 1n }),
        world,
        SUBMIT,
      ),
    ).toBe('GAS_UNIT_PRICE_ABOVE_MAX_BOUND');
    world.fund(alice.accountAddress, 28n * GAS.maxGasUnitPrice);
    expect(
      validate(transfer(alice, { ...small, gasUnitPrice: GAS.maxGasUnitPrice }), world, SUBMIT),
    ).toBeNull();
    expect(
      validate(transfer(alice, { gasUnitPrice: GAS.minGasUnitPrice - 1n }), world, SUBMIT),
    ).toBe('GAS_UNIT_PRICE_BELOW_MIN_BOUND');
    expect(
      validate(transfer(alice, { gasUnitPrice: GAS.minGasUnitPrice }), world, SUBMIT),
    ).toBeNull();
  });

  it('TRANSACTION_EXPIRED at the chain’s now; one second later is fine', () => {
    expect(validate(transfer(alice, { expirationSecs: NOW_SECONDS }), world, SUBMIT)).toBe(
      'TRANSACTION_EXPIRED',
    );
    expect(validate(transfer(alice, { expirationSecs: NOW_SECONDS - 5n }), world, SUBMIT)).toBe(
      'TRANSACTION_EXPIRED',
    );
    expect(
      validate(transfer(alice, { expirationSecs: NOW_SECONDS + 1n }), world, SUBMIT),
    ).toBeNull();
  });

  it('BAD_CHAIN_ID for another chain', () => {
    expect(validate(transfer(alice, { chainId: CHAIN_ID + 1 }), world, SUBMIT)).toBe(
      'BAD_CHAIN_ID',
    );
  });

  it('INVALID_AUTH_KEY for a valid signature by a key that does not own the account', () => {
    const impostor = Account.fromPrivateKey({
      privateKey: bob.privateKey,
      address: alice.accountAddress,
    });
    const tx = transfer(impostor);
    expect(verifySignatures(tx)).toBe(true);
    expect(validate(tx, world, SUBMIT)).toBe('INVALID_AUTH_KEY');
    // Re-checked at commit without the auth-key step (keys cannot change in between).
    expect(validate(tx, world, { ...COMMIT, authKeys: false })).toBeNull();
    expect(validate(tx, world, { ...COMMIT, authKeys: true })).toBe('INVALID_AUTH_KEY');
    // Simulation skips signatures, not auth keys.
    expect(validate(tx, world, { ...COMMIT, signatures: 'skip' })).toBe('INVALID_AUTH_KEY');
  });

  it('a sender with no account: its key must derive its address', () => {
    const fresh = Account.generate();
    // Right key: passes the auth key, then has nothing to pay with.
    expect(validate(transfer(fresh), world, SUBMIT)).toBe(
      'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE',
    );
    const impostor = Account.fromPrivateKey({
      privateKey: bob.privateKey,
      address: fresh.accountAddress,
    });
    expect(validate(transfer(impostor), world, SUBMIT)).toBe('INVALID_AUTH_KEY');
  });

  it('SENDING_ACCOUNT_DOES_NOT_EXIST for a fee payer or a secondary signer with no account', () => {
    const ghost = Account.generate();
    const raw = rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    expect(validate(signedMulti({ sender: alice, raw, feePayer: ghost }), world, SUBMIT)).toBe(
      'SENDING_ACCOUNT_DOES_NOT_EXIST',
    );
    const both = rawTransaction(alice.accountAddress, `${PLAYGROUND}::store_value_both`, [
      new U64(5n),
    ]);
    expect(
      validate(signedMulti({ sender: alice, raw: both, secondary: [ghost] }), world, SUBMIT),
    ).toBe('SENDING_ACCOUNT_DOES_NOT_EXIST');
    expect(
      validate(signedMulti({ sender: alice, raw: both, secondary: [bob] }), world, SUBMIT),
    ).toBeNull();
  });

  it('INVALID_AUTH_KEY for a secondary signer or fee payer whose key does not own its account', () => {
    const raw = rawTransaction(alice.accountAddress, `${PLAYGROUND}::store_value_both`, [
      new U64(5n),
    ]);
    const impostor = Account.fromPrivateKey({
      privateKey: Account.generate().privateKey,
      address: bob.accountAddress,
    });
    expect(
      validate(signedMulti({ sender: alice, raw, secondary: [impostor] }), world, SUBMIT),
    ).toBe('INVALID_AUTH_KEY');
    const plain = rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    expect(
      validate(signedMulti({ sender: alice, raw: plain, feePayer: impostor }), world, SUBMIT),
    ).toBe('INVALID_AUTH_KEY');
  });

  it('sequence numbers: too old always; too new only when executing', () => {
    world.run(transfer(alice));
    world.run(transfer(alice));
    expect(world.sequenceNumber(alice.accountAddress)).toBe(2n);
    expect(validate(transfer(alice, { sequenceNumber: 1n }), world, SUBMIT)).toBe(
      'SEQUENCE_NUMBER_TOO_OLD',
    );
    expect(validate(transfer(alice, { sequenceNumber: 2n }), world, COMMIT)).toBeNull();
    expect(validate(transfer(alice, { sequenceNumber: 3n }), world, SUBMIT)).toBeNull();
    expect(validate(transfer(alice, { sequenceNumber: 3n }), world, COMMIT)).toBe(
      'SEQUENCE_NUMBER_TOO_NEW',
    );
  });

  it('balance: exactly max gas × price is enough, one octa less is not', () => {
    const carol = Account.generate();
    const maxFee = 1_000n * 150n;
    world.fund(carol.accountAddress, maxFee);
    const options = { maxGasAmount: 1_000n, gasUnitPrice: 150n };
    expect(validate(transfer(carol, options), world, SUBMIT)).toBeNull();
    const dave = Account.generate();
    world.fund(dave.accountAddress, maxFee - 1n);
    expect(validate(transfer(dave, options), world, SUBMIT)).toBe(
      'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE',
    );
  });

  it('a fee payer’s balance is the one that counts', () => {
    const poor = Account.generate();
    world.fund(poor.accountAddress, 1n);
    const raw = rawTransaction(poor.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    expect(validate(signed(poor, raw), world, SUBMIT)).toBe(
      'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE',
    );
    expect(validate(signedMulti({ sender: poor, raw, feePayer: alice }), world, SUBMIT)).toBeNull();
    const broke = Account.generate();
    world.fund(broke.accountAddress, 1n);
    expect(
      validate(
        signedMulti({
          sender: alice,
          raw: rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
            someone(),
            new U64(1n),
          ]),
          feePayer: broke,
        }),
        world,
        SUBMIT,
      ),
    ).toBe('INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE');
  });

  it('checks in order: signature, gas bounds, expiration, chain id, auth key, sequence, balance', () => {
    const fresh = Account.generate();
    const impostor = Account.fromPrivateKey({
      privateKey: bob.privateKey,
      address: alice.accountAddress,
    });
    const everything = transfer(impostor, {
      maxGasAmount: GAS.maxGasAmount + 1n,
      expirationSecs: NOW_SECONDS,
      chainId: 9,
      sequenceNumber: 0n,
    });
    const forged = { ...everything, senderSigner: transfer(impostor).senderSigner };
    expect(validate(forged, world, SUBMIT)).toBe('INVALID_SIGNATURE');
    expect(validate(everything, world, SUBMIT)).toBe('MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND');
    expect(
      validate(transfer(impostor, { expirationSecs: NOW_SECONDS, chainId: 9 }), world, SUBMIT),
    ).toBe('TRANSACTION_EXPIRED');
    expect(validate(transfer(impostor, { chainId: 9 }), world, SUBMIT)).toBe('BAD_CHAIN_ID');
    world.run(transfer(alice));
    expect(validate(transfer(impostor, { sequenceNumber: 0n }), world, SUBMIT)).toBe(
      'INVALID_AUTH_KEY',
    );
    world.fund(fresh.accountAddress, 1n);
    world.run(transfer(alice));
    expect(
      validate(transfer(alice, { sequenceNumber: 0n, gasUnitPrice: 10n ** 9n }), world, SUBMIT),
    ).toBe('SEQUENCE_NUMBER_TOO_OLD');
    expect(validate(transfer(fresh, { sequenceNumber: 5n }), world, COMMIT)).toBe(
      'SEQUENCE_NUMBER_TOO_NEW',
    );
  });
});

describe('signatures of every signer', () => {
  it('a multi-agent transaction verifies only when the sender and every secondary signer signed it', () => {
    const raw = rawTransaction(alice.accountAddress, `${PLAYGROUND}::store_value_both`, [
      new U64(7n),
    ]);
    const genuine = signedMulti({ sender: alice, raw, secondary: [bob] });
    expect(verifySignatures(genuine)).toBe(true);
    const other = signedMulti({
      sender: alice,
      raw: rawTransaction(alice.accountAddress, `${PLAYGROUND}::store_value_both`, [new U64(8n)]),
      secondary: [bob],
    });
    const forgedSecondary = { ...genuine, secondarySigners: other.secondarySigners };
    expect(verifySignatures(forgedSecondary)).toBe(false);
    expect(anySignatureVerifies(forgedSecondary)).toBe(true);
    expect(validate(forgedSecondary, world, SUBMIT)).toBe('INVALID_SIGNATURE');
    const forgedSender = { ...genuine, senderSigner: other.senderSigner };
    expect(verifySignatures(forgedSender)).toBe(false);
    expect(
      anySignatureVerifies({
        ...other,
        senderSigner: genuine.senderSigner,
        secondarySigners: genuine.secondarySigners,
      }),
    ).toBe(false);
  });

  it('a fee-payer transaction: the sponsor signs with its address, the sender may sign with 0x0', () => {
    const raw = rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    const genuine = signedMulti({ sender: alice, raw, feePayer: bob });
    expect(verifySignatures(genuine)).toBe(true);
    const zero = signedMulti({ sender: alice, raw, feePayer: bob, signWithZeroFeePayer: true });
    expect(verifySignatures(zero)).toBe(true);
    // The fee payer itself may not sign with 0x0.
    const zeroPayer = {
      ...genuine,
      feePayer: { ...must(genuine.feePayer), authenticator: zero.senderSigner.authenticator },
    };
    expect(verifySignatures(zeroPayer)).toBe(false);
    // A forged fee-payer signature (the sponsor's key, another transaction).
    const other = signedMulti({
      sender: alice,
      raw: rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
        someone(),
        new U64(2n),
      ]),
      feePayer: bob,
    });
    const forged = { ...genuine, feePayer: other.feePayer };
    expect(verifySignatures(forged)).toBe(false);
    expect(validate(forged, world, SUBMIT)).toBe('INVALID_SIGNATURE');
    expect(anySignatureVerifies(forged)).toBe(true);
  });

  it('anySignatureVerifies is false when no signer signed this transaction', () => {
    const tx = transfer(alice);
    const other = transfer(alice, {}, 9n);
    expect(anySignatureVerifies(tx)).toBe(true);
    expect(anySignatureVerifies({ ...tx, senderSigner: other.senderSigner })).toBe(false);
  });

  it('singleEd25519Check: the one check a plain transaction needs, null otherwise', () => {
    const tx = transfer(alice);
    const check = singleEd25519Check(tx);
    expect(check).not.toBeNull();
    expect(Buffer.from(must(check).publicKey).toString('hex')).toBe(
      alice.publicKey.toString().slice(2),
    );
    expect(must(check).message).toEqual(
      new Uint8Array([
        ...Buffer.from(
          // sha3_256("APTOS::RawTransaction")
          'b5e97db07fa0bd0e5598aa3643a9bc6f6693bddc1a9fec9e674a461eaa00b193',
          'hex',
        ),
        ...tx.rawBytes,
      ]),
    );
    expect(must(check).signature.length).toBe(64);
    const raw = rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    expect(singleEd25519Check(signedMulti({ sender: alice, raw, feePayer: bob }))).toBeNull();
    const both = rawTransaction(alice.accountAddress, `${PLAYGROUND}::store_value_both`, [
      new U64(5n),
    ]);
    expect(
      singleEd25519Check(signedMulti({ sender: alice, raw: both, secondary: [bob] })),
    ).toBeNull();
  });
});

describe('execute', () => {
  it('a transfer: success, the sequence number moves on, the fee is burnt, the statement adds up', () => {
    const recipient = someone();
    const before = world.balance(alice.accountAddress);
    const supply = readSupply(world);
    const tx = signed(
      alice,
      rawTransaction(
        alice.accountAddress,
        '0x1::aptos_account::transfer',
        [recipient, new U64(500n)],
        {
          sequenceNumber: 0n,
          gasUnitPrice: 150n,
        },
      ),
    );
    const output = world.run(tx);
    expect(output.success).toBe(true);
    expect(output.vmStatus).toBe('Executed successfully');
    expect(output.gasUsed).toBe(output.fee.totalGasUnits);
    expect(output.gasUsed).toBeGreaterThan(0n);
    const fee = output.gasUsed * 150n;
    expect(world.balance(alice.accountAddress)).toBe(before - 500n - fee);
    expect(world.balance(long(recipient))).toBe(500n);
    expect(readSupply(world)).toBe(supply - fee);
    expect(world.sequenceNumber(alice.accountAddress)).toBe(1n);
    const statement = output.events.at(-1);
    expect(statement?.type).toBe('0x1::transaction_fee::FeeStatement');
    const data = statement?.data as Record<string, string>;
    expect(data.total_charge_gas_units).toBe(output.gasUsed.toString());
    expect(data.storage_refund_octas ?? data.storage_fee_refund_octas).toBe('0');
    expect(
      BigInt(must(data.execution_gas_units)) +
        BigInt(must(data.io_gas_units)) +
        BigInt(output.fee.storageFeeOctas) / 150n +
        (output.fee.storageFeeOctas % 150n === 0n ? 0n : 1n),
    ).toBe(output.gasUsed);
    expect(data.execution_gas_units).toBe(output.fee.executionGasUnits.toString());
    expect(data.io_gas_units).toBe(output.fee.ioGasUnits.toString());
    expect(data.storage_fee_octas).toBe(output.fee.storageFeeOctas.toString());
    // A new account and store: two new slots (account, store group) plus their bytes.
    expect(output.fee.storageFeeOctas).toBeGreaterThan(2n * GAS.storagePerSlotOctas);
    expect(output.fee.executionGasUnits).toBeGreaterThan(0n);
    expect(output.fee.ioGasUnits).toBeGreaterThan(0n);
    // The fee's withdrawal leaves no Withdraw event; the transfer's own events stay before it.
    expect(
      output.events.filter((e) => e.type === '0x1::transaction_fee::FeeStatement'),
    ).toHaveLength(1);
    expect(output.events.map((e) => e.type)).toContain('0x1::fungible_asset::Deposit');
    expect(output.events.filter((e) => e.type === '0x1::fungible_asset::Withdraw')).toHaveLength(1);
  });

  it('a transfer between existing accounts costs no storage fee and less gas', () => {
    const first = world.run(transfer(alice, {}, 1n));
    const again = signed(
      alice,
      rawTransaction(
        alice.accountAddress,
        '0x1::aptos_account::transfer',
        [bob.accountAddress, new U64(1n)],
        {
          sequenceNumber: 1n,
        },
      ),
    );
    const output = world.run(again);
    expect(output.fee.storageFeeOctas).toBe(0n);
    expect(output.gasUsed).toBeLessThan(first.gasUsed);
    expect(output.gasUsed).toBe(output.fee.executionGasUnits + output.fee.ioGasUnits);
  });

  it('deletes nothing and records previous only for deletions', () => {
    const output = world.run(transfer(alice));
    for (const write of output.writes) {
      expect(write.value).not.toBeNull();
      expect(write.previous).toBeNull();
    }
    expect(output.writes.map((w) => w.key)).toContain(
      resourceKey(long(alice.accountAddress), '0x1::account::Account'),
    );
  });

  it('an abort keeps the transaction, failed: fee charged, sequence moved, the call’s writes dropped', () => {
    const before = world.balance(alice.accountAddress);
    const output = world.run(call(alice, `${PLAYGROUND}::abort_with`, [new U64(42n)]));
    expect(output.success).toBe(false);
    expect(output.vmStatus).toBe('Move abort in 0xcafe::playground: 0x2a');
    expect(world.sequenceNumber(alice.accountAddress)).toBe(1n);
    expect(world.balance(alice.accountAddress)).toBe(before - output.gasUsed * 100n);
    expect(output.events.map((e) => e.type)).toEqual(['0x1::transaction_fee::FeeStatement']);
    expect(output.fee.storageFeeOctas).toBe(0n);
  });

  it('a failed call drops its writes (store_value then abort is not possible; store then out of gas is)', () => {
    const stored = world.run(call(alice, `${PLAYGROUND}::store_value`, [new U64(3n)]));
    expect(stored.success).toBe(true);
    const key = resourceKey(long(alice.accountAddress), '0xcafe::playground::Stored');
    expect(world.get(key)).toMatchObject({ data: { value: '3' } });
    // Too little gas for the new slot's storage fee: out of gas, the write is dropped.
    const carol = Account.generate();
    world.fund(carol.accountAddress, 10_000_000n);
    const output = world.run(
      call(carol, `${PLAYGROUND}::store_value`, [new U64(4n)], { maxGasAmount: 100n }),
    );
    expect(output.success).toBe(false);
    expect(output.vmStatus).toBe('Out of gas');
    expect(output.gasUsed).toBe(100n);
    expect(
      world.get(resourceKey(long(carol.accountAddress), '0xcafe::playground::Stored')),
    ).toBeNull();
    expect(world.balance(carol.accountAddress)).toBe(10_000_000n - 10_000n);
  });

  it('out of gas in execution charges exactly max gas', () => {
    const output = world.run(
      call(alice, `${PLAYGROUND}::burn_gas`, [new U64(5_000n)], { maxGasAmount: 1_000n }),
    );
    expect(output.success).toBe(false);
    expect(output.vmStatus).toBe('Out of gas');
    expect(output.gasUsed).toBe(1_000n);
    expect(output.fee.totalGasUnits).toBe(1_000n);
    // The statement caps execution at the total (the meter counted the slice that overran).
    const data = output.events.at(-1)?.data as Record<string, string>;
    expect(data.execution_gas_units).toBe('1000');
    expect(data.io_gas_units).toBe('0');
    expect(data.total_charge_gas_units).toBe('1000');
    // The stored fee breakdown (what the log keeps and History shows) is capped the same way.
    expect(output.fee.executionGasUnits).toBe(1_000n);
    expect(output.fee.ioGasUnits).toBe(0n);
  });

  it('burning gas within max gas succeeds and is charged as execution', () => {
    const output = world.run(call(alice, `${PLAYGROUND}::burn_gas`, [new U64(500n)]));
    expect(output.success).toBe(true);
    expect(output.fee.executionGasUnits).toBeGreaterThanOrEqual(500n);
    expect(output.gasUsed).toBe(output.fee.executionGasUnits + output.fee.ioGasUnits);
  });

  it('VM failures by status name', () => {
    const cases: [DecodedTransaction, string][] = [
      [call(alice, '0x1::no_such_module::f', []), 'LINKER_ERROR'],
      [call(alice, '0x1::aptos_account::no_such_function', []), 'FUNCTION_RESOLUTION_FAILURE'],
      [
        call(alice, `${PLAYGROUND}::get_value`, [alice.accountAddress]),
        'EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION',
      ],
      [
        call(alice, '0x1::aptos_account::transfer', [someone(), new U64(1n)], {
          typeArgs: [new TypeTagU64()],
        }),
        'NUMBER_OF_TYPE_ARGUMENTS_MISMATCH',
      ],
      [
        call(alice, `${PLAYGROUND}::store_value_both`, [new U64(1n)]),
        'NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH',
      ],
      [call(alice, '0x1::aptos_account::transfer', [someone()]), 'NUMBER_OF_ARGUMENTS_MISMATCH'],
      [
        call(alice, '0x1::aptos_account::transfer', [someone(), new U64(1n), new U64(2n)]),
        'NUMBER_OF_ARGUMENTS_MISMATCH',
      ],
      [
        call(alice, '0x1::aptos_account::transfer', [someone(), new U8(1)]),
        'FAILED_TO_DESERIALIZE_ARGUMENT',
      ],
      [
        call(alice, '0x1::aptos_account::transfer', [new Bool(true), new U64(1n)]),
        'FAILED_TO_DESERIALIZE_ARGUMENT',
      ],
    ];
    for (const [tx, status] of cases) {
      const output = execute(tx, world, BLOCK);
      expect(output.vmStatus, status).toBe(status);
      expect(output.success).toBe(false);
      expect(output.gasUsed).toBeGreaterThan(0n);
      expect(output.events.map((e) => e.type)).toEqual(['0x1::transaction_fee::FeeStatement']);
    }
    const notEntry = { ...transfer(alice), entry: null };
    expect(execute(notEntry, world, BLOCK).vmStatus).toBe('FEATURE_UNDER_GATING');
  });

  it('a failure’s gas is what was metered, capped at max gas', () => {
    const tx = call(alice, '0x1::aptos_account::transfer', [someone()]);
    const output = execute(tx, world, BLOCK);
    // Only the intrinsic gas (the entry call is charged after the argument check).
    expect(output.gasUsed).toBe(intrinsicGasUnits(tx.bytes.length));
    expect(output.fee.executionGasUnits).toBe(intrinsicGasUnits(tx.bytes.length));
    expect(output.fee.ioGasUnits).toBe(0n);
    const bad = call(alice, '0x1::aptos_account::transfer', [someone(), new U8(1)]);
    // The entry call was charged before the arguments failed to decode.
    expect(execute(bad, world, BLOCK).gasUsed).toBe(
      BigInt(Math.ceil((GAS.intrinsic + GAS.entryCall) / GAS.scale)),
    );
  });

  it('a call that spends what the fee needs fails with the fungible_asset abort and pays the fee alone', () => {
    const carol = Account.generate();
    world.fund(carol.accountAddress, 5_000_000n);
    const before = world.balance(carol.accountAddress);
    const recipient = someone();
    // The max fee (30,000 × 100) is covered before the call, not after sending 4,999,000.
    const output = world.run(
      signed(
        carol,
        rawTransaction(
          carol.accountAddress,
          '0x1::aptos_account::transfer',
          [recipient, new U64(4_999_000n)],
          {
            maxGasAmount: 30_000n,
          },
        ),
      ),
    );
    expect(output.success).toBe(false);
    expect(output.vmStatus).toBe(
      'Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004): Insufficient balance to withdraw or transfer.',
    );
    expect(output.fee.storageFeeOctas).toBe(0n);
    expect(world.balance(long(recipient))).toBe(0n);
    expect(world.balance(carol.accountAddress)).toBe(before - output.gasUsed * 100n);
    expect(output.gasUsed).toBeLessThan(30_000n);
    expect(output.gasUsed).toBe(output.fee.executionGasUnits + output.fee.ioGasUnits);
    expect(output.events.map((e) => e.type)).toEqual(['0x1::transaction_fee::FeeStatement']);
    expect(world.sequenceNumber(carol.accountAddress)).toBe(1n);
  });

  it('a multi-agent call writes for both signers; a fee payer pays the fee', () => {
    const output = world.run(
      signedMulti({
        sender: alice,
        raw: rawTransaction(alice.accountAddress, `${PLAYGROUND}::store_value_both`, [new U64(9n)]),
        secondary: [bob],
      }),
    );
    expect(output.success).toBe(true);
    for (const owner of [alice, bob]) {
      expect(
        world.get(resourceKey(long(owner.accountAddress), '0xcafe::playground::Stored')),
      ).toMatchObject({
        data: { value: '9' },
      });
    }
    const [aliceBefore, bobBefore] = [
      world.balance(alice.accountAddress),
      world.balance(bob.accountAddress),
    ];
    const sponsored = world.run(
      signedMulti({
        sender: alice,
        raw: rawTransaction(
          alice.accountAddress,
          '0x1::aptos_account::transfer',
          [someone(), new U64(1_000n)],
          {
            sequenceNumber: 1n,
          },
        ),
        feePayer: bob,
      }),
    );
    expect(sponsored.success).toBe(true);
    expect(world.balance(alice.accountAddress)).toBe(aliceBefore - 1_000n);
    expect(world.balance(bob.accountAddress)).toBe(bobBefore - sponsored.gasUsed * 100n);
    expect(world.sequenceNumber(alice.accountAddress)).toBe(2n);
    expect(world.sequenceNumber(bob.accountAddress)).toBe(0n);
  });

  it('a sponsored sender with no account gets one, at sequence number 1', () => {
    const fresh = Account.generate();
    const tx = signedMulti({
      sender: fresh,
      raw: rawTransaction(fresh.accountAddress, `${PLAYGROUND}::abort_with`, [new U64(1n)]),
      feePayer: bob,
    });
    const output = world.run(tx);
    expect(output.success).toBe(false);
    const account = readAccount(world, long(fresh.accountAddress));
    expect(account?.data.sequence_number).toBe('1');
    expect(account?.data.authentication_key).toBe(long(fresh.accountAddress));
    expect(world.balance(fresh.accountAddress)).toBe(0n);
  });

  it('executing is pure: the state passed in is not written', () => {
    const tx = transfer(alice);
    const before = world.balance(alice.accountAddress);
    execute(tx, world, BLOCK);
    expect(world.balance(alice.accountAddress)).toBe(before);
    expect(world.sequenceNumber(alice.accountAddress)).toBe(0n);
  });

  it('validationFailureOutput: a bare failed output with the status name', () => {
    expect(validationFailureOutput('BAD_CHAIN_ID')).toStrictEqual({
      success: false,
      vmStatus: 'BAD_CHAIN_ID',
      gasUsed: 0n,
      writes: [],
      events: [],
      fee: { totalGasUnits: 0n, executionGasUnits: 0n, ioGasUnits: 0n, storageFeeOctas: 0n },
    });
  });
});

describe('views', () => {
  const playground = PLAYGROUND_ADDRESS as LongAddress;

  it('resolveView finds a view and refuses the rest with the node’s messages', () => {
    expect(resolveView(playground, 'playground', 'get_value', 0).name).toBe('get_value');
    const fails = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(ViewError);
        return [(error as ViewError).message, (error as ViewError).vmErrorCode];
      }
      throw new Error('expected a ViewError');
    };
    const id = `${playground}::playground`;
    expect(fails(() => resolveView(playground, 'nope', 'f', 0))).toEqual([
      `Module ${playground}::nope does not exist`,
      null,
    ]);
    expect(fails(() => resolveView(playground, 'playground', 'nope', 0))).toEqual([
      `Function ${id}::nope does not exist`,
      null,
    ]);
    expect(fails(() => resolveView(playground, 'playground', 'store_value', 0))).toEqual([
      `Function ${id}::store_value is not marked as a view function`,
      null,
    ]);
    expect(fails(() => resolveView(playground, 'playground', 'get_value', 1))).toEqual([
      `Function ${id}::get_value expects 0 type arguments, got 1`,
      null,
    ]);
  });

  it('a view on the VM’s values returns JSON values and the gas; an abort is a 400 with ABORTED', () => {
    world.run(call(alice, `${PLAYGROUND}::store_value`, [new U64(12n)]));
    const getValue = (owner: string) =>
      viewBytecode(
        world,
        {
          module: playground,
          moduleName: 'playground',
          functionName: 'get_value',
          typeArgs: [],
          args: { json: [owner] },
        },
        BLOCK,
      );
    const result = getValue(long(alice.accountAddress));
    expect(result?.values).toEqual(['12']);
    // 0.1 units for the view plus two slot reads (3,023,850 each): the resource, and the module
    // slot the struct's layout is looked up in (a node loads the module it runs): 7 units.
    expect(result?.gasUsed).toBe(7n);
    try {
      getValue(long(bob.accountAddress));
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(NodeError);
      expect((error as NodeError).vmErrorCode).toBe(4016);
      expect((error as NodeError).message).toMatch(/^Move abort in 0xcafe::playground: ENO_VALUE/);
    }
  });

  it("coin views run on the VM's values through viewBytecode, type arguments substituted", () => {
    const result = viewBytecode(
      world,
      {
        module: `0x${'0'.repeat(63)}1` as LongAddress,
        moduleName: 'coin',
        functionName: 'balance',
        typeArgs: ['0x1::aptos_coin::AptosCoin'],
        args: { json: [long(alice.accountAddress)] },
      },
      BLOCK,
    );
    expect(result?.values).toEqual([world.balance(alice.accountAddress).toString()]);
    expect(typeTagOf('u64').toString()).toBe('u64');
  });
});

// The root signer is the faucet: it exists at genesis and funds these tests' accounts.
it('root funds accounts in process', () => {
  expect(world.sequenceNumber(ROOT_SIGNER.address)).toBe(2n);
  expect(world.balance(alice.accountAddress)).toBe(10_000_000_000n);
  expect(AccountAddress.from(long(alice.accountAddress)).equals(alice.accountAddress)).toBe(true);
});

describe('edges the first mutation run found untested', () => {
  it('the fee payer may not sign with fee payer 0x0 (only the sender and secondary signers may)', () => {
    const raw = rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    const genuine = signedMulti({ sender: alice, raw, feePayer: bob });
    const zeroSigned = bob.signTransactionWithAuthenticator(
      new SimpleTransaction(raw, AccountAddress.ZERO),
    );
    const payerOnZero = {
      ...genuine,
      feePayer: { ...must(genuine.feePayer), authenticator: zeroSigned },
    };
    expect(verifySignatures(payerOnZero)).toBe(false);
    expect(validate(payerOnZero, world, SUBMIT)).toBe('INVALID_SIGNATURE');
  });

  it('singleEd25519Check is null for a MultiEd25519 sender', () => {
    const keys = [Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()];
    const multi = new MultiEd25519Account({
      publicKey: new MultiEd25519PublicKey({
        publicKeys: keys.map((k) => k.publicKey()),
        threshold: 1,
      }),
      signers: [must(keys[0])],
    });
    const tx = signed(
      multi as unknown as Account,
      rawTransaction(multi.accountAddress, '0x1::aptos_account::transfer', [
        someone(),
        new U64(1n),
      ]),
    );
    expect(verifySignatures(tx)).toBe(true);
    expect(singleEd25519Check(tx)).toBeNull();
  });

  it('simulation without a public key (NoAccountAuthenticator) skips the auth-key check; submit refuses it', () => {
    const raw = rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    const tx = decodeSignedTransaction(
      generateSignedTransaction({
        transaction: new SimpleTransaction(raw),
        senderAuthenticator: new AccountAuthenticatorNoAccountAuthenticator(),
      }),
    );
    expect(validate(tx, world, { ...COMMIT, signatures: 'skip' })).toBeNull();
    expect(validate(tx, world, SUBMIT)).toBe('INVALID_SIGNATURE');
    expect(anySignatureVerifies(tx)).toBe(false);
  });

  it('the auth key checked is the account’s (after a rotation), not its address', () => {
    const newKey = Account.generate();
    const address = long(alice.accountAddress);
    world.apply([
      {
        key: resourceKey(address, '0x1::account::Account'),
        value: accountValue(address, 0n, long(newKey.accountAddress)),
        previous: null,
      },
    ]);
    const rotated = Account.fromPrivateKey({
      privateKey: newKey.privateKey,
      address: alice.accountAddress,
    });
    expect(validate(transfer(rotated), world, SUBMIT)).toBeNull();
    expect(validate(transfer(alice), world, SUBMIT)).toBe('INVALID_AUTH_KEY');
  });

  it('a session reads its own writes: a transfer to oneself costs only the fee', () => {
    const before = world.balance(alice.accountAddress);
    const output = world.run(
      signed(
        alice,
        rawTransaction(
          alice.accountAddress,
          '0x1::aptos_account::transfer',
          [alice.accountAddress, new U64(1_000n)],
          { sequenceNumber: 0n },
        ),
      ),
    );
    expect(output.success).toBe(true);
    expect(world.balance(alice.accountAddress)).toBe(before - output.gasUsed * 100n);
  });

  it('max gas equal to the gas used is enough', () => {
    const make = (maxGasAmount: bigint) =>
      signed(
        alice,
        rawTransaction(
          alice.accountAddress,
          '0x1::aptos_account::transfer',
          [bob.accountAddress, new U64(5n)],
          { maxGasAmount },
        ),
      );
    const used = execute(make(200_000n), world, BLOCK).gasUsed;
    const exact = execute(make(used), world, BLOCK);
    expect(exact.success).toBe(true);
    expect(exact.gasUsed).toBe(used);
    const short = execute(make(used - 1n), world, BLOCK);
    expect(short.success).toBe(false);
    expect(short.vmStatus).toBe('Out of gas');
  });

  it('a balance left exactly equal to the fee after the call pays it', () => {
    const carol = Account.generate();
    world.fund(carol.accountAddress, 5_000_000n);
    const make = (amount: bigint) =>
      signed(
        carol,
        rawTransaction(
          carol.accountAddress,
          '0x1::aptos_account::transfer',
          [bob.accountAddress, new U64(amount)],
          { maxGasAmount: 1_000n },
        ),
      );
    const fee = execute(make(1_000_000n), world, BLOCK).gasUsed * 100n;
    const output = world.run(make(5_000_000n - fee));
    expect(output.success).toBe(true);
    expect(output.gasUsed * 100n).toBe(fee);
    expect(world.balance(carol.accountAddress)).toBe(0n);
  });

  it('the storage fee is 400,000 octas per new slot plus 400 per byte of its key and BCS value', () => {
    const recipient = someone();
    const tx = signed(
      alice,
      rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
        recipient,
        new U64(7n),
      ]),
    );
    const output = execute(tx, world, BLOCK);
    const created = output.writes.filter(
      (write) => write.value !== null && world.get(write.key) === null,
    );
    expect(
      created.map((write) => write.value?.kind === 'resource' && write.value.type).sort(),
    ).toEqual([
      '0x1::account::Account',
      '0x1::fungible_asset::FungibleStore',
      '0x1::object::ObjectCore',
    ]);
    // The recipient's Account: key AccessPath(Resource(0x1::account::Account)), 84 bytes; value
    // auth key (1 + 32), sequence number, guid counter, two event handles (8 + 40 each), two empty
    // capability offers (1 each): 147 bytes.
    const account = 84 + 147;
    // Its primary store object: one ObjectGroup slot (key 87 bytes) holding a BTreeMap of two
    // members: ObjectCore (tag 51, value 89) and FungibleStore (tag 62, value 41).
    const store = 87 + (1 + (51 + 1 + 89) + (62 + 1 + 41));
    expect(output.fee.storageFeeOctas).toBe(2n * 400_000n + BigInt(account + store) * 400n);
    expect(output.gasUsed).toBe(
      output.fee.executionGasUnits +
        output.fee.ioGasUnits +
        (output.fee.storageFeeOctas + 99n) / 100n,
    );
  });

  it('a function its module lacks cannot be called or viewed', () => {
    const output = execute(
      call(alice, '0x1::aptos_account::no_such_function', [alice.accountAddress]),
      world,
      BLOCK,
    );
    expect(output.vmStatus).toBe('FUNCTION_RESOLUTION_FAILURE');
    expect(() =>
      resolveView(`0x${'0'.repeat(63)}1` as LongAddress, 'account', 'no_such_view', 0),
    ).toThrow(`Function 0x${'0'.repeat(63)}1::account::no_such_view does not exist`);
  });

  it('a view that fails in the VM (MISSING_DATA) is a 400 with its status and code', () => {
    const view = (typeArg: string) =>
      viewBytecode(
        world,
        {
          module: `0x${'0'.repeat(63)}1` as LongAddress,
          moduleName: 'coin',
          functionName: 'decimals',
          typeArgs: [typeArg],
          args: { json: [] },
        },
        BLOCK,
      );
    expect(view('0x1::aptos_coin::AptosCoin')?.values).toEqual([8]);
    expect(() => view('0x1::string::String')).toThrow(
      expect.objectContaining({ message: 'MISSING_DATA', vmErrorCode: 4008 }),
    );
  });
});

describe('edges the post-merge mutation run found untested (signature cap, simulation flag)', () => {
  /** A multi-agent transfer signed by the sender and `secondaryCount` Ed25519 secondary signers. */
  function withSecondaries(secondaryCount: number): DecodedTransaction {
    const raw = rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    const secondary = Array.from({ length: secondaryCount }, () => Account.generate());
    return signedMulti({ sender: alice, raw, secondary });
  }

  it('the sender and secondary signers may carry 32 signatures together, not 33', () => {
    expect(verifySignatures(withSecondaries(31))).toBe(true);
    const over = withSecondaries(32);
    expect(verifySignatures(over)).toBe(false);
    expect(validate(over, world, SUBMIT)).toBe('INVALID_SIGNATURE');
    // Every one of the 33 signatures is genuine: only the count refuses it.
    expect(anySignatureVerifies(over)).toBe(true);
    expect(validate(over, world, { ...SUBMIT, signatures: 'skip' })).toBe(
      'SENDING_ACCOUNT_DOES_NOT_EXIST',
    );
  });

  /** A transfer by `sender` (signed as `signer`) with fee payer 0x0, as a wallet simulates it. */
  function zeroFeePayer(sender: Account, signer: Account = sender): DecodedTransaction {
    const raw = rawTransaction(sender.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(5n),
    ]);
    const transaction = new SimpleTransaction(raw, AccountAddress.ZERO);
    return decodeSignedTransaction(
      generateSignedTransaction({
        transaction,
        senderAuthenticator: signer.signTransactionWithAuthenticator(transaction),
        feePayerAuthenticator: new AccountAuthenticatorNoAccountAuthenticator(),
      }),
    );
  }
  const SIMULATE: ValidateOptions = { ...COMMIT, signatures: 'skip', simulation: true };

  it('simulating with fee payer 0x0: the fee payer is neither looked up nor charged', () => {
    const tx = zeroFeePayer(alice);
    expect(validate(tx, world, SIMULATE)).toBeNull();
    // Not simulating, 0x0 is a fee payer like any other, and it has no account.
    expect(validate(tx, world, { ...SIMULATE, simulation: false })).toBe(
      'SENDING_ACCOUNT_DOES_NOT_EXIST',
    );
    const before = world.balance(alice.accountAddress);
    const supply = readSupply(world);
    const output = execute(tx, world, BLOCK, { simulation: true });
    expect(output.success).toBe(true);
    expect(output.gasUsed).toBeGreaterThan(0n);
    world.apply(output.writes);
    // Only the 5 octas transferred leave the sender; no fee is withdrawn or burnt.
    expect(world.balance(alice.accountAddress)).toBe(before - 5n);
    expect(readSupply(world)).toBe(supply);
    expect(world.sequenceNumber(alice.accountAddress)).toBe(1n);
  });

  it('simulating with fee payer 0x0 still checks the sender’s auth key', () => {
    expect(validate(zeroFeePayer(alice, bob), world, SIMULATE)).toBe('INVALID_AUTH_KEY');
  });

  it('simulating without a fee payer, or with a real one, still checks who pays', () => {
    const poor = Account.generate();
    world.fund(poor.accountAddress, 1_000n);
    const unsponsored = transfer(poor);
    expect(validate(unsponsored, world, SIMULATE)).toBe('INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE');
    const before = world.balance(alice.accountAddress);
    const output = execute(transfer(alice, {}, 5n), world, BLOCK, { simulation: true });
    expect(output.success).toBe(true);
    world.apply(output.writes);
    expect(world.balance(alice.accountAddress)).toBe(before - 5n - output.gasUsed * 100n);
    const raw = rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    const ghost = Account.generate();
    const sponsored = signedMulti({ sender: alice, raw, feePayer: ghost });
    expect(validate(sponsored, world, SIMULATE)).toBe('SENDING_ACCOUNT_DOES_NOT_EXIST');
  });
});

describe('Move bytecode hooks (the post-merge run found them untested in process)', () => {
  afterEach(() => setModuleSource(null));

  it('an entry function of published bytecode runs: its abort is the transaction’s', () => {
    const address = long(alice.accountAddress);
    const b = new ModuleBuilder(address, 'hooks');
    b.fn('fail', {
      entry: true,
      params: [S.ref(S.signer)],
      code: [{ op: 'LdU64', value: 0x10002n }, { op: 'Abort' }],
    });
    const module = b.build();
    setModuleSource((_state, at, name) => (at === address && name === 'hooks' ? module : null));
    const output = execute(call(alice, `${address}::hooks::fail`, []), world, BLOCK);
    expect(output.success).toBe(false);
    expect(output.vmStatus).toMatch(/^Move abort in 0x[0-9a-f]+::hooks: 0x10002$/);
    // A module the source does not have is a linker error, as before.
    const missing = execute(call(alice, `${address}::absent::fail`, []), world, BLOCK);
    expect(missing.vmStatus).toBe('LINKER_ERROR');
  });

  it('a table item written by bytecode counts its value’s bytes, in a slot of its own', () => {
    const address = long(alice.accountAddress);
    // `module book { struct Book has key { entries: Table<u64, address> } entry fun init(s, key) }`
    const b = new ModuleBuilder(address, 'book');
    const table = b.foreignStruct('0x1', 'table', 'Table', 4, 2);
    const book = b.struct('Book', 8, [['entries', S.struct(table, [S.u64, S.address])]]);
    const generic = S.struct(table, [S.param(0), S.param(1)]);
    const newTable = b.use('0x1', 'table', 'new', [], [generic], 2);
    const add = b.use('0x1', 'table', 'add', [S.mut(generic), S.param(0), S.param(1)], [], 2);
    const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
    b.fn('init', {
      entry: true,
      params: [S.ref(S.signer), S.u64],
      locals: [S.struct(book.handle)],
      code: [
        { op: 'CallGeneric', fn: b.fnInst(newTable, [S.u64, S.address]) },
        { op: 'Pack', def: book.def },
        { op: 'StLoc', local: 2 },
        { op: 'MutBorrowLoc', local: 2 },
        { op: 'MutBorrowField', field: b.field(book.def, 0) },
        { op: 'MoveLoc', local: 1 },
        { op: 'CopyLoc', local: 0 },
        { op: 'Call', fn: addressOf },
        { op: 'CallGeneric', fn: b.fnInst(add, [S.u64, S.address]) },
        { op: 'MoveLoc', local: 0 },
        { op: 'MoveLoc', local: 2 },
        { op: 'MoveTo', def: book.def },
        { op: 'Ret' },
      ],
    });
    const module = b.build();
    setModuleSource((_state, at, name) => (at === address && name === 'book' ? module : null));
    const output = execute(call(alice, `${address}::book::init`, [new U64(7n)]), world, BLOCK);
    expect(output.vmStatus).toBe('Executed successfully');
    // The new item; the other table item written is the coin supply's, which already exists.
    const items = output.writes.filter(
      (write) => write.value?.kind === 'table_item' && world.get(write.key) === null,
    );
    expect(items).toHaveLength(1);
    const item = must(items[0]?.value);
    if (item.kind !== 'table_item') throw new Error('expected a table item');
    // Two new slots: the Book resource (key 78 bytes: AccessPath(Resource(0x…::book::Book)); value
    // its table's handle, 32) and the item (key TableItem { handle, u64 key }: 42; value an
    // address, 32).
    expect(item.value.length / 2 - 1).toBe(32);
    expect(output.fee.storageFeeOctas).toBe(2n * 400_000n + BigInt(78 + 32 + 42 + 32) * 400n);
  });

  it('a script payload runs through the VM: bytes that are no script fail as CODE_DESERIALIZATION_ERROR', () => {
    const raw = new RawTransaction(
      alice.accountAddress,
      world.sequenceNumber(alice.accountAddress),
      new TransactionPayloadScript(new Script(new Uint8Array([1, 2, 3]), [], [])),
      200_000n,
      100n,
      NOW_SECONDS + 60n,
      new ChainId(CHAIN_ID),
    );
    const tx = signed(alice, raw);
    expect(tx.payloadKind).toBe('script');
    const output = execute(tx, world, BLOCK);
    expect(output.success).toBe(false);
    expect(output.vmStatus).toBe('CODE_DESERIALIZATION_ERROR');
    expect(output.gasUsed).toBeGreaterThan(0n);
  });
});

describe('module writes (publishing through 0x1::code in process)', () => {
  const fixtures = JSON.parse(readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8')) as {
    publisher: string;
    binaries: Array<{ name: string; hex: string }>;
    metadata: Array<{ name: string; hex: string }>;
  };
  const hex = (list: Array<{ name: string; hex: string }>, name: string) =>
    Uint8Array.from(Buffer.from(must(list.find((entry) => entry.name === name)).hex, 'hex'));

  it('a published module’s new bytes are its bytecode’s length: the storage fee counts them', () => {
    const publisher = AccountAddress.from(fixtures.publisher);
    world.fund(publisher, 10_000_000_000n);
    const code = hex(fixtures.binaries, 'helper.ts#5');
    // execute() does not check signatures: alice signs for the fixtures' publisher address.
    const tx = signed(
      alice,
      rawTransaction(
        publisher,
        '0x1::code::publish_package_txn',
        [
          MoveVector.U8(hex(fixtures.metadata, 'transaction_test')),
          new MoveVector([MoveVector.U8(code)]),
        ],
        { sequenceNumber: world.sequenceNumber(publisher) },
      ),
    );
    const output = execute(tx, world, BLOCK);
    expect(output.vmStatus).toBe('Executed successfully');
    const created = output.writes.filter(
      (write) => write.value !== null && world.get(write.key) === null,
    );
    const modules = created.filter((write) => write.value?.kind === 'module');
    expect(modules).toHaveLength(1);
    const module = must(modules[0]?.value);
    if (module.kind !== 'module') throw new Error('expected a module');
    const registry = created.find(
      (write) =>
        write.value?.kind === 'resource' && write.value.type === '0x1::code::PackageRegistry',
    )?.value;
    if (registry?.kind !== 'resource') throw new Error('expected the package registry');
    expect(created).toHaveLength(2);
    // The module's slot: key AccessPath(Code(ModuleId { address, name })), value its bytecode.
    const moduleKey = 1 + 32 + 1 + (1 + 32 + 1 + module.name.length);
    // The registry's: key AccessPath(Resource(0x1::code::PackageRegistry)), 89 bytes; value its BCS.
    const registryBytes = must(new StateSizes(world).jsonBytes(registry.type, registry.data));
    expect(registryBytes).toBeGreaterThan(code.length / 100);
    expect(output.fee.storageFeeOctas).toBe(
      2n * 400_000n + BigInt(moduleKey + code.length + 89 + registryBytes) * 400n,
    );
  });
});
