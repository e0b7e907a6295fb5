import { Ed25519Signer } from '../signer.ts';

/**
 * The root (faucet) account's Ed25519 private key. DEV ONLY, published on purpose like anvil's
 * well-known keys: anyone can sign for this account. Never use it on a real network.
 */
export const ROOT_PRIVATE_KEY =
  '0x5f0c9b1a0de1a6f6d4ad55c6e8b0b0a6e9d1c1b2f7c4a3e8d5b6a7c8d9e0f1a2' as const;

/** Signs as root: the faucet's mints. */
export const ROOT_SIGNER = Ed25519Signer.fromPrivateKey(ROOT_PRIVATE_KEY);

/** The root account's address: the Ed25519 authentication key of its public key. */
export const ROOT_ADDRESS = ROOT_SIGNER.address;
