import { type Account, AccountAddress } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../../localnet/move/binary/reader.ts';
import type {
  Bytecode,
  CompiledModule,
  CompiledScript,
} from '../../../localnet/move/binary/types.ts';
import { writeScript } from '../../../localnet/move/binary/writer.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * What a node answers where this chain used to answer otherwise, through the REST API with the
 * ts-sdk: dependencies without code (scripts and packages: `LINKER_ERROR`), aborts in framework
 * modules named by the framework's error map, `native` functions at a user's address
 * (`USER_DEFINED_NATIVE_NOT_ALLOWED`), and execution failures located as the node's API prints
 * them (`Execution failed in … at code offset …`).
 */
let chain: Chain;
let owner: Account;
let me: string;
let send: ReturnType<typeof ownerTransactions>['send'];
let publish: ReturnType<typeof ownerTransactions>['publish'];

const long = (address: string): string => AccountAddress.from(address).toStringLong();

/** A script that names `deps` (module handles only, never called) and runs `code`. */
function script(deps: Array<[string, string]>, code: Bytecode[]): CompiledScript {
  const identifiers = deps.map(([, name]) => name);
  const addresses = [...new Set(deps.map(([address]) => long(address)))];
  return {
    kind: 'script',
    version: 7,
    moduleHandles: deps.map(([address], i) => ({
      address: addresses.indexOf(long(address)),
      name: i,
    })),
    structHandles: [],
    functionHandles: [],
    functionInstantiations: [],
    signatures: [[]],
    identifiers,
    addressIdentifiers: addresses,
    constantPool: [],
    metadata: [],
    typeParameters: [],
    parameters: 0,
    accessSpecifiers: null,
    code: { locals: 0, code },
  };
}

const RET: Bytecode = { op: 'Ret' };

/** `diffs`: a missing resource, a division by zero, and `vector::remove` out of range. */
function diffsModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'diffs');
  const thing = b.struct('Thing', 8, [['v', S.u64]]);
  b.fn('read', {
    entry: true,
    params: [S.address],
    acquires: [thing.def],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowGlobal', def: thing.def },
      { op: 'Pop' },
      RET,
    ],
  });
  b.fn('divide', {
    entry: true,
    params: [S.u64],
    code: [
      { op: 'LdU64', value: 1n },
      { op: 'MoveLoc', local: 0 },
      { op: 'Div' },
      { op: 'Pop' },
      RET,
    ],
  });
  const remove = b.use(
    '0x1',
    'vector',
    'remove',
    [S.mut(S.vec(S.param(0))), S.u64],
    [S.param(0)],
    1,
  );
  b.fn('remove_out_of_range', {
    entry: true,
    locals: [S.vec(S.u64)],
    code: [
      { op: 'VecPack', sig: b.sig([S.u64]), count: 0n },
      { op: 'StLoc', local: 0 },
      { op: 'MutBorrowLoc', local: 0 },
      { op: 'LdU64', value: 5n },
      { op: 'CallGeneric', fn: b.fnInst(remove, [S.u64]) },
      { op: 'Pop' },
      RET,
    ],
  });
  return b.build();
}

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  me = owner.accountAddress.toString();
  ({ send, publish } = ownerTransactions(chain, owner));
  const published = await publish('diffs', diffsModule(owner.accountAddress.toStringLong()));
  if (!published.success) throw new Error(`publish failed: ${published.vm_status}`);
});
afterAll(async () => {
  await chain.localnet.stop();
});

describe('dependencies without code', () => {
  it('refuses a script naming a module that does not exist with LINKER_ERROR, as a node loads it first', async () => {
    for (const dep of [
      ['0x1', 'no_such_module'],
      [me, 'absent'],
    ] as Array<[string, string]>) {
      const done = await send({
        bytecode: bytesToHex(writeScript(script([dep], [RET]))),
        functionArguments: [],
      });
      expect(done.success, dep.join('::')).toBe(false);
      expect(done.vm_status).toBe('LINKER_ERROR');
    }
  });

  it('runs a script naming framework modules and published ones', async () => {
    const deps: Array<[string, string]> = [
      ['0x1', 'vector'],
      ['0x4', 'token'],
      [me, 'diffs'],
    ];
    const done = await send({
      bytecode: bytesToHex(writeScript(script(deps, [RET]))),
      functionArguments: [],
    });
    expect(done.vm_status).toBe('Executed successfully');
  });

  it('refuses a package whose dependency has no code at a framework address with LINKER_ERROR', async () => {
    const b = new ModuleBuilder(owner.accountAddress.toStringLong(), 'needy');
    b.moduleHandle('0x1', 'no_such_module');
    b.fn('f', { code: [RET] });
    const done = await publish('needy', b.build());
    expect(done.success).toBe(false);
    expect(done.vm_status).toBe('LINKER_ERROR');
    expect((await chain.rest(`/accounts/${me}/module/needy`)).status, 'nothing was stored').toBe(
      404,
    );
  });
});

describe('framework aborts', () => {
  it('names an abort in 0x1::vector by the framework error map', async () => {
    const done = await send({
      function: `${me}::diffs::remove_out_of_range`,
      functionArguments: [],
    });
    expect(done.success).toBe(false);
    expect(done.vm_status).toBe(
      'Move abort in 0x1::vector: EINDEX_OUT_OF_BOUNDS(0x20000): The index into the vector is out of bounds',
    );
  });
});

describe('native functions', () => {
  it("refuses a module declaring a native function at a user's address with USER_DEFINED_NATIVE_NOT_ALLOWED", async () => {
    const b = new ModuleBuilder(owner.accountAddress.toStringLong(), 'nat');
    b.fn('magic', { params: [S.u64], returns: [S.u64], code: [RET] });
    const built = b.build();
    const module: CompiledModule = {
      ...built,
      functionDefs: built.functionDefs.map((def) => ({ ...def, code: null })),
    };
    const done = await publish('nat', module);
    expect(done.success).toBe(false);
    expect(done.vm_status).toBe('USER_DEFINED_NATIVE_NOT_ALLOWED');
  });
});

describe('execution failures', () => {
  it('names the function and code offset, as a node does', async () => {
    const missing = await send({ function: `${me}::diffs::read`, functionArguments: [me] });
    expect(missing.success).toBe(false);
    // A node names the module with its address's short form (`short_str_lossless`).
    const at = `0x${me.slice(2).replace(/^0+/, '')}`;
    expect(missing.vm_status).toBe(`Execution failed in ${at}::diffs::read at code offset 1`);
    const divided = await send({ function: `${me}::diffs::divide`, functionArguments: [0] });
    expect(divided.vm_status).toBe(`Execution failed in ${at}::diffs::divide at code offset 2`);
  });

  it('names a script as `script`', async () => {
    const code: Bytecode[] = [
      { op: 'LdU64', value: 1n },
      { op: 'LdU64', value: 0n },
      { op: 'Div' },
      { op: 'Pop' },
      RET,
    ];
    const done = await send({
      bytecode: bytesToHex(writeScript(script([], code))),
      functionArguments: [],
    });
    expect(done.vm_status).toBe('Execution failed in script at code offset 2');
  });
});
