import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const SPEC_PATH = new URL('../fixtures/aptos-node-api.spec.yaml', import.meta.url);

type Schema = { [key: string]: unknown };

/**
 * OpenAPI 3.0 → JSON Schema for ajv: `nullable` becomes a `null` type, and optional properties may
 * also be `null` (the node prints absent options as `null`, e.g. `state_checkpoint_hash`).
 * The MoveType pattern also accepts what real ABIs print and the pattern omits: a leading `&` or
 * `&mut ` (`&signer`, `&mut 0x1::coin::Coin<T0>`) and a type parameter (`T0`). Descriptions and
 * examples are dropped; discriminators are left to `oneOf`.
 */
function convert(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert);
  if (node === null || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (
      key === 'description' ||
      key === 'example' ||
      key === 'discriminator' ||
      key === 'deprecated'
    )
      continue;
    out[key] = convert(value);
  }
  // The node prints references (`&signer`, `&mut 0x1::coin::Coin<T0>`) and type parameters
  // (`T0`, as `0x1::coin::merge`'s and `event::emit`'s ABIs have) that the spec's MoveType omits.
  if (typeof out.pattern === 'string' && out.pattern.startsWith('^(bool|'))
    out.pattern = `^(&|&mut )?(T\\d+|${out.pattern.slice(2)}`;
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  if (out.type === 'object' && typeof out.properties === 'object' && out.properties !== null) {
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    const properties = out.properties as Schema;
    for (const [name, schema] of Object.entries(properties)) {
      if (!required.has(name)) properties[name] = { anyOf: [schema, { type: 'null' }] };
    }
  }
  return out;
}

let ajv: Ajv | null = null;

function instance(): Ajv {
  if (ajv !== null) return ajv;
  const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as { components: { schemas: Schema } };
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const digits = (max: bigint) => (value: string) => /^[0-9]+$/.test(value) && BigInt(value) <= max;
  const signed = (bits: bigint) => (value: string) =>
    /^-?[0-9]+$/.test(value) &&
    BigInt(value) >= -(1n << (bits - 1n)) &&
    BigInt(value) < 1n << (bits - 1n);
  ajv.addFormat('hex', /^0x[0-9a-fA-F]*$/);
  ajv.addFormat('uint64', { type: 'string', validate: digits((1n << 64n) - 1n) });
  ajv.addFormat('uint128', { type: 'string', validate: digits((1n << 128n) - 1n) });
  ajv.addFormat('uint256', { type: 'string', validate: digits((1n << 256n) - 1n) });
  ajv.addFormat('int64', { type: 'string', validate: signed(64n) });
  ajv.addFormat('int128', { type: 'string', validate: signed(128n) });
  ajv.addFormat('int256', { type: 'string', validate: signed(256n) });
  const range = (min: number, max: number) => (value: number) =>
    Number.isInteger(value) && value >= min && value <= max;
  ajv.addFormat('uint8', { type: 'number', validate: range(0, 255) });
  ajv.addFormat('uint16', { type: 'number', validate: range(0, 65_535) });
  ajv.addFormat('uint32', { type: 'number', validate: range(0, 4_294_967_295) });
  ajv.addFormat('int8', { type: 'number', validate: range(-128, 127) });
  ajv.addFormat('int16', { type: 'number', validate: range(-32_768, 32_767) });
  ajv.addFormat('int32', { type: 'number', validate: range(-2_147_483_648, 2_147_483_647) });
  // uint64 also appears on integers (vm_error_code, gas estimates).
  ajv.addFormat('uint64-number', { type: 'number', validate: range(0, Number.MAX_SAFE_INTEGER) });
  ajv.addSchema({ $id: 'aptos', components: { schemas: convert(spec.components.schemas) } });
  return ajv;
}

const validators = new Map<string, ValidateFunction>();

/** Validates a response body against a component schema of the official spec; returns the errors. */
export function specErrors(schemaName: string, body: unknown): string[] {
  let validate = validators.get(schemaName);
  if (validate === undefined) {
    validate = instance().compile({ $ref: `aptos#/components/schemas/${schemaName}` });
    validators.set(schemaName, validate);
  }
  return validate(body)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}
