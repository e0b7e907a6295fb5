import type { Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { addressBytes, derived, eventsOf, op, short, u64le, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { packageMetadata } from './signedModules.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x1::object_code_deployment` through the REST API with the ts-sdk, as `aptos move
 * deploy-object` uses it: a package published at a named object of the publisher (its address
 * from the seed the source hashes), ManagingRefs and the Publish event written, its view callable;
 * an upgrade by another account ENOT_CODE_OBJECT_OWNER, by the owner an Upgrade event, a freeze
 * (Freeze event), after which an upgrade is refused by `code`.
 */
let chain: Chain;
let owner: Account;
let bob: Account;
let codeObject: string;

function answerModule(address: string, answer: bigint): CompiledModule {
  const b = new ModuleBuilder(address, 'answer');
  b.fn('get', { view: true, returns: [S.u64], code: [op.u64(answer), op.ret] });
  return b.build();
}

const DOMAIN = 'aptos_framework::object_code_deployment';
const payload = (fn: string, args: Array<string | Uint8Array | Uint8Array[]>) => ({
  function: `0x1::object_code_deployment::${fn}` as const,
  functionArguments: args,
});
const codeOf = (module: CompiledModule) => [writeModule(module)];
const metadata = packageMetadata('answer', ['answer']);

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain);
  bob = await fundedAccount(chain);
  const { sequence_number } = await chain.aptos.getAccountInfo({
    accountAddress: owner.accountAddress,
  });
  const seed = Buffer.concat([
    Uint8Array.of(DOMAIN.length),
    Buffer.from(DOMAIN),
    u64le(BigInt(sequence_number) + 1n),
  ]);
  codeObject = derived(addressBytes(owner.accountAddress.toString()), seed, Uint8Array.of(0xfe));
}, 60_000);

afterAll(async () => {
  await chain.localnet.stop();
});

describe('object_code_deployment', () => {
  it('publishes at the named object the source derives, with ManagingRefs and a Publish event', async () => {
    const done = await ownerTransactions(chain, owner).send(
      payload('publish', [metadata, codeOf(answerModule(codeObject, 42n))]),
    );
    expect(done.success, done.vm_status).toBe(true);
    expect(eventsOf(done, '0x1::object_code_deployment::Publish')[0]?.data).toEqual({
      object_address: codeObject,
    });
    expect(written(done, '0x1::object_code_deployment::ManagingRefs').get(codeObject)).toEqual({
      extend_ref: { self: codeObject },
    });
    expect(written(done, '0x1::object::ObjectCore').get(codeObject)).toMatchObject({
      owner: short(owner.accountAddress.toString()),
    });
    const [answer] = await chain.aptos.view({
      payload: { function: `${codeObject}::answer::get`, functionArguments: [] },
    });
    expect(answer).toBe('42');
  });

  it('only the owner upgrades; an upgrade emits Upgrade', async () => {
    const theirs = await ownerTransactions(chain, bob).send(
      payload('upgrade', [metadata, codeOf(answerModule(codeObject, 7n)), codeObject]),
    );
    expect(theirs.vm_status).toBe(
      'Move abort in 0x1::object_code_deployment: ENOT_CODE_OBJECT_OWNER(0x50002): Not the owner of the `code_object`',
    );
    const done = await ownerTransactions(chain, owner).send(
      payload('upgrade', [metadata, codeOf(answerModule(codeObject, 43n)), codeObject]),
    );
    expect(done.success, done.vm_status).toBe(true);
    expect(eventsOf(done, '0x1::object_code_deployment::Upgrade')[0]?.data).toEqual({
      object_address: codeObject,
    });
    const [answer] = await chain.aptos.view({
      payload: { function: `${codeObject}::answer::get`, functionArguments: [] },
    });
    expect(answer).toBe('43');
  });

  it('freeze_code_object emits Freeze; the frozen package cannot be upgraded', async () => {
    const mine = ownerTransactions(chain, owner);
    const frozen = await mine.send(payload('freeze_code_object', [codeObject]));
    expect(frozen.success, frozen.vm_status).toBe(true);
    expect(eventsOf(frozen, '0x1::object_code_deployment::Freeze')[0]?.data).toEqual({
      object_address: codeObject,
    });
    const again = await mine.send(
      payload('upgrade', [metadata, codeOf(answerModule(codeObject, 44n)), codeObject]),
    );
    expect(again.success).toBe(false);
    expect(again.vm_status).toContain('EUPGRADE_IMMUTABLE');
  });
});
