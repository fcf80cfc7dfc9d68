"""Iterators that give several processes the same batches (model parallelism)."""
from chainermn.iterators.multi_node_iterator import create_multi_node_iterator
from chainermn.iterators.synchronized_iterator import create_synchronized_iterator
