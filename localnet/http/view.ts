import { Deserializer, EntryFunction, type EntryFunctionBytes } from '@aptos-labs/ts-sdk';
import type { Json } from '../encoding.ts';
import { parseAddress, must } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { LocalNode } from '../node/node.ts';
import {
  BCS_VIEW_FUNCTION,
  contentType,
  isJsonObject,
  jsonBody,
  pathAddress,
  queryU64,
} from './params.ts';
import type { HttpRequest, Route } from './types.ts';

const invalid = (message: string) => new NodeError({ code: 'invalid_input', message });

function jsonViewRequest(req: HttpRequest) {
  const body = jsonBody(req);
  if (!isJsonObject(body) || typeof body.function !== 'string') {
    throw invalid('A view request needs `function`, `type_arguments` and `arguments`');
  }
  const parts = body.function.split('::');
  const module = parts.length === 3 ? parseAddress(must(parts[0])) : null;
  if (module === null)
    throw invalid(
      `Invalid function id ${JSON.stringify(body.function)}: expected 0xADDRESS::module::function`,
    );
  const typeArgs = body.type_arguments ?? [];
  const args = body.arguments ?? [];
  if (
    !Array.isArray(typeArgs) ||
    !typeArgs.every((arg): arg is string => typeof arg === 'string') ||
    !Array.isArray(args)
  ) {
    throw invalid('`type_arguments` must be an array of strings and `arguments` an array');
  }
  return {
    module,
    moduleName: must(parts[1]),
    functionName: must(parts[2]),
    typeArgs,
    args: { json: args as Json[] },
  };
}

function bcsViewRequest(req: HttpRequest) {
  try {
    const deserializer = new Deserializer(req.body);
    const call = EntryFunction.deserialize(deserializer);
    if (deserializer.remaining() !== 0)
      throw new Error(`${deserializer.remaining()} trailing bytes`);
    return {
      module: must(parseAddress(call.module_name.address.toStringLong())),
      moduleName: call.module_name.name.identifier,
      functionName: call.function_name.identifier,
      typeArgs: call.type_args.map((tag) => tag.toString()),
      args: { bcs: call.args.map((arg) => (arg as EntryFunctionBytes).value.value) },
    };
  } catch (error) {
    throw invalid(
      `Failed to deserialize input into ViewFunction: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function viewRoutes(node: LocalNode): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/v1/view',
      handler: (req) => {
        const request =
          contentType(req) === BCS_VIEW_FUNCTION ? bcsViewRequest(req) : jsonViewRequest(req);
        const { values, gasUsed } = node.view({
          ...request,
          version: queryU64(req, 'ledger_version'),
        });
        return { json: values, headers: { 'X-Aptos-Gas-Used': gasUsed.toString() } };
      },
    },
    {
      method: 'POST',
      pattern: '/v1/tables/:handle/item',
      handler: (req, p) => {
        const body = jsonBody(req);
        if (
          !isJsonObject(body) ||
          typeof body.key_type !== 'string' ||
          typeof body.value_type !== 'string' ||
          !('key' in body)
        ) {
          throw invalid('A table item request needs `key_type`, `value_type` and `key`');
        }
        const value = node.getTableItem(
          pathAddress(p.handle, 'table_handle'),
          { keyType: body.key_type, valueType: body.value_type, key: body.key ?? null },
          queryU64(req, 'ledger_version'),
        );
        return { json: value };
      },
    },
    {
      // A node's raw item read: the key as BCS hex, the value answered as BCS (what a fork reads).
      method: 'POST',
      pattern: '/v1/tables/:handle/raw_item',
      handler: (req, p) => {
        const body = jsonBody(req);
        if (
          !isJsonObject(body) ||
          typeof body.key !== 'string' ||
          !/^0x([0-9a-fA-F]{2})*$/.test(body.key)
        ) {
          throw invalid('A raw table item request needs `key`: the key\'s BCS as hex, e.g. "0x01"');
        }
        const bytes = node.getRawTableItem(
          pathAddress(p.handle, 'table_handle'),
          body.key,
          queryU64(req, 'ledger_version'),
        );
        return { raw: bytes, headers: { 'Content-Type': 'application/x-bcs' } };
      },
    },
  ];
}
