import { Clock } from '../clock.ts';
import type { Json } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { DecodedTransaction } from '../executor/decode.ts';
import { decodeSignedTransaction } from '../executor/decode.ts';
import { execute, validate, validationFailureOutput } from '../executor/execute.ts';
import { genesisWrites, timestampValue } from '../framework/genesis.ts';
import { Mempool } from '../mempool/mempool.ts';
import { Ledger } from '../storage/ledger.ts';
import { DurableLog } from '../storage/log.ts';
import type { StateKey, StateReader, StateValue, TransactionOutput } from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';
import { admit } from './admission.ts';
import { BlockProducer } from './blockProducer.ts';
import { notFound } from './history.ts';
import { simulatedJson } from './render.ts';
import { Waiters } from './waiters.ts';

type JsonObject = { [key: string]: Json };

/**
 * One committed block as the chain's log holds it: its timestamp and its user transactions'
 * signed BCS, in order. Genesis is not a logged block (it is rebuilt from `genesisWrites`).
 */
export interface LoggedBlock {
  timestamp: bigint;
  transactions: readonly Uint8Array[];
}

/** What to re-execute at `version`. */
export type ReexecuteRequest =
  /** The committed user transaction at `version`, from its recorded signed bytes. */
  | { version: bigint }
  /** Any signed transaction (a modified draft), as if it had run at `version` instead. */
  | { version: bigint; transaction: Uint8Array };

/** The answer: the execution as `/transactions/simulate` prints it, plus where it ran. */
export interface Reexecution {
  transaction: JsonObject;
  gasUsed: bigint;
  blockHeight: number;
  /** How many logged blocks were re-executed to rebuild the state (genesis not counted). */
  blocksReplayed: number;
}

/**
 * Re-executes at a ledger version in a scratch chain (issue 12, kind 3 at the original version):
 * the state just before `version` is rebuilt by replaying the log from genesis, each block
 * through the same `BlockProducer.replay` the node runs on start, in a ledger of its own; then,
 * inside `version`'s block (its timestamp, its block metadata, the user transactions before it),
 * the transaction runs. The live chain is never read for state nor written.
 *
 * A committed transaction is re-validated and executed as the miner did (sequence number exact,
 * signatures not checked again), so the answer reproduces the committed one byte for byte when
 * the chain is deterministic. A modified transaction is validated as a simulation is (its
 * signature is not checked, so an unsigned draft works), against that same state and time.
 *
 * @param request - the version, and optionally the signed transaction to run there.
 * @param chain.blocks - the logged blocks, oldest first (read lazily; stops at `version`'s block).
 * @param chain.chainId - the chain id transactions are validated against.
 * @param chain.ledgerVersion - the live ledger version (a later `version` is not found).
 * @throws NodeError `version_not_found` past the ledger; `invalid_input` when `version` holds no
 *   user transaction and none was given, or the given bytes do not decode.
 */
export function reexecuteAt(
  request: ReexecuteRequest,
  chain: { blocks: Iterable<LoggedBlock>; chainId: number; ledgerVersion: number },
): Reexecution {
  const { version } = request;
  if (version > BigInt(chain.ledgerVersion)) {
    throw notFound('version_not_found', `Ledger version not found by Ledger version(${version})`);
  }
  if (version === 0n) {
    throw new NodeError({
      code: 'invalid_input',
      message: 'Version 0 is genesis: nothing runs before it; give a later version',
    });
  }
  const target = Number(version);
  const given = 'transaction' in request ? admit(request.transaction) : null;
  const scratch = new ScratchChain(chain.chainId);
  try {
    let blocksReplayed = 0;
    for (const block of chain.blocks) {
      // A block takes metadata, its user transactions, a checkpoint: versions first … last.
      const first = scratch.ledger.version + 1;
      const last = first + block.transactions.length + 1;
      if (target > last) {
        scratch.replay(block);
        blocksReplayed += 1;
        continue;
      }
      const index = target - first - 1;
      const before = block.transactions.slice(0, Math.max(0, index));
      let tx: DecodedTransaction;
      if (given !== null) {
        tx = given;
      } else {
        const recorded = block.transactions[index];
        if (index < 0 || recorded === undefined) {
          throw new NodeError({
            code: 'invalid_input',
            message: `Version ${version} is the block's ${index < 0 ? 'metadata' : 'state checkpoint'}, not a user transaction: give a user transaction's version, or a transaction to run there`,
          });
        }
        tx = decodeSignedTransaction(new Uint8Array(recorded));
      }
      const output = scratch.executeInBlock({
        timestamp: block.timestamp,
        before,
        tx,
        recorded: given === null,
      });
      return {
        transaction: simulatedJson(tx, output, target, block.timestamp),
        gasUsed: output.gasUsed,
        blockHeight: scratch.ledger.height + 1,
        blocksReplayed,
      };
    }
    throw new NodeError({
      code: 'internal_error',
      message: `The chain's log ends before version ${version}; it does not match the ledger`,
    });
  } finally {
    scratch.stop();
  }
}

/** A chain of its own, from genesis, that only replays: no miner running, no durable log. */
class ScratchChain {
  readonly ledger = new Ledger();
  private readonly producer: BlockProducer;

  constructor(private readonly chainId: number) {
    this.producer = new BlockProducer({
      ledger: this.ledger,
      mempool: new Mempool(),
      clock: new Clock(),
      log: DurableLog.memory(),
      waiters: new Waiters(),
      chainId,
      maxBlockTransactions: 1,
      mining: { mode: 'manual' },
      onCommitted: () => undefined,
    });
    // As the live node: genesis at time 0, so the same log rebuilds the same state.
    this.ledger.commitGenesis(genesisWrites(0n), 0n);
  }

  replay(block: LoggedBlock): void {
    this.producer.replay([
      {
        k: 'block',
        ts: block.timestamp.toString(),
        txs: block.transactions.map((bytes) =>
          Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex'),
        ),
      },
    ]);
  }

  /**
   * Runs `tx` inside a block with this timestamp, after its metadata and the transactions
   * `before` it, as `BlockProducer` commits one (an overlay over the latest state).
   */
  executeInBlock(args: {
    timestamp: bigint;
    before: readonly Uint8Array[];
    tx: DecodedTransaction;
    recorded: boolean;
  }): TransactionOutput {
    const { timestamp } = args;
    const { chainId } = this;
    const overlay = new Map<StateKey, StateValue | null>();
    const base = this.ledger.reader();
    const state: StateReader = {
      get: (key) => {
        const value = overlay.get(key);
        return value !== undefined ? value : base.get(key);
      },
    };
    const clock = timestampValue(timestamp);
    overlay.set(resourceKey(clock.address, clock.type), clock);
    const context = { timestampMicros: timestamp, chainId };
    for (const bytes of args.before) {
      const output = execute(decodeSignedTransaction(new Uint8Array(bytes)), state, context);
      for (const write of output.writes) overlay.set(write.key, write.value);
    }
    const failure = validate(args.tx, state, {
      nowSeconds: timestamp / 1_000_000n,
      chainId,
      signatures: 'skip',
      sequence: 'exact',
      // The miner does not re-check auth keys at commit; a simulation does.
      ...(args.recorded ? { authKeys: false } : {}),
    });
    return failure === null ? execute(args.tx, state, context) : validationFailureOutput(failure);
  }

  stop(): void {
    this.producer.stop();
  }
}

/**
 * The committed blocks of a ledger in order, as the log holds them (the ledger is rebuilt from
 * the log on start, reverts applied). The one place that reads committed history.
 */
export function* loggedBlocks(ledger: Ledger): Generator<LoggedBlock> {
  const { blocks, records } = ledger;
  for (let height = 1; height < blocks.length; height += 1) {
    const block = blocks[height];
    if (block === undefined) return;
    const transactions: Uint8Array[] = [];
    for (let version = block.firstVersion + 1; version < block.lastVersion; version += 1) {
      const record = records[version];
      if (record?.kind === 'user') transactions.push(record.bytes);
    }
    yield { timestamp: block.timestamp, transactions };
  }
}
