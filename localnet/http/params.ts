import type { TypeTag } from '@aptos-labs/ts-sdk';
import { parseTypeTag } from '@aptos-labs/ts-sdk';
import type { Json, LongAddress } from '../encoding.ts';
import { parseAddress, parseHash, must, shortAddress } from '../encoding.ts';
import { RequestError } from '../errors.ts';
import type { HttpRequest } from './types.ts';

/** Parameter validation shared by the handlers (the `_xParams` half of each endpoint). */
const frameworkError = (message: string) =>
  new RequestError({ status: 400, code: 'web_framework_error', message });

/**
 * A path segment, percent-decoded. Broken escapes (`%zz`, a lone `%`, half a UTF-8 sequence) are a
 * 400 naming the parameter, as the node's path parser answers them, never a 500.
 */
export function decodePath(value: string, name: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw frameworkError(
      `failed to parse path \`${name}\`: invalid percent-encoding in ${JSON.stringify(value)}`,
    );
  }
}

export function pathAddress(value: string | undefined, name = 'address'): LongAddress {
  const address = value === undefined ? null : parseAddress(decodePath(value, name));
  if (address === null) {
    throw frameworkError(
      `failed to parse path \`${name}\`: failed to parse "string(Address)": unable to parse AccountAddress`,
    );
  }
  return address;
}

export function pathHash(value: string | undefined): `0x${string}` {
  const hash = value === undefined ? null : parseHash(decodePath(value, 'txn_hash'));
  if (hash === null) {
    throw frameworkError(
      'failed to parse path `txn_hash`: failed to parse "string(HashValue)": unable to parse HashValue',
    );
  }
  return hash;
}

function parseU64(text: string): bigint | null {
  if (!/^[0-9]{1,20}$/.test(text)) return null;
  const value = BigInt(text);
  return value < 1n << 64n ? value : null;
}

export function pathU64(value: string | undefined, name: string): bigint {
  const parsed = value === undefined ? null : parseU64(value);
  if (parsed === null)
    throw frameworkError(
      `failed to parse path \`${name}\`: failed to parse "string(U64)": invalid integer`,
    );
  return parsed;
}

export function queryU64(req: HttpRequest, name: string): bigint | undefined {
  const value = req.query.get(name);
  if (value === null || value === '') return undefined;
  const parsed = parseU64(value);
  if (parsed === null)
    throw frameworkError(
      `failed to parse query \`${name}\`: failed to parse "string(U64)": invalid integer`,
    );
  return parsed;
}

export function queryLimit(req: HttpRequest, max: number): number | undefined {
  const value = req.query.get('limit');
  if (value === null || value === '') return undefined;
  if (!/^[0-9]{1,5}$/.test(value) || Number(value) > 65_535) {
    throw frameworkError(
      'failed to parse query `limit`: failed to parse "integer(uint16)": invalid integer',
    );
  }
  const limit = Number(value);
  if (limit === 0)
    throw new RequestError({
      status: 400,
      code: 'invalid_input',
      message: 'Given limit value (0) must be greater than 0',
    });
  return Math.min(limit, max);
}

export function queryBool(req: HttpRequest, name: string): boolean {
  const value = req.query.get(name);
  if (value === null || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw frameworkError(
    `failed to parse query \`${name}\`: failed to parse "boolean": expected true or false`,
  );
}

/** A struct tag from a path (`0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`), normalised. */
/**
 * A type tag as a node prints it and as state keys hold it: every address short (leading zeros
 * dropped, `0x4e0c…::m::R`, not the SDK's AIP-40 long form `0x04e0c…`), type arguments after `<`
 * separated by `, `. A resource of a module at an address with a leading zero is then found
 * whichever form the request spells.
 */
function nodeTypeString(tag: TypeTag): string {
  if (tag.isVector()) return `vector<${nodeTypeString(tag.value)}>`;
  if (!tag.isStruct()) return tag.toString();
  const { address, moduleName, name, typeArgs } = tag.value;
  const args = typeArgs.length === 0 ? '' : `<${typeArgs.map(nodeTypeString).join(', ')}>`;
  return `${shortAddress(address.toStringLong())}::${moduleName.identifier}::${name.identifier}${args}`;
}

export function pathStructTag(value: string | undefined, name = 'resource_type'): string {
  const text = decodePath(value ?? '', name);
  try {
    const tag = parseTypeTag(text);
    if (!tag.isStruct()) throw new Error('not a struct tag');
    return nodeTypeString(tag);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw frameworkError(
      `failed to parse path \`${name}\`: failed to parse "string(MoveStructTag)": ${reason}`,
    );
  }
}

export function jsonBody(req: HttpRequest): Json {
  try {
    return JSON.parse(Buffer.from(req.body).toString('utf8')) as Json;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw frameworkError(`parse request payload error: failed to parse JSON: ${reason}`);
  }
}

export function isJsonObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function contentType(req: HttpRequest): string {
  return must((req.headers['content-type'] ?? '').split(';')[0])
    .trim()
    .toLowerCase();
}

export const BCS_SIGNED_TRANSACTION = 'application/x.aptos.signed_transaction+bcs';
export const BCS_VIEW_FUNCTION = 'application/x.aptos.view_function+bcs';
