import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The import cycles among the `.ts` files under `root` (each a strongly connected component of
 * two files or more, paths relative to `root`, sorted). `import-x/no-cycle` skips type-only
 * imports; with `types` this counts them too, as issue 31 counts the chain's layers.
 */
export function importCycles(root: string, { types }: { types: boolean }): string[][] {
  const files = tsFiles(root);
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, imports(file, known, types)]));
  return stronglyConnected(graph)
    .filter((component) => component.length > 1)
    .map((component) => component.map((file) => relative(root, file)).sort())
    .sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Build output (`localnet/dist`, written by `npm pack`) and installs are not sources.
    if (entry.isDirectory())
      return entry.name === 'dist' || entry.name === 'node_modules' ? [] : tsFiles(path);
    return entry.name.endsWith('.ts') ? [resolve(path)] : [];
  });
}

function typeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause === undefined) return false; // `import './x.ts'` runs the module
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      clause.name === undefined &&
      bindings !== undefined &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((element) => element.isTypeOnly)
    );
  }
  if (statement.isTypeOnly) return true;
  const clause = statement.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

function imports(file: string, known: ReadonlySet<string>, types: boolean): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
    if (!specifier.text.startsWith('.') || (!types && typeOnly(statement))) continue;
    const target = resolve(dirname(file), specifier.text);
    const candidates = [target, `${target}.ts`, join(target, 'index.ts')];
    const hit = candidates.find((candidate) => known.has(candidate));
    if (hit !== undefined) found.push(hit);
  }
  return found;
}

/** Tarjan's algorithm (recursive: import chains are a few dozen files deep at most). */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let top: string | undefined;
    do {
      top = stack.pop();
      if (top === undefined) break;
      onStack.delete(top);
      component.push(top);
    } while (top !== node);
    components.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}
