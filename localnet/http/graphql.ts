/**
 * A small GraphQL front for the local indexer, in Hasura's manner: root fields are tables (rows of
 * JSON), each with `where`, `order_by`, `limit`, `offset` and `distinct_on`-free selection; the
 * answer holds only the selected columns. Errors take Hasura's shape:
 * `{"errors":[{"message":"field 'x' not found in type: 'query_root'","extensions":{"path":"$.selectionSet.x","code":"validation-failed"}}]}`.
 */
import type { Json } from '../encoding.ts';
import { parseAddress } from '../encoding.ts';

export type Row = { [key: string]: Json };
type Value = Json | { variable: string };

interface Field {
  alias: string;
  name: string;
  args: { [name: string]: Value };
  selection: Field[] | null;
}

export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly path: string,
    readonly code = 'validation-failed',
  ) {
    super(message);
  }

  body(): Json {
    return {
      errors: [{ message: this.message, extensions: { path: this.path, code: this.code } }],
    };
  }
}

const TOKEN =
  /\s*(?:(#[^\n]*)|("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(\.\.\.|[{}()[\]:,$!=@])|([_A-Za-z][_0-9A-Za-z]*))/y;

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (match === null) {
      if (/^\s*$/.test(source.slice(start))) break;
      throw new GraphqlError(`parse error at offset ${start}`, '$.query', 'parse-failed');
    }
    if (match[1] !== undefined) continue;
    const token = match[2] ?? match[3] ?? match[4] ?? match[5];
    if (token !== undefined && token !== ',') tokens.push(token);
  }
  return tokens;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: string[]) {}

  private peek(): string | undefined {
    return this.tokens[this.at];
  }

  private next(): string {
    const token = this.tokens[this.at++];
    if (token === undefined)
      throw new GraphqlError('unexpected end of query', '$.query', 'parse-failed');
    return token;
  }

  private expect(token: string): void {
    const got = this.next();
    if (got !== token)
      throw new GraphqlError(`expected '${token}', got '${got}'`, '$.query', 'parse-failed');
  }

  /**
   * The first operation's root selection set (`query Name($v: T) { … }` or `{ … }`), with every
   * `...Fragment` spread (and inline `... on T { … }`) expanded from the document's fragments.
   */
  document(): Field[] {
    let operation: Field[] | null = null;
    const fragments = new Map<string, Field[]>();
    while (this.peek() !== undefined) {
      if (this.peek() === 'fragment') {
        this.next();
        const name = this.next();
        this.expect('on');
        this.next();
        fragments.set(name, this.selectionSet());
        continue;
      }
      while (this.peek() !== undefined && this.peek() !== '{') {
        const token = this.next();
        if (token === '(') this.skipBalanced('(', ')');
      }
      if (this.peek() === undefined) break;
      const selection = this.selectionSet();
      operation ??= selection;
    }
    if (operation === null)
      throw new GraphqlError('unexpected end of query', '$.query', 'parse-failed');
    return expandSpreads(operation, fragments, 0);
  }

  private skipBalanced(open: string, close: string): void {
    let depth = 1;
    while (depth > 0) {
      const token = this.next();
      if (token === open) depth += 1;
      else if (token === close) depth -= 1;
    }
  }

  private selectionSet(): Field[] {
    this.expect('{');
    const fields: Field[] = [];
    while (this.peek() !== '}') {
      if (this.peek() === '...') {
        this.next();
        if (this.peek() === 'on') {
          this.next();
          this.next();
          fields.push({ alias: '...', name: '...', args: {}, selection: this.selectionSet() });
        } else fields.push({ alias: '...', name: this.next(), args: {}, selection: null });
        continue;
      }
      let name = this.next();
      const alias = name;
      if (this.peek() === ':') {
        this.next();
        name = this.next();
      }
      let args: Field['args'] = {};
      if (this.peek() === '(') args = this.arguments();
      while (this.peek() === '@') {
        this.next();
        this.next();
        if (this.peek() === '(') this.arguments();
      }
      const selection = this.peek() === '{' ? this.selectionSet() : null;
      fields.push({ alias, name, args, selection });
    }
    this.expect('}');
    return fields;
  }

  private arguments(): Field['args'] {
    this.expect('(');
    const args: Field['args'] = {};
    while (this.peek() !== ')') {
      const name = this.next();
      this.expect(':');
      args[name] = this.value();
    }
    this.expect(')');
    return args;
  }

  private value(): Value {
    const token = this.next();
    if (token === '$') return { variable: this.next() };
    if (token === '{') {
      const object: { [key: string]: Json } = {};
      while (this.peek() !== '}') {
        const key = this.next();
        this.expect(':');
        object[key] = this.value() as Json;
      }
      this.expect('}');
      return object;
    }
    if (token === '[') {
      const list: Json[] = [];
      while (this.peek() !== ']') list.push(this.value() as Json);
      this.expect(']');
      return list;
    }
    if (token.startsWith('"')) return JSON.parse(token) as string;
    if (/^-?\d/.test(token)) return Number(token);
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null') return null;
    return token; // an enum value (`asc`, `desc`)
  }
}

/** Replaces fragment spreads (`alias` `...`) with the fragment's fields, recursively. */
function expandSpreads(fields: Field[], fragments: Map<string, Field[]>, depth: number): Field[] {
  if (depth > 20) throw new GraphqlError('fragment cycle', '$.query', 'validation-failed');
  const out: Field[] = [];
  for (const field of fields) {
    if (field.alias === '...') {
      const spread = field.selection ?? fragments.get(field.name);
      if (spread === undefined)
        throw new GraphqlError(
          `fragment '${field.name}' is not defined`,
          '$.query',
          'validation-failed',
        );
      out.push(...expandSpreads(spread, fragments, depth + 1));
      continue;
    }
    out.push(
      field.selection === null
        ? field
        : { ...field, selection: expandSpreads(field.selection, fragments, depth + 1) },
    );
  }
  return out;
}

export function parseQuery(query: string): Field[] {
  return new Parser(tokenize(query)).document();
}

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Substitutes `$variables` (a variable the request leaves out is absent, as GraphQL says). */
function resolve(value: Value, variables: Row): Json | undefined {
  if (isObject(value) && typeof value.variable === 'string' && Object.keys(value).length === 1)
    return variables[value.variable];
  if (Array.isArray(value)) return value.map((item) => resolve(item, variables) ?? null);
  if (isObject(value)) {
    const out: Row = {};
    for (const [key, item] of Object.entries(value)) {
      const resolved = resolve(item, variables);
      if (resolved !== undefined) out[key] = resolved;
    }
    return out;
  }
  return value;
}

const normalise = (column: string, value: Json | undefined): Json | undefined =>
  typeof value === 'string' && /address|owner|creator|storage_id|asset_type/.test(column)
    ? (parseAddress(value) ?? value)
    : value;

const compare = (a: Json | undefined, b: Json | undefined): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  if (/^\d+$/.test(x) && /^\d+$/.test(y)) return BigInt(x) < BigInt(y) ? -1 : 1;
  return x < y ? -1 : 1;
};

/** Hasura's boolean expressions: `_and`, `_or`, `_not`, column operators, nested relationships. */
export function matches(row: Row, where: Json | undefined): boolean {
  if (!isObject(where)) return true;
  return Object.entries(where).every(([key, condition]) => {
    if (key === '_and') return Array.isArray(condition) && condition.every((c) => matches(row, c));
    if (key === '_or') return Array.isArray(condition) && condition.some((c) => matches(row, c));
    if (key === '_not') return !matches(row, condition);
    if (!isObject(condition)) return true;
    const value = row[key];
    const operators = Object.keys(condition).filter((op) => op.startsWith('_'));
    if (operators.length === 0) return isObject(value) && matches(value, condition);
    const mine = normalise(key, value);
    return operators.every((op) => {
      const expected = condition[op];
      const theirs = Array.isArray(expected)
        ? expected.map((item) => normalise(key, item))
        : normalise(key, expected);
      switch (op) {
        case '_eq':
          return compare(mine, theirs as Json) === 0;
        case '_neq':
          return compare(mine, theirs as Json) !== 0;
        case '_in':
          return Array.isArray(theirs) && theirs.some((item) => compare(mine, item) === 0);
        case '_nin':
          return Array.isArray(theirs) && !theirs.some((item) => compare(mine, item) === 0);
        case '_gt':
          return compare(mine, theirs as Json) > 0;
        case '_gte':
          return compare(mine, theirs as Json) >= 0;
        case '_lt':
          return compare(mine, theirs as Json) < 0;
        case '_lte':
          return compare(mine, theirs as Json) <= 0;
        case '_is_null':
          return (mine === null || mine === undefined) === (expected === true);
        case '_like':
        case '_ilike': {
          const pattern = String(expected).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          const regex = new RegExp(
            `^${pattern.replace(/%/g, '.*').replace(/_/g, '.')}$`,
            op === '_ilike' ? 'i' : '',
          );
          return regex.test(String(mine));
        }
        default:
          return true;
      }
    });
  });
}

function orderRows(rows: Row[], orderBy: Json | undefined): Row[] {
  const specs = (Array.isArray(orderBy) ? orderBy : orderBy === undefined ? [] : [orderBy]).flatMap(
    (spec) => (isObject(spec) ? Object.entries(spec) : []),
  );
  if (specs.length === 0) return rows;
  return [...rows].sort((a, b) => {
    for (const [column, direction] of specs) {
      const order = compare(a[column], b[column]);
      if (order !== 0) return String(direction).startsWith('desc') ? -order : order;
    }
    return 0;
  });
}

function project(value: Json | undefined, selection: Field[] | null): Json {
  if (value === undefined) return null;
  if (selection === null || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => project(item, selection));
  if (!isObject(value)) return value;
  const out: Row = {};
  for (const field of selection) {
    if (field.name === '__typename') continue;
    out[field.alias] = project(value[field.name], field.selection);
  }
  return out;
}

/** A table: all its rows (filtering, ordering and paging happen here). */
export type Tables = { [name: string]: (where: Json | undefined) => Row[] };

/** Runs a query against `tables`; throws `GraphqlError` for unknown fields or a bad query. */
export function runQuery(query: string, variables: Row, tables: Tables): Row {
  const data: Row = {};
  for (const field of parseQuery(query)) {
    const aggregate = field.name.endsWith('_aggregate');
    const table = tables[aggregate ? field.name.slice(0, -'_aggregate'.length) : field.name];
    if (table === undefined) {
      throw new GraphqlError(
        `field '${field.name}' not found in type: 'query_root'`,
        `$.selectionSet.${field.name}`,
      );
    }
    const args: Row = {};
    for (const [name, value] of Object.entries(field.args)) {
      const resolved = resolve(value, variables);
      if (resolved !== undefined) args[name] = resolved;
    }
    let rows = table(args.where).filter((row) => matches(row, args.where));
    rows = orderRows(rows, args.order_by);
    const offset = typeof args.offset === 'number' ? args.offset : 0;
    const limit = typeof args.limit === 'number' ? args.limit : rows.length;
    rows = rows.slice(offset, offset + limit);
    data[field.alias] = aggregate
      ? project({ aggregate: { count: rows.length }, nodes: rows }, field.selection)
      : rows.map((row) => project(row, field.selection));
  }
  return data;
}
