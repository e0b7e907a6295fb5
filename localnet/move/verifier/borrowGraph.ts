/**
 * A borrow graph (move-borrow-graph `graph.rs`, `references.rs`): references are nodes; an edge
 * parent → child says the child borrows from the parent along a path of labels (a local, a
 * global resource, a field). A strong edge borrows exactly that path, a weak one that path or
 * any extension of it. A new strong borrow takes over ("factors") the parent's existing borrows
 * under its path; releasing a reference splices its incoming edges onto its outgoing ones; the
 * edges between two references are capped at 10, beyond which they become one weak edge
 * borrowing everything.
 */

/** The edges of one parent → child pair: keys `s|path` / `w|path`, labels joined by `,`. */
interface EdgeSet {
  edges: Set<string>;
  overflown: boolean;
}

interface RefNode {
  mutable: boolean;
  borrowedBy: Map<number, EdgeSet>;
  borrowsFrom: Set<number>;
}

interface Edge {
  strong: boolean;
  path: string[];
}

/** `MAX_EDGE_SET_SIZE`. */
const MAX_EDGES = 10;
const WEAK_ALL = 'w|';

const edgeKey = (strong: boolean, path: readonly string[]): string =>
  `${strong ? 's' : 'w'}|${path.join(',')}`;
const parseKey = (key: string): Edge => {
  const body = key.slice(2);
  return { strong: key.startsWith('s'), path: body === '' ? [] : body.split(',') };
};
/** `lhs` is a prefix of `rhs`. */
const isPrefix = (lhs: readonly string[], rhs: readonly string[]): boolean =>
  lhs.length <= rhs.length && lhs.every((l, i) => l === rhs[i]);
/** Edge `a` covers edge `b`: the same, or weak with a prefix of its path. */
const covers = (a: string, b: string): boolean => {
  if (a === b) return true;
  const ea = parseKey(a);
  return !ea.strong && isPrefix(ea.path, parseKey(b).path);
};

export class BorrowGraph {
  private nodes = new Map<number, RefNode>();

  clone(): BorrowGraph {
    const g = new BorrowGraph();
    for (const [id, n] of this.nodes) {
      const borrowedBy = new Map<number, EdgeSet>();
      for (const [c, set] of n.borrowedBy)
        borrowedBy.set(c, { edges: new Set(set.edges), overflown: set.overflown });
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

  private insert(parent: number, child: number, key: string): void {
    const p = this.nodes.get(parent);
    const c = this.nodes.get(child);
    if (p === undefined || c === undefined || parent === child) return;
    let set = p.borrowedBy.get(child);
    if (set === undefined) {
      set = { edges: new Set(), overflown: false };
      p.borrowedBy.set(child, set);
    }
    if (!set.overflown) {
      if (set.edges.has(key)) return;
      if (set.edges.size + 1 > MAX_EDGES) {
        set.edges = new Set([WEAK_ALL]);
        set.overflown = true;
      } else set.edges.add(key);
    }
    c.borrowsFrom.add(parent);
  }

  /** A weak borrow: `child` borrows `path` or any extension of it. */
  addWeak(parent: number, child: number, path: readonly string[]): void {
    this.insert(parent, child, edgeKey(false, path));
  }

  /**
   * A strong borrow of exactly `path` by a new reference: the parent's borrows under `path`
   * move to it (their paths shortened by `path`).
   */
  addStrong(parent: number, child: number, path: readonly string[]): void {
    const p = this.nodes.get(parent);
    if (p === undefined) return;
    const moved: Array<{ to: number; edge: Edge }> = [];
    for (const [to, set] of p.borrowedBy) {
      for (const key of [...set.edges]) {
        const edge = parseKey(key);
        if (!isPrefix(path, edge.path)) continue;
        moved.push({ to, edge });
        set.edges.delete(key);
      }
      if (set.edges.size === 0) {
        p.borrowedBy.delete(to);
        this.nodes.get(to)?.borrowsFrom.delete(parent);
      }
    }
    for (const { to, edge } of moved)
      this.insert(child, to, edgeKey(edge.strong, edge.path.slice(path.length)));
    this.insert(parent, child, edgeKey(true, path));
  }

  /** The references borrowing `id`: in full (empty path) and per first label. */
  borrowedBy(id: number): { full: number[]; fields: Map<string, number[]> } {
    const full: number[] = [];
    const fields = new Map<string, number[]>();
    for (const [child, set] of this.nodes.get(id)?.borrowedBy ?? []) {
      for (const key of set.edges) {
        const first = parseKey(key).path[0];
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

  /** Whether anything borrows `id`. */
  isBorrowed(id: number): boolean {
    return (this.nodes.get(id)?.borrowedBy.size ?? 0) > 0;
  }

  release(id: number): void {
    const node = this.nodes.get(id);
    if (node === undefined) return;
    this.nodes.delete(id);
    for (const parentId of node.borrowsFrom) {
      const parent = this.nodes.get(parentId);
      if (parent === undefined) continue;
      const parentEdges = parent.borrowedBy.get(id)?.edges ?? new Set<string>();
      parent.borrowedBy.delete(id);
      for (const pk of parentEdges) {
        const pe = parseKey(pk);
        for (const [childId, childSet] of node.borrowedBy) {
          for (const ck of childSet.edges) {
            const ce = parseKey(ck);
            // A weak parent edge already covers every extension of its path.
            const path = pe.strong ? [...pe.path, ...ce.path] : pe.path;
            this.insert(parentId, childId, edgeKey(pe.strong && ce.strong, path));
          }
        }
      }
    }
    for (const childId of node.borrowedBy.keys()) this.nodes.get(childId)?.borrowsFrom.delete(id);
  }

  /** Renames references (`map`; others keep their id). */
  remap(map: Map<number, number>): BorrowGraph {
    const g = new BorrowGraph();
    const to = (id: number): number => map.get(id) ?? id;
    for (const [id, n] of this.nodes) {
      const borrowedBy = new Map<number, EdgeSet>();
      for (const [c, set] of n.borrowedBy)
        borrowedBy.set(to(c), { edges: new Set(set.edges), overflown: set.overflown });
      g.nodes.set(to(id), {
        mutable: n.mutable,
        borrowedBy,
        borrowsFrom: new Set([...n.borrowsFrom].map(to)),
      });
    }
    return g;
  }

  /** The edges of `other` that no edge of `this` between the same references covers. */
  private unmatched(other: BorrowGraph): Array<{ parent: number; child: number; key: string }> {
    const out: Array<{ parent: number; child: number; key: string }> = [];
    for (const [parent, n] of other.nodes) {
      for (const [child, set] of n.borrowedBy) {
        const mine = this.nodes.get(parent)?.borrowedBy.get(child)?.edges;
        for (const key of set.edges) {
          let found = false;
          if (mine !== undefined) for (const m of mine) if (covers(m, key)) found = true;
          if (!found) out.push({ parent, child, key });
        }
      }
    }
    return out;
  }

  /** Every edge of `other` is covered by one of `this`. */
  leq(other: BorrowGraph): boolean {
    return this.unmatched(other).length === 0;
  }

  /** `this` with the edges of `other` it does not cover (both over the same references). */
  join(other: BorrowGraph): BorrowGraph {
    const g = this.clone();
    for (const [id, n] of other.nodes) if (!g.nodes.has(id)) g.newRef(id, n.mutable);
    for (const { parent, child, key } of this.unmatched(other)) g.insert(parent, child, key);
    return g;
  }
}
