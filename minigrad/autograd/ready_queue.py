"""The engine's ready queue, ordered exactly as torch's CPU engine orders it.

torch keeps ready nodes in a `std::priority_queue` keyed on the sequence number: the node
created last runs first, and `AccumulateGrad` nodes (whose sequence number is the largest
possible integer) before any other. Several ready `AccumulateGrad` nodes have equal keys;
which of them runs first is decided by how the C++ standard library's binary heap moves
entries around. To show hooks and `.grad` writes in torch's order, `heappush` and `heappop`
below move entries exactly as libstdc++'s `push_heap` and `pop_heap` do (Python's `heapq`
breaks ties differently). Entries are (sequence number, node) pairs.

For `y = x * w`, MulBackward0 pushes x's accumulator, then w's: x's is popped first.
"""

__all__ = ["heappush", "heappop", "ACCUMULATE_PRIORITY"]

ACCUMULATE_PRIORITY = 2 ** 64 - 1       # AccumulateGrad's sequence number (torch's UINT64_MAX)


def heappush(heap, node):
    """Add a ready node (std::push_heap), keyed on its sequence number."""
    heap.append(None)
    _sift_up(heap, len(heap) - 1, 0, (node._seq, node))


def heappop(heap):
    """Remove and return the node with the highest key (std::pop_heap)."""
    last = heap.pop()
    if not heap:
        return last[1]
    top = heap[0][1]
    # std::__adjust_heap: walk the hole at the root down to a leaf, always into the larger
    # child (the right one unless it is strictly smaller), then sift `last` up from there
    n = len(heap)
    hole = child = 0
    while child < (n - 1) // 2:
        child = 2 * (child + 1)
        if heap[child][0] < heap[child - 1][0]:
            child -= 1
        heap[hole] = heap[child]
        hole = child
    if n % 2 == 0 and child == (n - 2) // 2:
        child = 2 * (child + 1)
        heap[hole] = heap[child - 1]
        hole = child - 1
    _sift_up(heap, hole, 0, last)
    return top


def _sift_up(heap, hole, top, entry):
    """std::__push_heap: move `entry` up from `hole` while its parent's key is lower."""
    key = entry[0]
    while hole > top:
        parent = (hole - 1) // 2
        if not heap[parent][0] < key:
            break
        heap[hole] = heap[parent]
        hole = parent
    heap[hole] = entry
