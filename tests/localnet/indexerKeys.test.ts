/**
 * The indexer's key tables as the real account_restoration_processor fills them: multi-key
 * membership in `public_key_auth_keys`, and `auth_key_account_addresses` rows only for rotated and
 * multi-key accounts (the SDK finds a single-key account by its derived address).
 */
import {
  Account,
  getKeylessConfig,
  getKeylessJWKs,
  MultiEd25519Account,
  MultiEd25519PublicKey,
  MultiKeyAccount,
  SigningSchemeInput,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from './helpers.ts';

let chain: Chain;
let minter: Account;

beforeAll(async () => {
  chain = await startChain();
  minter = await fundedAccount(chain, 10_000_000_000);
});
afterAll(async () => {
  await chain.localnet.stop();
});

async function transfer(sender: Account, to: Account, amount: number) {
  const transaction = await chain.aptos.transferCoinTransaction({
    sender: sender.accountAddress,
    recipient: to.accountAddress,
    amount,
  });
  const pending = await chain.aptos.signAndSubmitTransaction({ signer: sender, transaction });
  return chain.aptos.waitForTransaction({ transactionHash: pending.hash });
}

const rows = async (table: string, where: unknown, columns: string) => {
  const response = await fetch(chain.localnet.urls.indexer, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `query q($w: ${table}_bool_exp) { ${table}(where: $w) { ${columns} } }`,
      variables: { w: where },
    }),
  });
  const body = (await response.json()) as { data: Record<string, unknown[]> };
  return body.data[table];
};

describe('public_key_auth_keys', () => {
  it('lists each member key of a multi-key that signed, used only when its bit was set', async () => {
    const legacy = () => Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: true });
    const [one, two, three] = [legacy(), legacy(), legacy()];
    const multiKey = MultiKeyAccount.fromPublicKeysAndSigners({
      publicKeys: [one.publicKey, two.publicKey, three.publicKey],
      signaturesRequired: 1,
      signers: [three],
    });
    const multiEd = new MultiEd25519Account({
      publicKey: new MultiEd25519PublicKey({
        publicKeys: [three.publicKey, one.publicKey],
        threshold: 1,
      }),
      signers: [one.privateKey],
    });
    for (const account of [multiKey, multiEd]) await transfer(minter, account, 100_000_000);
    for (const account of [multiKey, multiEd]) await transfer(account, account, 0);

    const ofOne = await rows(
      'public_key_auth_keys',
      { public_key: { _eq: one.publicKey.toString() }, public_key_type: { _eq: 'ed25519' } },
      'auth_key is_public_key_used signature_type account_public_key',
    );
    expect(ofOne).toEqual(
      expect.arrayContaining([
        {
          auth_key: multiKey.publicKey.authKey().toString(),
          is_public_key_used: false,
          signature_type: 'multi_key_signature',
          account_public_key: multiKey.publicKey.bcsToHex().toString(),
        },
        {
          auth_key: multiEd.publicKey.authKey().toString(),
          is_public_key_used: true,
          signature_type: 'multi_ed25519_signature',
          account_public_key: `0x${Buffer.from(multiEd.publicKey.toUint8Array()).toString('hex')}`,
        },
      ]),
    );
    expect(ofOne).toHaveLength(2);
    // Multi-key senders get their auth_key_account_addresses row (never rotated, still listed).
    expect(
      await rows(
        'auth_key_account_addresses',
        { account_address: { _eq: multiKey.accountAddress.toStringLong() } },
        'auth_key is_auth_key_used',
      ),
    ).toEqual([{ auth_key: multiKey.publicKey.authKey().toString(), is_auth_key_used: true }]);
    const accounts = await chain.aptos.getAccountsForPublicKey({ publicKey: one.publicKey });
    expect(accounts.map((info) => info.accountAddress.toString())).toEqual([
      multiEd.accountAddress.toString(),
    ]);
  });
});

describe('auth_key_account_addresses', () => {
  it('has no row for a single-key account under its own key', async () => {
    const plain = await fundedAccount(chain, 100_000_000);
    await transfer(plain, plain, 0);
    expect(
      await rows(
        'auth_key_account_addresses',
        { account_address: { _eq: plain.accountAddress.toStringLong() } },
        'auth_key',
      ),
    ).toEqual([]);
    const derived = await chain.aptos.deriveOwnedAccountsFromSigner({ signer: plain });
    expect(derived.map((account) => account.accountAddress.toString())).toEqual([
      plain.accountAddress.toString(),
    ]);
  });
});

describe('keyless genesis resources', () => {
  it('serves the Configuration, verification key and test issuer JWK the SDK verifies against', async () => {
    const config = await getKeylessConfig({ aptosConfig: chain.aptos.config });
    expect(config.maxExpHorizonSecs).toBe(10_000_000);
    expect(config.trainingWheelsPubkey).toBeDefined();
    const jwks = await getKeylessJWKs({ aptosConfig: chain.aptos.config });
    expect(jwks.get('test.oidc.provider')?.map((jwk) => jwk.kid)).toEqual(['test-rsa']);
  });
});
