import { RequestError } from '../errors.ts';
import type { LocalNode } from '../node/node.ts';
import { errorResponse } from './errors.ts';
import {
  BCS_SIGNED_TRANSACTION,
  contentType,
  pathHash,
  pathU64,
  queryBool,
  queryLimit,
  queryU64,
} from './params.ts';
import type { HttpRequest, Route } from './types.ts';

/** Submission bodies must be BCS; JSON submission (`SubmitTransactionRequest`) is not offered here. */
function signedTransactionBody(req: HttpRequest, what = 'a BCS SignedTransaction'): Uint8Array {
  if (contentType(req) !== BCS_SIGNED_TRANSACTION) {
    throw new RequestError({
      status: 415,
      code: 'web_framework_error',
      message: `Unsupported content type ${JSON.stringify(contentType(req))}: submit ${what} as ${BCS_SIGNED_TRANSACTION}`,
    });
  }
  return req.body;
}

export function transactionRoutes(node: LocalNode): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/v1/transactions',
      handler: async (req) => ({
        status: 202,
        json: await node.submit(signedTransactionBody(req)),
      }),
    },
    {
      // The node's batch submission: 202 when every transaction was accepted, 206 with the
      // refused ones (`TransactionsBatchSubmissionResult`) otherwise.
      method: 'POST',
      pattern: '/v1/transactions/batch',
      handler: async (req) => {
        const failures = await node.submitBatch(
          signedTransactionBody(req, 'a BCS vector of SignedTransaction'),
        );
        return {
          status: failures.length === 0 ? 202 : 206,
          json: {
            transaction_failures: failures.map(({ index, error }) => ({
              error: errorResponse(error).body,
              transaction_index: index,
            })),
          },
        };
      },
    },
    {
      method: 'POST',
      pattern: '/v1/transactions/simulate',
      handler: (req) => {
        const { transaction, gasUsed } = node.simulate(signedTransactionBody(req), {
          estimateGasUnitPrice: queryBool(req, 'estimate_gas_unit_price'),
          estimateMaxGasAmount: queryBool(req, 'estimate_max_gas_amount'),
          estimatePrioritizedGasUnitPrice: queryBool(req, 'estimate_prioritized_gas_unit_price'),
        });
        return { json: [transaction], headers: { 'X-Aptos-Gas-Used': gasUsed.toString() } };
      },
    },
    {
      method: 'GET',
      pattern: '/v1/transactions',
      handler: (req) => ({
        json: node.getTransactions({ start: queryU64(req, 'start'), limit: queryLimit(req, 100) }),
      }),
    },
    {
      method: 'GET',
      pattern: '/v1/transactions/by_hash/:hash',
      handler: (_req, p) => ({ json: node.getTransactionByHash(pathHash(p.hash)) }),
    },
    {
      method: 'GET',
      pattern: '/v1/transactions/wait_by_hash/:hash',
      handler: async (_req, p) => ({ json: await node.waitForTransactionByHash(pathHash(p.hash)) }),
    },
    {
      method: 'GET',
      pattern: '/v1/transactions/by_version/:version',
      handler: (req, p) => {
        const version = pathU64(p.version, 'txn_version');
        // This chain's own form for a user transaction: its signed bytes (a fork replays them).
        if ((req.headers['accept'] ?? '').includes(BCS_SIGNED_TRANSACTION)) {
          const bytes = node.getSignedTransaction(version);
          if (bytes !== null)
            return { raw: bytes, headers: { 'Content-Type': BCS_SIGNED_TRANSACTION } };
        }
        return { json: node.getTransactionByVersion(version) };
      },
    },
  ];
}
