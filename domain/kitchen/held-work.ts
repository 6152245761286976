// A station's held tickets (Drafts waiting for their fire time), kept ordered by fire time with the
// count and menu minutes of each subtree: how many fire no later than a moment, and their work, is
// read in O(log held), and a ticket held, fired or re-timed costs O(log held) too (a treap: a search
// tree kept balanced by random priorities).

interface Node {
  key: string;
  fireAt: number;
  /** Order of holding: ties at one fire time keep the order they were held in. */
  seq: number;
  work: number;
  priority: number;
  left: Node | null;
  right: Node | null;
  /** This subtree's tickets and their menu minutes. */
  count: number;
  sum: number;
}

const countOf = (node: Node | null) => node?.count ?? 0;
const sumOf = (node: Node | null) => node?.sum ?? 0;

function update(node: Node): Node {
  node.count = 1 + countOf(node.left) + countOf(node.right);
  node.sum = node.work + sumOf(node.left) + sumOf(node.right);
  return node;
}

/** Whether `a` sorts before `b` (fire time, then order of holding). */
const before = (a: Node, b: Node) => a.fireAt < b.fireAt || (a.fireAt === b.fireAt && a.seq < b.seq);

/** Splits the tree into those sorting before `pivot` and the rest. */
function split(node: Node | null, pivot: Node): [Node | null, Node | null] {
  if (!node) return [null, null];
  if (before(node, pivot)) {
    const [low, high] = split(node.right, pivot);
    node.right = low;
    return [update(node), high];
  }
  const [low, high] = split(node.left, pivot);
  node.left = high;
  return [low, update(node)];
}

/** Joins two trees, every node of `low` sorting before every node of `high`. */
function merge(low: Node | null, high: Node | null): Node | null {
  if (!low) return high;
  if (!high) return low;
  if (low.priority > high.priority) {
    low.right = merge(low.right, high);
    return update(low);
  }
  high.left = merge(low, high.left);
  return update(high);
}

export class HeldWork {
  private root: Node | null = null;
  private readonly nodes = new Map<string, Node>();
  private seq = 0;

  get size(): number {
    return this.nodes.size;
  }

  /** Holds `key` until `fireAt` (held already: moved to its new fire time and work). */
  hold(key: string, work: number, fireAt: number): void {
    this.remove(key);
    const node: Node = { key, fireAt, seq: this.seq++, work, priority: Math.random(), left: null, right: null, count: 1, sum: work };
    this.nodes.set(key, node);
    const [low, high] = split(this.root, node);
    this.root = merge(merge(low, node), high);
  }

  /** Stops holding `key` (fired, readied, voided, deleted); nothing when it was not held. */
  remove(key: string): void {
    const node = this.nodes.get(key);
    if (!node) return;
    this.nodes.delete(key);
    const [low, rest] = split(this.root, node);
    // `rest` starts with the node itself: everything after it is its right subtree once split off.
    const after = { ...node, seq: node.seq + 0.5 };
    const [, high] = split(rest, after);
    this.root = merge(low, high);
  }

  /** The earliest fire time held, or null when nothing is. */
  first(): number | null {
    let node = this.root;
    if (!node) return null;
    while (node.left) node = node.left;
    return node.fireAt;
  }

  /** The held tickets firing no later than `at`, but `self`: how many, and their menu minutes. */
  upTo(at: number, self?: string): { count: number; work: number } {
    let count = 0;
    let work = 0;
    let node = this.root;
    while (node) {
      if (node.fireAt <= at) {
        count += 1 + countOf(node.left);
        work += node.work + sumOf(node.left);
        node = node.right;
      } else node = node.left;
    }
    const mine = self === undefined ? undefined : this.nodes.get(self);
    if (mine && mine.fireAt <= at) return { count: count - 1, work: work - mine.work };
    return { count, work };
  }
}
