import { readFileSync } from 'node:fs';
import { Network, NetworkToFaucetAPI, NetworkToNodeAPI } from '@aptos-labs/ts-sdk';

/** A network named on the command line: `local`, `devnet`, `testnet`, or a node URL. */
export interface CliNetwork {
  name: string;
  nodeUrl: string;
  faucetUrl?: string;
}

/** Thrown for a bad command line; the CLI prints the message and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const NAMED: Record<string, Network> = {
  local: Network.LOCAL,
  devnet: Network.DEVNET,
  testnet: Network.TESTNET,
};

/**
 * Resolves `--network`: a known name, or a full-node URL (`http://host:8080/v1`).
 *
 * @throws UsageError for anything else.
 */
export function resolveNetwork(value: string): CliNetwork {
  const named = NAMED[value];
  if (named) {
    return { name: value, nodeUrl: NetworkToNodeAPI[named], faucetUrl: NetworkToFaucetAPI[named] };
  }
  if (/^https?:\/\//.test(value)) return { name: 'custom', nodeUrl: value.replace(/\/+$/, '') };
  throw new UsageError(
    `--network must be local, devnet, testnet or a node URL such as http://127.0.0.1:8080/v1; got "${value}".`,
  );
}

/**
 * Reads the signer's private key from an environment variable or a file, never from the command
 * line (it would stay in the shell history and the process list).
 *
 * @param args.keyEnv - the variable's name.
 * @param args.keyFile - a file holding the key (hex or AIP-80), read when given.
 * @param args.env - the environment (default `process.env`).
 * @throws UsageError when neither holds a key.
 */
export function readPrivateKey(args: {
  keyEnv: string;
  keyFile?: string;
  env?: NodeJS.ProcessEnv;
}): string {
  if (args.keyFile !== undefined) {
    const key = readFileSync(args.keyFile, 'utf8').trim();
    if (key === '') throw new UsageError(`The key file ${args.keyFile} is empty.`);
    return key;
  }
  const key = (args.env ?? process.env)[args.keyEnv]?.trim();
  if (!key) {
    throw new UsageError(
      `No private key: set the environment variable ${args.keyEnv} (hex or ed25519-priv-0x…), or pass --key-file PATH. Keys are never taken as arguments.`,
    );
  }
  return key;
}
