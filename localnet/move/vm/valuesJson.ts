import type { Json, LongAddress } from '../../encoding.ts';
import { parseAddress, shortAddress } from '../../encoding.ts';
import { Closure, closureFromJson, closureToJson } from './closures.ts';
import type { Ty } from './ty.ts';
import { K, structId } from './ty.ts';
import type { LayoutResolver, Ref, Value } from './values.ts';
import { signedSize, ValueError } from './values.ts';

/**
 * Move values in JSON, as the REST API prints them in resources, events and view results, and
 * reads them in `/view` arguments: u8…u32 and i8…i32 numbers, wider integers decimal strings,
 * addresses short, `vector<u8>` hex, `String` text, structs objects, enums with `__variant__`.
 */
const STRING_ID = '0x1::string::String';
const OPTION_ID = '0x1::option::Option';

const bytesHex = (items: Value[]): string => `0x${Buffer.from(items as number[]).toString('hex')}`;

/** Renders a value the way a node prints it in resources, events and view results. */
export function toJson(ty: Ty, v: Value, layouts: LayoutResolver): Json {
  switch (ty.k) {
    case K.BOOL:
      return v as boolean;
    case K.U8:
    case K.U16:
    case K.U32:
    case K.I8:
    case K.I16:
    case K.I32:
      return v as number;
    case K.U64:
    case K.U128:
    case K.U256:
    case K.I64:
    case K.I128:
    case K.I256:
      return (v as bigint).toString();
    case K.ADDRESS:
    case K.SIGNER:
      return shortAddress(v as LongAddress);
    case K.VECTOR: {
      const items = v as Value[];
      if (ty.elem.k === K.U8) return bytesHex(items);
      return items.map((item) => toJson(ty.elem, item, layouts));
    }
    case K.STRUCT: {
      const id = structId(ty.s);
      const fields = v as Value[];
      if (id === STRING_ID) return Buffer.from(fields[0] as number[]).toString('utf8');
      const layout = layouts(ty.s, ty.args);
      const out: { [key: string]: Json } = {};
      if (layout.kind === 'struct') {
        layout.fields.forEach((field, i) => {
          out[field.name] = toJson(field.ty, fields[i] as Value, layouts);
        });
        return out;
      }
      const variant = layout.variants[fields[0] as number];
      if (variant === undefined) throw new ValueError('variant out of range');
      out.__variant__ = variant.name;
      variant.fields.forEach((field, i) => {
        out[field.name] = toJson(field.ty, fields[i + 1] as Value, layouts);
      });
      return out;
    }
    case K.REF:
    case K.MUT_REF: {
      const ref = v as Ref;
      return toJson(ty.to, ref.c[ref.i] as Value, layouts);
    }
    case K.FUNCTION:
      if (!(v instanceof Closure)) throw new ValueError('expected a function value');
      return closureToJson(v, (t, x) => toJson(t, x as Value, layouts));
    default:
      throw new ValueError(`cannot render a value of kind ${ty.k}`);
  }
}

function jsonUint(json: Json, bits: number): number | bigint {
  let value: bigint;
  if (typeof json === 'number' && Number.isSafeInteger(json) && json >= 0) value = BigInt(json);
  else if (typeof json === 'string' && /^[0-9]+$/.test(json)) value = BigInt(json);
  else throw new ValueError(`expected an unsigned integer, got ${JSON.stringify(json)}`);
  if (value >= 1n << BigInt(bits)) throw new ValueError(`integer out of range: ${value}`);
  return bits <= 32 ? Number(value) : value;
}

/** A signed integer of `bits` from JSON: a number, or a decimal string (`"-5"`). */
function jsonInt(json: Json, bits: number): number | bigint {
  let value: bigint;
  if (typeof json === 'number' && Number.isSafeInteger(json)) value = BigInt(json);
  else if (typeof json === 'string' && /^-?[0-9]+$/.test(json)) value = BigInt(json);
  else throw new ValueError(`expected a signed integer, got ${JSON.stringify(json)}`);
  const half = 1n << BigInt(bits - 1);
  if (value < -half || value >= half) throw new ValueError(`integer out of range: ${value}`);
  return bits <= 32 ? Number(value) : value;
}

/**
 * Reads a value back from the JSON a node prints (stored resources, `/view` arguments). Accepts
 * what `toJson` writes, and for arguments also u64s as numbers and `Option`s as a bare value.
 */
export function fromJson(ty: Ty, json: Json, layouts: LayoutResolver): Value {
  switch (ty.k) {
    case K.BOOL:
      if (typeof json !== 'boolean')
        throw new ValueError(`expected a bool, got ${JSON.stringify(json)}`);
      return json;
    case K.U8:
      return jsonUint(json, 8);
    case K.U16:
      return jsonUint(json, 16);
    case K.U32:
      return jsonUint(json, 32);
    case K.U64:
      return jsonUint(json, 64);
    case K.U128:
      return jsonUint(json, 128);
    case K.U256:
      return jsonUint(json, 256);
    case K.I8:
    case K.I16:
    case K.I32:
    case K.I64:
    case K.I128:
    case K.I256:
      return jsonInt(json, 8 * signedSize(ty.k));
    case K.ADDRESS:
    case K.SIGNER: {
      const parsed = typeof json === 'string' ? parseAddress(json) : null;
      if (parsed === null) throw new ValueError(`expected an address, got ${JSON.stringify(json)}`);
      return parsed;
    }
    case K.VECTOR: {
      if (ty.elem.k === K.U8 && typeof json === 'string') {
        if (!/^0x([0-9a-fA-F]{2})*$/.test(json)) throw new ValueError('expected hex bytes');
        return Array.from(Buffer.from(json.slice(2), 'hex'));
      }
      if (!Array.isArray(json))
        throw new ValueError(`expected an array, got ${JSON.stringify(json)}`);
      return json.map((item) => fromJson(ty.elem, item, layouts));
    }
    case K.STRUCT: {
      const id = structId(ty.s);
      if (id === STRING_ID) {
        if (typeof json !== 'string') throw new ValueError('expected a string');
        return [Array.from(Buffer.from(json, 'utf8'))];
      }
      if (id === OPTION_ID) {
        const inner = ty.args[0] as Ty;
        if (
          json !== null &&
          typeof json === 'object' &&
          !Array.isArray(json) &&
          Array.isArray(json.vec)
        ) {
          return [json.vec.map((item) => fromJson(inner, item, layouts))];
        }
        return [json === null ? [] : [fromJson(inner, json, layouts)]];
      }
      if (json === null || typeof json !== 'object' || Array.isArray(json)) {
        // `Object<T>` arguments may be given as the address alone.
        if (id === '0x1::object::Object' && typeof json === 'string')
          return [fromJson({ k: K.ADDRESS }, json, layouts)];
        throw new ValueError(`expected an object for ${id}, got ${JSON.stringify(json)}`);
      }
      const layout = layouts(ty.s, ty.args);
      if (layout.kind === 'struct') {
        return layout.fields.map((field) => fromJson(field.ty, json[field.name] ?? null, layouts));
      }
      const tag = layout.variants.findIndex((variant) => variant.name === json.__variant__);
      const variant = layout.variants[tag];
      if (variant === undefined) throw new ValueError(`unknown variant of ${id}`);
      return [
        tag,
        ...variant.fields.map((field) => fromJson(field.ty, json[field.name] ?? null, layouts)),
      ];
    }
    case K.FUNCTION:
      try {
        return closureFromJson(json);
      } catch (error) {
        throw new ValueError(error instanceof Error ? error.message : String(error));
      }
    default:
      throw new ValueError(`a value of this type cannot come from JSON`);
  }
}
