"""Scattering a dataset (or just index ranges) from one process to all of them."""
import math
import warnings

import numpy

import chainer.datasets
from chainermn.communicators import _communication_utility


class DataSizeError(RuntimeError):
    """A dataset cannot be scattered: some processes would receive no example at all."""


def _bcast_obj(comm, obj, root, max_buf_len=_communication_utility.DEFAULT_MAX_BUF_LEN):
    """``comm.bcast_obj`` of a ChainerMN communicator, or a chunked bcast on an mpi4py one."""
    if hasattr(comm, 'bcast_obj'):
        return comm.bcast_obj(obj, max_buf_len=max_buf_len, root=root)
    return _communication_utility.chunked_bcast_obj(obj, comm, max_buf_len, root)


def _check_root(comm, root, caller):
    if not 0 <= root < comm.size:
        raise ValueError('{}: root must be a rank of the communicator (0 to {}), not {}'
                         .format(caller, comm.size - 1, root))


def _index_ranges(n_total_samples, size, force_equal_length):
    """``[(begin, end)]`` of every rank; equal lengths overlap a little when forced."""
    if force_equal_length:
        n_sub = -(-n_total_samples // size)
        return [(b, b + n_sub) for b in (n_total_samples * i // size for i in range(size))]
    quotient, remainder = divmod(n_total_samples, size)
    begins = [i * quotient + min(i, remainder) for i in range(size + 1)]
    return list(zip(begins[:-1], begins[1:]))


def _root_ranges(n_total_samples, size, force_equal_length, caller):
    """The ranges, or the exception every process must raise."""
    if not isinstance(n_total_samples, (int, numpy.integer)) or n_total_samples < 0:
        return ValueError('{}: the number of samples must be a non-negative integer, not {!r}'
                          .format(caller, n_total_samples))
    if not force_equal_length and 0 < n_total_samples < size:
        return DataSizeError(
            '{}: {} examples cannot be scattered to {} processes without leaving some of them '
            'none; pass force_equal_length=True to give every process the same number of '
            'examples (some of them duplicated)'.format(caller, n_total_samples, size))
    return _index_ranges(int(n_total_samples), size, force_equal_length)


def _scatter_ranges(comm, root, caller, decide):
    """Scatters what ``decide()`` returns at ``root``: ``(ranges or an exception, extra)``.

    Every process returns ``(its range, extra)``, or raises the exception of ``root``.
    """
    _check_root(comm, root, caller)
    ranges, extra = _bcast_obj(comm, decide() if comm.rank == root else None, root)
    if isinstance(ranges, Exception):
        raise ranges
    return ranges[comm.rank], extra


def scatter_index(n_total_samples, comm, root=0, *, force_equal_length=True):
    """Scatters only the index ranges of a dataset of ``n_total_samples`` examples.

    Does what :func:`scatter_dataset` does without moving the examples: each process gets the
    range of indices it owns, and can build its part of a dataset it loads itself::

        b, e = scatter_index(len(dataset), comm)
        dataset = chainer.datasets.SubDataset(dataset, b, e)

    Args:
        n_total_samples (int): Number of examples (read at ``root``).
        comm: ChainerMN communicator (or mpi4py communicator).
        root (int): Rank of the process that decides.
        force_equal_length (bool): Give every process the same number of indices: the ranges
            may then overlap a little. Otherwise the ranges are disjoint and their lengths may
            differ by one (for the strict evaluation of a test set).

    Returns:
        ``(begin, end)`` of this process: the indices ``begin <= i < end``.

    Raises:
        DataSizeError: ``force_equal_length`` is False and there are fewer examples than
            processes (some would get none); every process raises it.
    """
    def decide():
        return _root_ranges(n_total_samples, comm.size, force_equal_length, 'scatter_index'), None

    return _scatter_ranges(comm, root, 'scatter_index', decide)[0]


def scatter_dataset(dataset, comm, root=0, shuffle=False, seed=None, max_buf_len=256 * 1024 * 1024,
                    *, force_equal_length=True):
    """Scatters the dataset of ``root`` to all processes of the communicator.

    The dataset is split into parts of almost equal sizes, one per process, each a
    :class:`chainer.datasets.SubDataset`. The datasets passed at the other processes are
    ignored.

    .. note:: Keep ``force_equal_length`` on for training with the multi-node optimizer and
       evaluator: they expect the iterators of all processes to have the same length.

    Args:
        dataset: A dataset (a list, a NumPy array, a ``TupleDataset``, ...) at ``root``.
        comm: ChainerMN communicator or mpi4py communicator.
        root (int): Rank of the process whose dataset is scattered.
        shuffle (bool): Shuffle the examples before splitting.
        seed (int): Seed of the shuffle; the same seed always gives each process the same
            examples. ``None``: a different permutation every time.
        max_buf_len (int): Largest chunk of the broadcast, in bytes (at most ``2 ** 31 - 1``).
        force_equal_length (bool): Every process gets the same number of examples (some may be
            duplicated); otherwise the parts are disjoint and may differ in length by one.

    Returns:
        The :class:`~chainer.datasets.SubDataset` of this process.

    Raises:
        DataSizeError: ``force_equal_length`` is False and the dataset has fewer examples than
            there are processes; every process raises it.
    """
    _communication_utility.check_max_buf_len(max_buf_len, 'scatter_dataset')

    def decide():
        try:
            n_total = len(dataset)
        except TypeError:
            return TypeError('scatter_dataset: the dataset of the root process has no length: '
                             '{}'.format(type(dataset).__name__)), None
        ranges = _root_ranges(n_total, comm.size, force_equal_length, 'scatter_dataset')
        order = numpy.random.RandomState(seed).permutation(n_total) if shuffle else None
        return ranges, order

    (begin, end), order = _scatter_ranges(comm, root, 'scatter_dataset', decide)
    dataset = _bcast_obj(comm, dataset if comm.rank == root else None, root, max_buf_len)
    return chainer.datasets.SubDataset(dataset, begin, end, order)


def get_n_iterations_for_one_epoch(dataset, local_batch_size, comm):
    """Number of iterations of one epoch over the dataset of rank 0.

    .. note:: Deprecated: use the usual epoch triggers.

    Args:
        dataset: The dataset of this process (its length at rank 0 counts).
        local_batch_size (int): Batch size of each process.
        comm: ChainerMN communicator or mpi4py communicator.

    Returns:
        int: ``ceil(len(dataset at rank 0) / local_batch_size)``.
    """
    warnings.warn('get_n_iterations_for_one_epoch is deprecated. Please use standard epoch '
                  'triggers.', DeprecationWarning)
    n_iterations = None
    if comm.rank == 0:
        n_iterations = math.ceil(len(dataset) / local_batch_size)
    return _bcast_obj(comm, n_iterations, 0)


def get_epoch_trigger(n_epochs, dataset, local_batch_size, comm):
    """An iteration trigger that fires after ``n_epochs`` epochs over the dataset of rank 0.

    .. note:: Deprecated: use the usual epoch triggers.

    Returns:
        ``(n_epochs * n_iterations_per_epoch, 'iteration')``.
    """
    warnings.warn('get_epoch_trigger is deprecated. Please use standard epoch triggers.',
                  DeprecationWarning)
    n_iterations = n_epochs * get_n_iterations_for_one_epoch(dataset, local_batch_size, comm)
    return n_iterations, 'iteration'
