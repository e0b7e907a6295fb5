import type { Json } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { LocalNode } from '../node/node.ts';
import type { ReexecuteRequest } from '../node/reexecute.ts';
import { isJsonObject, jsonBody } from './params.ts';
import type { HttpRequest, Route } from './types.ts';

const invalid = (message: string) => new NodeError({ code: 'invalid_input', message });

function request(req: HttpRequest): ReexecuteRequest {
  const body: Json = req.body.length === 0 ? {} : jsonBody(req);
  if (!isJsonObject(body)) throw invalid('Expected a JSON object');
  const { version, transaction } = body;
  if (typeof version !== 'string' || !/^[0-9]{1,20}$/.test(version)) {
    throw invalid('`version` must be a ledger version as a decimal string, e.g. "42"');
  }
  if (transaction === undefined) return { version: BigInt(version) };
  if (typeof transaction !== 'string' || !/^(0x)?([0-9a-fA-F]{2})+$/.test(transaction)) {
    throw invalid('`transaction` must be a BCS SignedTransaction as hex, e.g. "0x…"');
  }
  const hex = transaction.replace(/^0x/, '');
  return { version: BigInt(version), transaction: new Uint8Array(Buffer.from(hex, 'hex')) };
}

/**
 * `POST /workbench/reexecute` (a dev control: loopback origins, JSON only): re-executes the
 * committed transaction at `version`, or the given `transaction`, on the state just before
 * `version`, rebuilt from the log in a scratch chain. Answers as `/v1/transactions/simulate`.
 */
export function reexecuteRoutes(node: LocalNode): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/workbench/reexecute',
      handler: (req) => {
        const { transaction, gasUsed, nativeFramework } = node.reexecute(request(req));
        const headers: Record<string, string> = { 'X-Aptos-Gas-Used': gasUsed.toString() };
        // A fork's upstream transaction: the framework functions this chain ran natively.
        if (nativeFramework !== undefined)
          headers['X-Workbench-Native-Framework'] = nativeFramework.join(',');
        return { json: [transaction], headers };
      },
    },
  ];
}
