import type { Json } from '../encoding.ts';
import { parseAddress } from '../encoding.ts';
import { RequestError } from '../errors.ts';
import type { LocalNode } from '../node/node.ts';
import { isJsonObject, jsonBody } from './params.ts';
import type { Route } from './types.ts';

const invalid = (message: string) =>
  new RequestError({ status: 400, code: 'invalid_input', message });

function fundParams(address: Json | undefined, amount: Json | undefined) {
  const parsed = typeof address === 'string' ? parseAddress(address) : null;
  if (parsed === null) throw invalid('`address` must be an account address');
  const text = typeof amount === 'number' && Number.isSafeInteger(amount) ? String(amount) : amount;
  if (typeof text !== 'string' || !/^[0-9]{1,20}$/.test(text) || BigInt(text) >= 1n << 64n) {
    throw invalid('`amount` must be a u64 number of octas');
  }
  return { address: parsed, amount: BigInt(text) };
}

/** The faucet (`Network.LOCAL`'s :8081): mints APT with transactions signed by the root account. */
export function faucetRoutes(node: LocalNode): Route[] {
  return [
    { method: 'GET', pattern: '/', handler: () => ({ raw: '"tap:ok"' }) },
    { method: 'GET', pattern: '/health', handler: () => ({ raw: '"tap:ok"' }) },
    {
      method: 'POST',
      pattern: '/fund',
      handler: (req) => {
        const body = jsonBody(req);
        if (!isJsonObject(body)) throw invalid('Expected {"address": "0x…", "amount": N}');
        const { address, amount } = fundParams(body.address, body.amount);
        return { json: { txn_hashes: [node.fund(address, amount).slice(2)] } };
      },
    },
    {
      method: 'POST',
      pattern: '/mint',
      handler: (req) => {
        const { address, amount } = fundParams(
          req.query.get('address') ?? req.query.get('pub_key') ?? undefined,
          req.query.get('amount') ?? undefined,
        );
        return { json: [node.fund(address, amount).slice(2)] };
      },
    },
  ];
}
