import {
  AccountAddress,
  EntryFunction,
  FixedBytes,
  Identifier,
  ModuleId,
  StructTag,
  TypeTagAddress,
  TypeTagBool,
  TypeTagStruct,
  TypeTagU128,
  TypeTagU64,
  TypeTagU8,
  TypeTagVector,
  type TypeTag,
} from '@aptos-labs/ts-sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uleb128 } from '../../localnet/encoding.ts';
import { Ed25519Signer } from '../../localnet/index.ts';
import { postBcs, startChain, type Chain } from './helpers';

/** `npm test` runs a few dozen cases with a fixed seed; `npm run reliability` sets FUZZ_RUNS. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 18);

let chain: Chain;
let signer: Ed25519Signer;
beforeAll(async () => {
  chain = await startChain();
  signer = Ed25519Signer.generate();
  await chain.aptos.fundAccount({ accountAddress: signer.address, amount: 10_000_000_000 });
});
afterAll(async () => {
  await chain.localnet.stop();
});

const identifier = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('coin', 'aptos_account', 'transfer', 'AptosCoin', 'a b', '', '_'),
);

const typeTag: fc.Arbitrary<TypeTag> = fc.letrec<{ tag: TypeTag }>((tie) => ({
  tag: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<TypeTag>(
      new TypeTagU8(),
      new TypeTagU64(),
      new TypeTagU128(),
      new TypeTagBool(),
      new TypeTagAddress(),
    ),
    tie('tag').map((inner) => new TypeTagVector(inner)),
    fc
      .tuple(identifier, identifier, fc.array(tie('tag'), { maxLength: 2 }))
      .map(
        ([module, name, args]) =>
          new TypeTagStruct(
            new StructTag(AccountAddress.ONE, new Identifier(module), new Identifier(name), args),
          ),
      ),
  ),
})).tag;

const target = fc.oneof(
  fc.constantFrom<[string, string, string]>(
    ['0x1', 'aptos_account', 'transfer'],
    ['0x1', 'aptos_account', 'batch_transfer'],
    ['0x1', 'coin', 'transfer'],
    ['0x1', 'primary_fungible_store', 'transfer'],
    ['0xcafe', 'playground', 'store_value'],
    ['0xcafe', 'playground', 'abort_with'],
  ),
  fc.tuple(fc.constant('0x1'), identifier, identifier),
);

const payload = fc.record({
  target,
  typeArgs: fc.array(typeTag, { maxLength: 3 }),
  args: fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 4 }),
});

async function sequenceNumber(): Promise<bigint> {
  const account = await chain.aptos.getAccountInfo({ accountAddress: signer.address });
  return BigInt(account.sequence_number);
}

it('never answers 5xx to signed transactions with random payloads, and every committed one reads back', async () => {
  await fc.assert(
    fc.asyncProperty(payload, async ({ target: [address, module, fn], typeArgs, args }) => {
      const entryFunction = new EntryFunction(
        new ModuleId(
          AccountAddress.from(`0x${address.slice(2).padStart(64, '0')}`),
          new Identifier(module),
        ),
        new Identifier(fn),
        typeArgs,
        args.map((bytes) => new FixedBytes(Uint8Array.from([...uleb128(bytes.length), ...bytes]))),
      );
      const bytes = signer.signEntryFunction({
        entryFunction,
        sequenceNumber: await sequenceNumber(),
        expirationSecs: BigInt(Math.floor(Date.now() / 1000) + 600),
        chainId: 4,
      });
      // A signature that does not verify, so the node simulates it.
      const unsigned = Uint8Array.from(bytes);
      unsigned[unsigned.length - 1] = (unsigned[unsigned.length - 1] ?? 0) ^ 1;
      const simulated = await postBcs(chain, '/transactions/simulate', unsigned);
      expect(simulated.status).toBeLessThan(500);
      const submitted = await postBcs(chain, '/transactions', bytes);
      expect(submitted.status).toBeLessThan(500);
      if (submitted.status === 202) {
        const { hash } = submitted.body as { hash: string };
        await chain.aptos.waitForTransaction({
          transactionHash: hash,
          options: { checkSuccess: false },
        });
      }
    }),
    { numRuns: RUNS, seed: SEED },
  );
  const latest = BigInt((await chain.aptos.getLedgerInfo()).ledger_version);
  for (let version = 0n; version <= latest; version += 1n) {
    const response = await chain.rest(`/transactions/by_version/${version}`);
    expect(response.status).toBe(200);
    const { hash } = (await response.json()) as { hash: string };
    expect((await chain.rest(`/transactions/by_hash/${hash}`)).status).toBe(200);
    expect((await chain.rest(`/blocks/by_version/${version}?with_transactions=true`)).status).toBe(
      200,
    );
  }
  expect((await chain.rest(`/accounts/${signer.address}/transactions?limit=100`)).status).toBe(200);
}, 600_000);
