import type { Json } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import { annotateSources } from '../move/sourceStore.ts';
import type { LocalNode } from '../node/node.ts';
import type { TraceRequest } from '../node/trace.ts';
import { traceTransaction } from '../node/trace.ts';
import { isJsonObject, jsonBody } from './params.ts';
import type { HttpRequest, Route } from './types.ts';

const invalid = (message: string) => new NodeError({ code: 'invalid_input', message });

const KNOWN = new Set(['version', 'hash', 'transaction', 'steps']);

function request(req: HttpRequest): TraceRequest {
  const body: Json = req.body.length === 0 ? {} : jsonBody(req);
  if (!isJsonObject(body)) throw invalid('Expected a JSON object');
  const unknown = Object.keys(body).find((key) => !KNOWN.has(key));
  if (unknown !== undefined) {
    throw invalid(`Unknown field \`${unknown}\`: give version, hash, transaction and steps`);
  }
  const { version, hash, transaction, steps } = body;
  const out: TraceRequest = {};
  if (version !== undefined && hash !== undefined) {
    throw invalid('Give `version` or `hash`, not both');
  }
  if (version !== undefined) {
    if (typeof version !== 'string' || !/^[0-9]{1,20}$/.test(version)) {
      throw invalid('`version` must be a ledger version as a decimal string, e.g. "42"');
    }
    out.version = BigInt(version);
  }
  if (hash !== undefined) {
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
      throw invalid('`hash` must be a transaction hash, 0x and 64 hex digits');
    }
    out.hash = hash.toLowerCase();
  }
  if (transaction !== undefined) {
    if (typeof transaction !== 'string' || !/^(0x)?([0-9a-fA-F]{2})+$/.test(transaction)) {
      throw invalid('`transaction` must be a BCS SignedTransaction as hex, e.g. "0x…"');
    }
    out.transaction = new Uint8Array(Buffer.from(transaction.replace(/^0x/, ''), 'hex'));
  }
  if (steps !== undefined) {
    if (typeof steps !== 'boolean') throw invalid('`steps` must be true or false');
    out.steps = steps;
  }
  return out;
}

/**
 * `POST /workbench/trace` (a dev control: loopback origins, JSON only): the Move trace
 * (`localnet/move/vm/traceTypes.ts`) of the committed transaction at `version` or `hash`
 * re-executed there, of a given `transaction` at `version`, or of `transaction` simulated on the
 * latest state; `steps: true` records every instruction. Frames of a package whose source maps
 * were given (`POST /workbench/sources`) carry `source`, and the trace the files' text.
 */
export function traceRoutes(node: LocalNode): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/workbench/trace',
      handler: (req) => {
        const trace = traceTransaction(request(req), {
          ledger: node.ledger,
          chainId: node.chainId,
          nowMicros: node.clockInfo().nowMicros,
          reexecute: (at, options) => node.reexecute(at, options),
        });
        // Frames and steps of packages whose source maps were posted get their file.move:line.
        return { json: annotateSources(trace, node.sources) as unknown as Json };
      },
    },
  ];
}
