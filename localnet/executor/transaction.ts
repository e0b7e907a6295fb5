// The decoded transaction's shape, apart from the decoder, so what decode.ts imports can name it.
import type {
  AccountAuthenticator,
  RawTransaction,
  Script,
  TransactionAuthenticator,
} from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../encoding.ts';

/** An entry function call as the payload names it; arguments stay BCS until the ABI reads them. */
export interface EntryCall {
  module: LongAddress;
  moduleName: string;
  functionName: string;
  typeArgs: string[];
  args: Uint8Array[];
}

/** One account that signs: the sender, a secondary signer or the fee payer. */
export interface Signer {
  address: LongAddress;
  authenticator: AccountAuthenticator;
}

/** A decoded BCS `SignedTransaction`, with the fields the validator and executor read. */
export interface DecodedTransaction {
  bytes: Uint8Array;
  hash: `0x${string}`;
  raw: RawTransaction;
  rawBytes: Uint8Array;
  authenticator: TransactionAuthenticator;
  sender: LongAddress;
  sequenceNumber: bigint;
  maxGasAmount: bigint;
  gasUnitPrice: bigint;
  expirationSecs: bigint;
  chainId: number;
  /**
   * What runs. A `payload_v2` payload (`TransactionInnerPayloadV1`) whose executable is an entry
   * function or a script, without a multisig address, is that kind; others stay `payload_v2`.
   */
  payloadKind: 'entry_function' | 'script' | 'multisig' | 'payload_v2';
  entry: EntryCall | null;
  /** The script of a script payload (plain or `payload_v2`), else `null`. */
  script: Script | null;
  /**
   * The replay protection nonce of an orderless transaction (a `payload_v2` payload whose extra
   * config has one): it is identified by (sender, nonce) and its sequence number is not used.
   */
  nonce: bigint | null;
  senderSigner: Signer;
  secondarySigners: Signer[];
  feePayer: Signer | null;
}
