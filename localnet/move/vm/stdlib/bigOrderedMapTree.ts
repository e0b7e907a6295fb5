/** The B+ tree of `0x1::big_ordered_map` (values and layout: `bigOrderedMapNodes.ts`). */
import type { NativeHost } from '../loader.ts';
import type { Ty } from '../ty.ts';
import { T } from '../ty.ts';
import type { Value } from '../values.ts';
import type { Entry, Node } from './bigOrderedMapNodes.ts';
import {
  abort,
  addChild,
  appendDisjoint,
  childrenOf,
  constantSize,
  DEFAULT_MAX_KEY_OR_VALUE_SIZE,
  DEFAULT_TARGET_NODE_SIZE,
  deref,
  findIndex,
  FRAMEWORK,
  INNER_MIN_DEGREE,
  innerChild,
  invariant,
  isLeaf,
  lastKey,
  LEAF_MIN_DEGREE,
  lowerBound,
  max,
  MAX_DEGREE,
  MAX_NODE_BYTES,
  min,
  newNode,
  NULL,
  replaceKey,
  ROOT,
  slotOf,
  STEP,
  upsert,
} from './bigOrderedMapNodes.ts';
import { compareValues } from './orderedMap.ts';
import { Slots } from './storageSlotsAllocator.ts';

// ---- the map

export class Tree {
  readonly m: Value[];
  readonly keyTy: Ty;
  readonly valueTy: Ty;
  /** The allocator of the nodes below the root. */
  readonly slots: Slots;

  constructor(
    readonly host: NativeHost,
    tys: readonly Ty[],
    map: Value,
  ) {
    this.m = deref(map) as Value[];
    this.keyTy = tys[0] as Ty;
    this.valueTy = tys[1] as Ty;
    const node = T.struct({ address: FRAMEWORK, module: 'big_ordered_map', name: 'Node' }, [
      this.keyTy,
      this.valueTy,
    ]);
    this.slots = new Slots(host, node, this.m[2] as Value);
  }

  get root(): Node {
    return this.m[1] as Node;
  }
  get minLeaf(): bigint {
    return this.m[3] as bigint;
  }
  get maxLeaf(): bigint {
    return this.m[4] as bigint;
  }
  get constantKv(): boolean {
    return this.m[5] as boolean;
  }
  maxDegree(leaf: boolean): bigint {
    return BigInt(this.m[leaf ? 7 : 6] as number);
  }

  // -- nodes

  /** `remove_and_reserve` of a node's slot. */
  private take(index: bigint): Node {
    return this.slots.removeAndReserve(index) as Node;
  }

  node(index: bigint): Node {
    return index === ROOT ? this.root : (this.slots.borrow(index) as Node);
  }

  isEmpty(): boolean {
    return isLeaf(this.root) && childrenOf(this.root).length === 0;
  }

  findLeaf(key: Value): bigint {
    let current = ROOT;
    for (;;) {
      const node = this.node(current);
      if (isLeaf(node)) return current;
      const entries = childrenOf(node);
      const i = lowerBound(entries, key);
      if (i === entries.length) return NULL;
      current = slotOf((entries[i] as Entry)[1]);
    }
  }

  findLeafPath(key: Value): bigint[] {
    const path: bigint[] = [];
    let current = ROOT;
    for (;;) {
      path.push(current);
      const node = this.node(current);
      if (isLeaf(node)) return path;
      const entries = childrenOf(node);
      const i = lowerBound(entries, key);
      if (i === entries.length) return [];
      current = slotOf((entries[i] as Entry)[1]);
    }
  }

  // -- sizes and degrees

  validateStaticSize(): void {
    const keySize = constantSize(this.host, this.keyTy);
    const valueSize = constantSize(this.host, this.valueTy);
    if (keySize === null) return;
    if (this.m[6] === 0) {
      this.m[6] = Number(
        max(min(MAX_DEGREE, DEFAULT_TARGET_NODE_SIZE / keySize), INNER_MIN_DEGREE),
      );
    }
    if (keySize * BigInt(this.m[6] as number) > MAX_NODE_BYTES) abort(0x1000fn);
    if (valueSize === null) return;
    const entry = keySize + valueSize;
    if (this.m[7] === 0) {
      this.m[7] = Number(max(min(MAX_DEGREE, DEFAULT_TARGET_NODE_SIZE / entry), LEAF_MIN_DEGREE));
    }
    if (entry * BigInt(this.m[7] as number) > MAX_NODE_BYTES) abort(0x1000dn);
    this.m[5] = true;
  }

  validateSize(keySize: bigint, valueSize: bigint): void {
    const entry = keySize + valueSize;
    if (this.m[6] === 0) {
      const cap = min(MAX_DEGREE, MAX_NODE_BYTES / DEFAULT_MAX_KEY_OR_VALUE_SIZE);
      this.m[6] = Number(max(min(cap, DEFAULT_TARGET_NODE_SIZE / keySize), INNER_MIN_DEGREE));
    }
    if (this.m[7] === 0) {
      const cap = min(MAX_DEGREE, MAX_NODE_BYTES / DEFAULT_MAX_KEY_OR_VALUE_SIZE / 2n);
      this.m[7] = Number(max(min(cap, DEFAULT_TARGET_NODE_SIZE / entry), LEAF_MIN_DEGREE));
    }
    if (keySize * BigInt(this.m[6] as number) > MAX_NODE_BYTES) abort(0x1000fn);
    if (entry * BigInt(this.m[7] as number) > MAX_NODE_BYTES) abort(0x1000dn);
  }

  // -- structure changes

  /** `replace_root`: swaps the root's children and leafness with `fresh`'s; returns the old. */
  private replaceRoot(fresh: Node): Node {
    const root = this.root;
    const wasLeaf = root[1];
    root[1] = fresh[1] as Value;
    fresh[1] = wasLeaf as Value;
    invariant(root[3] === NULL && root[4] === NULL && fresh[3] === NULL && fresh[4] === NULL);
    const rootEntries = childrenOf(root).splice(0);
    childrenOf(root).push(...childrenOf(fresh).splice(0));
    childrenOf(fresh).push(...rootEntries);
    return fresh;
  }

  /** `add_at`: inserts into the last node of `path`, splitting up the path when full. */
  addAt(path: bigint[], key: Value, child: Value, allowOverwrite: boolean): Value | null {
    this.host.charge(STEP);
    const nodeIndex = path.pop() as bigint;
    {
      const node = this.node(nodeIndex);
      const entries = childrenOf(node);
      const leaf = isLeaf(node);
      if (BigInt(entries.length) < this.maxDegree(leaf)) {
        const old = upsert(entries, key, child);
        if (leaf) {
          if (!allowOverwrite && old !== null) abort(0x10001n);
        } else invariant(!allowOverwrite && old === null);
        return old;
      }
      const i = findIndex(entries, key);
      if (i >= 0) {
        invariant(leaf);
        if (!allowOverwrite) abort(0x10001n);
        const old = (entries[i] as Entry)[1];
        (entries[i] as Entry)[1] = child;
        return old;
      }
    }
    let reserved: bigint;
    let node: Node;
    if (nodeIndex === ROOT) {
      invariant(path.length === 0);
      const newRoot = newNode(false);
      const replacement = this.slots.reserveSlot();
      let maxKey = lastKey(childrenOf(this.root));
      if (compareValues(maxKey, key) < 0) maxKey = key;
      addChild(childrenOf(newRoot), maxKey, innerChild(replacement));
      node = this.replaceRoot(newRoot);
      path.push(ROOT);
      if (isLeaf(node)) {
        this.m[3] = replacement;
        this.m[4] = replacement;
      }
      reserved = replacement;
    } else {
      node = this.take(nodeIndex);
      reserved = nodeIndex;
    }
    invariant(path.length > 0);
    const rightIndex = reserved;
    const leaf = isLeaf(node);
    const leftEntries = childrenOf(node);
    const maxDegree = this.maxDegree(leaf);
    const target = Number((maxDegree + 1n) / 2n);
    addChild(leftEntries, key, child);
    const rightEntries = leftEntries.splice(target);
    invariant(BigInt(leftEntries.length) <= maxDegree && BigInt(rightEntries.length) <= maxDegree);
    const right = newNode(leaf, rightEntries);
    const leftIndex = this.slots.reserveSlot();
    right[4] = node[4] as Value;
    node[4] = rightIndex;
    right[3] = leftIndex;
    if (node[3] !== NULL) {
      this.node(node[3] as bigint)[4] = leftIndex;
      invariant(rightIndex !== this.minLeaf);
    } else if (rightIndex === this.minLeaf) {
      invariant(leaf);
      this.m[3] = leftIndex;
    }
    const maxLeftKey = lastKey(leftEntries);
    this.slots.fill(leftIndex, node);
    this.slots.fill(rightIndex, right);
    invariant(this.addAt(path, maxLeftKey, innerChild(leftIndex), false) === null);
    return null;
  }

  /** `update_key`: renames `oldKey` up the path while it is each node's largest. */
  private updateKey(path: bigint[], oldKey: Value, newKey: Value): void {
    while (path.length > 0) {
      const entries = childrenOf(this.node(path.pop() as bigint));
      replaceKey(entries, oldKey, newKey);
      if (compareValues(lastKey(entries), newKey) !== 0) return;
    }
  }

  /** `remove_at_with_iter_hint`: the removed child, or `null`; rebalances up the path. */
  removeAt(path: bigint[], key: Value, hint: number | null): Value | null {
    this.host.charge(STEP);
    const nodeIndex = path.pop() as bigint;
    const node = this.node(nodeIndex);
    const entries = childrenOf(node);
    const leaf = isLeaf(node);
    let old: Value | null;
    if (hint !== null) {
      invariant(compareValues((entries[hint] as Entry)[0], key) === 0);
      old = (entries.splice(hint, 1)[0] as Entry)[1];
    } else {
      const i = findIndex(entries, key);
      old = i < 0 ? null : (entries.splice(i, 1)[0] as Entry)[1];
    }
    if (old === null) return null;
    if (nodeIndex === ROOT) {
      invariant(path.length === 0);
      if (!leaf && entries.length === 1) {
        const inner = slotOf((entries.pop() as Entry)[1]);
        const child = this.take(inner);
        this.slots.pushReuse(inner);
        if (isLeaf(child)) {
          this.m[3] = ROOT;
          this.m[4] = ROOT;
        }
        const emptied = this.replaceRoot(child);
        if (childrenOf(emptied).length !== 0) abort(0x1000cn);
      }
      return old;
    }
    const maxDegree = this.maxDegree(leaf);
    const degree = BigInt(entries.length);
    const bigEnough = degree * 2n >= maxDegree;
    const newMaxKey = lastKey(entries);
    if (compareValues(newMaxKey, key) < 0) {
      invariant(degree >= 1n);
      this.updateKey([...path], key, newMaxKey);
    }
    if (bigEnough) return old;
    this.rebalance(nodeIndex, path);
    return old;
  }

  /** `process_rebalance_after_child_removal`: borrow from a sibling, or merge with it. */
  private rebalance(nodeIndex: bigint, path: bigint[]): void {
    this.host.charge(STEP);
    const node = this.take(nodeIndex);
    const leaf = isLeaf(node);
    const maxDegree = this.maxDegree(leaf);
    const prev = node[3] as bigint;
    const next = node[4] as bigint;
    const parent = childrenOf(this.node(path[path.length - 1] as bigint));
    invariant(parent.length >= 2);
    const sibling = slotOf((parent[parent.length - 1] as Entry)[1]) === nodeIndex ? prev : next;
    const entries = childrenOf(node);
    const siblingNode = this.take(sibling);
    invariant(leaf === isLeaf(siblingNode));
    const siblingEntries = childrenOf(siblingNode);
    if (BigInt(siblingEntries.length - 1) * 2n >= maxDegree) {
      if (sibling === next) {
        const oldMaxKey = lastKey(entries);
        const borrowed = siblingEntries.shift() as Entry;
        if (entries.length > 0 && compareValues(lastKey(entries), borrowed[0]) >= 0)
          abort(0x10004n, 'ordered_map');
        entries.push(borrowed);
        this.updateKey([...path], oldMaxKey, borrowed[0]);
      } else {
        const borrowed = siblingEntries.pop() as Entry;
        addChild(entries, borrowed[0], borrowed[1]);
        this.updateKey([...path], borrowed[0], lastKey(siblingEntries));
      }
      this.slots.fill(nodeIndex, node);
      this.slots.fill(sibling, siblingNode);
      return;
    }
    let keyToRemove: Value;
    let slotToRemove: bigint;
    if (sibling === next) {
      keyToRemove = lastKey(entries);
      appendDisjoint(entries, siblingEntries);
      node[4] = siblingNode[4] as Value;
      if (node[4] !== NULL) invariant(this.node(node[4] as bigint)[3] === sibling);
      if (node[3] !== NULL) this.node(node[3] as bigint)[4] = sibling;
      if (this.minLeaf === nodeIndex) {
        invariant(leaf);
        this.m[3] = sibling;
      }
      this.slots.fill(sibling, node);
      slotToRemove = nodeIndex;
    } else {
      keyToRemove = lastKey(siblingEntries);
      appendDisjoint(siblingEntries, entries);
      siblingNode[4] = node[4] as Value;
      if (siblingNode[4] !== NULL) invariant(this.node(siblingNode[4] as bigint)[3] === nodeIndex);
      if (siblingNode[3] !== NULL) this.node(siblingNode[3] as bigint)[4] = nodeIndex;
      if (this.minLeaf === sibling) {
        invariant(leaf);
        this.m[3] = nodeIndex;
      }
      this.slots.fill(nodeIndex, siblingNode);
      slotToRemove = sibling;
    }
    invariant(path.length > 0);
    const removed = this.removeAt(path, keyToRemove, null);
    invariant(removed !== null && slotOf(removed) === slotToRemove);
    this.slots.pushReuse(slotToRemove);
  }
}
