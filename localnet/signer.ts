import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import {
  AccountAddress,
  ChainId,
  Ed25519PublicKey,
  Ed25519Signature,
  EntryFunction,
  RawTransaction,
  SignedTransaction,
  TransactionAuthenticatorEd25519,
  TransactionPayloadEntryFunction,
  type EntryFunctionArgumentTypes,
  type MoveFunctionId,
  type TypeTag,
} from '@aptos-labs/ts-sdk';
import type { LongAddress } from './encoding.ts';
import { concatBytes, sha3, toHex, utf8 } from './encoding.ts';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const RAW_TRANSACTION_SALT = sha3(utf8('APTOS::RawTransaction'));

/**
 * An Ed25519 account that signs entry function transactions through `node:crypto` (many times
 * faster than the SDK's pure-JS signer), with the SDK's BCS types. The faucet signs as root with
 * it; the benchmark signs its load with it.
 */
export class Ed25519Signer {
  readonly publicKey: Uint8Array;
  /** The account address: the Ed25519 authentication key of the public key. */
  readonly address: LongAddress;

  private constructor(private readonly privateKey: KeyObject) {
    const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
    this.publicKey = new Uint8Array(spki.subarray(spki.length - 32));
    this.address = toHex(sha3(concatBytes([this.publicKey, new Uint8Array([0])]))) as LongAddress;
  }

  /** From a raw 32-byte private key in hex (`0x…`). */
  static fromPrivateKey(hex: string): Ed25519Signer {
    const seed = Buffer.from(hex.replace(/^0x/, ''), 'hex');
    return new Ed25519Signer(
      createPrivateKey({
        key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
        format: 'der',
        type: 'pkcs8',
      }),
    );
  }

  static generate(): Ed25519Signer {
    return new Ed25519Signer(generateKeyPairSync('ed25519').privateKey);
  }

  /**
   * A BCS `SignedTransaction` calling an entry function.
   *
   * @example
   * const bytes = signer.signEntryFunction({ function: '0x1::aptos_account::transfer',
   *   args: [AccountAddress.from(to), new U64(1n)], sequenceNumber: 0n, expirationSecs, chainId: 4 });
   */
  signEntryFunction(
    args: (
      | { function: MoveFunctionId; typeArgs?: TypeTag[]; args: EntryFunctionArgumentTypes[] }
      | { entryFunction: EntryFunction }
    ) & {
      sequenceNumber: bigint;
      expirationSecs: bigint;
      chainId: number;
      maxGasAmount?: bigint;
      gasUnitPrice?: bigint;
    },
  ): Uint8Array {
    const raw = new RawTransaction(
      AccountAddress.from(this.address),
      args.sequenceNumber,
      new TransactionPayloadEntryFunction(
        'entryFunction' in args
          ? args.entryFunction
          : EntryFunction.build(
              args.function.split('::').slice(0, 2).join('::') as `${string}::${string}`,
              args.function.split('::')[2] ?? '',
              args.typeArgs ?? [],
              args.args,
            ),
      ),
      args.maxGasAmount ?? 200_000n,
      args.gasUnitPrice ?? 100n,
      args.expirationSecs,
      new ChainId(args.chainId),
    );
    const signature = sign(
      null,
      concatBytes([RAW_TRANSACTION_SALT, raw.bcsToBytes()]),
      this.privateKey,
    );
    return new SignedTransaction(
      raw,
      new TransactionAuthenticatorEd25519(
        new Ed25519PublicKey(this.publicKey),
        new Ed25519Signature(signature),
      ),
    ).bcsToBytes();
  }
}
