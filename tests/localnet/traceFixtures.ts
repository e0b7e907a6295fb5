import {
  MOVE_TRACE_FORMAT,
  type MoveTrace,
  type TraceFrame,
  type TraceGas,
} from '../../localnet/move/vm/traceTypes.ts';

const gas = (execution: number, io = 0, storageOctas = 0): TraceGas => ({
  execution: String(execution),
  io: String(io),
  storageOctas: String(storageOctas),
});

function frame(
  partial: Partial<TraceFrame> & Pick<TraceFrame, 'id' | 'parent' | 'depth' | 'function'>,
): TraceFrame {
  return {
    kind: 'bytecode',
    typeArgs: [],
    args: [],
    returns: [],
    status: 'success',
    gas: gas(0),
    selfGas: gas(0),
    events: [],
    reads: [],
    writes: [],
    ...partial,
  };
}

/**
 * A trace as the chain would answer it for the three-frame package of sourceMapFixture.ts (`a`
 * calls `b` at offset 3, `b` calls `c` at offset 3, `c` aborts at offset 5 with 7): gas in
 * internal units, 1,000,000 of them to a gas unit; frames sum exactly.
 */
export function abcTrace(address = '0xcafe'): MoveTrace {
  const fn = (name: string) => `${address}::m::${name}`;
  return {
    format: MOVE_TRACE_FORMAT,
    kind: 'committed',
    version: '41',
    hash: `0x${'ab'.repeat(32)}`,
    success: false,
    vmStatus: `Move abort in ${address}::m: 0x7`,
    gasUsed: '7',
    gasUnitPrice: '100',
    gasScale: '1000000',
    fee: {
      totalGasUnits: '7',
      executionGasUnits: '2',
      ioGasUnits: '5',
      storageFeeOctas: '0',
    },
    frames: [
      frame({
        id: 0,
        parent: -1,
        depth: 0,
        function: 'transaction',
        kind: 'transaction',
        returns: null,
        status: 'abort',
        gas: gas(1_500_000, 5_000_000),
        selfGas: gas(1_000_000, 4_600_000),
      }),
      frame({
        id: 1,
        parent: 0,
        depth: 1,
        function: fn('a'),
        args: ['0x1234', '50'],
        returns: null,
        status: 'abort',
        gas: gas(500_000, 400_000),
        selfGas: gas(200_000, 400_000),
        reads: [0],
      }),
      frame({
        id: 2,
        parent: 1,
        depth: 2,
        function: fn('b'),
        args: ['51'],
        returns: null,
        status: 'abort',
        callOffset: 3,
        gas: gas(300_000),
        selfGas: gas(150_000),
      }),
      frame({
        id: 3,
        parent: 2,
        depth: 3,
        function: fn('c'),
        args: ['102'],
        returns: null,
        status: 'abort',
        abort: { code: '7', name: 'E_TOO_LOW', description: 'Prices below this abort' },
        offset: 5,
        callOffset: 3,
        gas: gas(150_000),
        selfGas: gas(150_000),
      }),
    ],
    reads: [{ frame: 1, kind: 'module', address, path: 'm', bytes: 312 }],
    writes: [],
    events: [],
    truncated: { frames: false, steps: false },
  };
}

/** A successful trace with a native frame and siblings (a wider flamegraph), with steps. */
export function transferTrace(): MoveTrace {
  return {
    ...abcTrace(),
    success: true,
    vmStatus: 'Executed successfully',
    kind: 'simulation',
    gasUsed: '5',
    fee: { totalGasUnits: '5', executionGasUnits: '2', ioGasUnits: '3', storageFeeOctas: '0' },
    frames: [
      frame({
        id: 0,
        parent: -1,
        depth: 0,
        function: 'transaction',
        kind: 'transaction',
        gas: gas(2_000_000, 3_000_000, 0),
        selfGas: gas(1_000_000, 2_000_000),
      }),
      frame({
        id: 1,
        parent: 0,
        depth: 1,
        function: '0x1::aptos_account::transfer',
        args: ['0xb0b', '1000'],
        gas: gas(1_000_000, 1_000_000),
        selfGas: gas(100_000, 0),
      }),
      frame({
        id: 2,
        parent: 1,
        depth: 2,
        function: '0x1::primary_fungible_store::transfer',
        kind: 'native',
        typeArgs: ['0x1::fungible_asset::Metadata'],
        callOffset: 4,
        gas: gas(600_000, 800_000),
        selfGas: gas(600_000, 800_000),
        events: [0],
        writes: [0],
      }),
      frame({
        id: 3,
        parent: 1,
        depth: 2,
        function: '0x1::account::exists_at',
        kind: 'native',
        callOffset: 9,
        returns: [true],
        gas: gas(300_000, 200_000),
        selfGas: gas(300_000, 200_000),
      }),
    ],
    events: [
      {
        frame: 2,
        event: { type: '0x1::fungible_asset::Deposit', data: { amount: '1000', store: '0xa' } },
      },
    ],
    writes: [
      {
        frame: 2,
        change: { type: 'write_resource', address: '0xa', data: { balance: '1000' } },
      },
    ],
    steps: [
      {
        frame: 1,
        offset: 0,
        instruction: 'CopyLoc[0]',
        stack: [],
        locals: ['0xb0b', null],
        gasLeft: '99',
      },
    ],
    truncated: { frames: false, steps: false },
  };
}
