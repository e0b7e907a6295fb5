/**
 * A borrow graph (move-borrow-graph `graph.rs`): references are nodes; an edge parent → child
 * says the child borrows from the parent along a path of labels (a local, a global resource, a
 * field). A strong edge borrows exactly that path, a weak one that path or any extension of it.
 * Releasing a reference splices its incoming edges onto its outgoing ones.
 */

interface RefNode {
  mutable: boolean;
  /** child → edge keys (`s|path` or `w|path`, path labels joined by `,`). */
  borrowedBy: Map<number, Set<string>>;
  borrowsFrom: Set<number>;
}

const edgeKey = (strong: boolean, path: readonly string[]): string =>
  `${strong ? 's' : 'w'}|${path.join(',')}`;
const parseKey = (key: string): { strong: boolean; path: string[] } => {
  const body = key.slice(2);
  return { strong: key.startsWith('s'), path: body === '' ? [] : body.split(',') };
};

export class BorrowGraph {
  private nodes = new Map<number, RefNode>();

  clone(): BorrowGraph {
    const g = new BorrowGraph();
    for (const [id, n] of this.nodes) {
      const borrowedBy = new Map<number, Set<string>>();
      for (const [c, edges] of n.borrowedBy) borrowedBy.set(c, new Set(edges));
      g.nodes.set(id, { mutable: n.mutable, borrowedBy, borrowsFrom: new Set(n.borrowsFrom) });
    }
    return g;
  }

  newRef(id: number, mutable: boolean): void {
    this.nodes.set(id, { mutable, borrowedBy: new Map(), borrowsFrom: new Set() });
  }

  isMutable(id: number): boolean {
    return this.nodes.get(id)?.mutable ?? false;
  }

  addEdge(parent: number, child: number, strong: boolean, path: readonly string[]): void {
    const p = this.nodes.get(parent);
    const c = this.nodes.get(child);
    if (p === undefined || c === undefined || parent === child) return;
    let edges = p.borrowedBy.get(child);
    if (edges === undefined) {
      edges = new Set();
      p.borrowedBy.set(child, edges);
    }
    edges.add(edgeKey(strong, path));
    c.borrowsFrom.add(parent);
  }

  /** The references borrowing `id`: in full (empty path) and per first label. */
  borrowedBy(id: number): { full: number[]; fields: Map<string, number[]> } {
    const full: number[] = [];
    const fields = new Map<string, number[]>();
    for (const [child, edges] of this.nodes.get(id)?.borrowedBy ?? []) {
      for (const key of edges) {
        const { path } = parseKey(key);
        const first = path[0];
        if (first === undefined) full.push(child);
        else {
          const list = fields.get(first) ?? [];
          list.push(child);
          fields.set(first, list);
        }
      }
    }
    return { full, fields };
  }

  release(id: number): void {
    const node = this.nodes.get(id);
    if (node === undefined) return;
    this.nodes.delete(id);
    for (const parentId of node.borrowsFrom) {
      const parent = this.nodes.get(parentId);
      if (parent === undefined) continue;
      const parentEdges = parent.borrowedBy.get(id) ?? new Set<string>();
      parent.borrowedBy.delete(id);
      for (const pk of parentEdges) {
        const pe = parseKey(pk);
        for (const [childId, childEdges] of node.borrowedBy) {
          for (const ck of childEdges) {
            const ce = parseKey(ck);
            // A weak parent edge already covers every extension of its path.
            const path = pe.strong ? [...pe.path, ...ce.path] : pe.path;
            this.addEdge(parentId, childId, pe.strong && ce.strong, path);
          }
        }
      }
    }
    for (const childId of node.borrowedBy.keys()) this.nodes.get(childId)?.borrowsFrom.delete(id);
  }

  /** Renames every reference (`map` must cover them all). */
  remap(map: Map<number, number>): BorrowGraph {
    const g = new BorrowGraph();
    const to = (id: number): number => map.get(id) ?? id;
    for (const [id, n] of this.nodes) {
      const borrowedBy = new Map<number, Set<string>>();
      for (const [c, edges] of n.borrowedBy) borrowedBy.set(to(c), new Set(edges));
      g.nodes.set(to(id), {
        mutable: n.mutable,
        borrowedBy,
        borrowsFrom: new Set([...n.borrowsFrom].map(to)),
      });
    }
    return g;
  }

  /** The union of two graphs over the same references; `added` counts edges new to `this`. */
  join(other: BorrowGraph): { graph: BorrowGraph; added: number } {
    const g = this.clone();
    let added = 0;
    for (const [id, n] of other.nodes) {
      if (!g.nodes.has(id)) {
        g.newRef(id, n.mutable);
        added += 1;
      }
    }
    for (const [id, n] of other.nodes) {
      for (const [child, edges] of n.borrowedBy) {
        for (const key of edges) {
          const before = g.nodes.get(id)?.borrowedBy.get(child)?.has(key) ?? false;
          if (!before) {
            const { strong, path } = parseKey(key);
            g.addEdge(id, child, strong, path);
            added += 1;
          }
        }
      }
    }
    return { graph: g, added };
  }
}
