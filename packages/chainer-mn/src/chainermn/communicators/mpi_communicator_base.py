"""Communicator base over an mpi4py communicator: arrays, objects and parameter broadcast."""
import functools
import operator

import numpy

import chainer.utils
from chainermn.communicators import _allreduce
from chainermn.communicators import _communication_utility
from chainermn.communicators import _message
from chainermn.communicators import _params
from chainermn.communicators import communicator_base
# v7 code imports the chunked broadcast from this module
from chainermn.communicators._communication_utility import chunked_bcast_obj  # noqa: F401


def _experimental(method):
    chainer.utils.experimental('chainermn.communicators.MpiCommunicatorBase.' + method)


def _grad_dtype(dtype):
    if dtype is None:
        return None
    dtype = numpy.dtype(dtype)
    if dtype.kind != 'f':
        raise ValueError('allreduce_grad_dtype must be numpy.float16, numpy.float32, '
                         'numpy.float64 or None, not {}'.format(dtype))
    return dtype


_mpi = _communication_utility.mpi


class MpiCommunicatorBase(communicator_base.CommunicatorBase):
    """Communicator that runs on an mpi4py communicator (processes started by ``mpiexec``).

    It implements everything but :meth:`multi_node_mean_grad`, which each communicator
    implements with its own algorithm. Arrays are sent as raw bytes; CuPy arrays go through
    host memory and arrive on the current CUDA device.

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator of the processes.

    Attributes:
        mpi_comm: The wrapped MPI communicator.
    """

    def __init__(self, mpi_comm):
        super().__init__()
        self.mpi_comm = mpi_comm
        self._init_ranks()
        self._data_check = _params.ConsistencyCheck()
        self._grad_check = _params.ConsistencyCheck()
        with self.config_scope():
            # create_communicator turns it on (batched_copy=True); a communicator made
            # directly, or by split, starts without it, as in ChainerMN
            self.batched_copy = False
            self.allreduce_grad_dtype = None

    def _init_ranks(self):
        ranks = _communication_utility.init_ranks(self.mpi_comm)
        self._intra_rank = ranks.intra_rank
        self._intra_size = ranks.intra_size
        self._inter_rank = ranks.inter_rank
        self._inter_size = ranks.inter_size

    @property
    def rank(self):
        """Rank (process id in the cluster) of this process in integer."""
        return self.mpi_comm.rank

    @property
    def size(self):
        """Number of processes of the cluster."""
        return self.mpi_comm.size

    @property
    def intra_rank(self):
        """Intra rank (process id in the machine) of this process."""
        return self._intra_rank

    @property
    def intra_size(self):
        """Number of processes in the machine of this process."""
        return self._intra_size

    @property
    def inter_rank(self):
        """The rank of this node in the cluster."""
        return self._inter_rank

    @property
    def inter_size(self):
        """Number of nodes that participates the cluster."""
        return self._inter_size

    # ----------------------------------------------------------------------------------------
    # configuration

    def set_config(self, name, value=True, **kwargs):
        """Sets a configuration.

        ``batched_copy`` (pack GPU gradients with one kernel) and ``allreduce_grad_dtype``
        (the dtype gradients are averaged in: ``numpy.float16``, ``float32``, ``float64``, or
        ``None`` for the dtype of the gradients themselves).

        Args:
            name (str): Name of the configuration.
            value: Its value.
        """
        if name == 'batched_copy':
            with self.config_scope():
                self.batched_copy = value
        elif name == 'allreduce_grad_dtype':
            with self.config_scope():
                self.allreduce_grad_dtype = _grad_dtype(value)
        else:
            super().set_config(name, **kwargs)

    def get_config(self, name=None):
        """Returns the value of the configuration ``name``, or a dict of all when ``None``."""
        return super().get_config(name)

    def split(self, color, key):
        """Splits the communicator like ``MPI_Comm_split``.

        Args:
            color (int): Group of this process; processes of one color form a communicator.
            key (int): Orders the ranks in the new communicator.

        Returns:
            A communicator of the same class over the new group, with the default
            configurations of one made directly (``batched_copy`` off), as ChainerMN's.
        """
        return type(self)(mpi_comm=self.mpi_comm.Split(color, key))

    # ----------------------------------------------------------------------------------------
    # arrays

    def send(self, data, dest, tag):
        """Sends an array, or a tuple of arrays of one dtype, to the process ``dest``.

        Only the array contents travel (Variables must be unwrapped).

        Args:
            data: A NumPy/CuPy array or a tuple/list of them.
            dest (int): Rank of the receiver.
            tag (int): Message tag.
        """
        _experimental('send')
        arrays, is_tuple = _message.message_arrays(data, 'send')
        hosts = [_message.to_host(x) for x in arrays]
        self.mpi_comm.send(([_message.header(x) for x in arrays], is_tuple), dest=dest, tag=tag)
        for host in hosts:
            self.mpi_comm.Send(_message.byte_buffer(host), dest=dest, tag=tag)

    def recv(self, source, tag):
        """Receives what :meth:`send` sent: an array, or a tuple when a tuple was sent.

        Args:
            source (int): Rank of the sender.
            tag (int): Message tag.
        """
        _experimental('recv')
        MPI = _mpi()
        status = MPI.Status()
        headers, is_tuple = self.mpi_comm.recv(source=source, tag=tag, status=status)
        source, tag = status.Get_source(), status.Get_tag()
        arrays = []
        for head in headers:
            host = _message.empty_host(head)
            self.mpi_comm.Recv(_message.byte_buffer(host), source=source, tag=tag)
            arrays.append(_message.to_device(host, head.gpu))
        return tuple(arrays) if is_tuple else arrays[0]

    def bcast(self, x, root=0):
        """Broadcasts the array ``x`` of ``root``; ``x`` is ignored elsewhere.

        Returns:
            The array (``x`` itself at ``root``).
        """
        _experimental('bcast')
        if self.rank == root:
            try:
                _message.check_array(x, 'bcast')
            except (TypeError, ValueError) as e:
                self.mpi_comm.bcast(e, root=root)
                raise
            self.mpi_comm.bcast(_message.header(x), root=root)
            self.mpi_comm.Bcast(_message.byte_buffer(_message.to_host(x)), root=root)
            return x
        head = self.mpi_comm.bcast(None, root=root)
        if isinstance(head, Exception):
            raise type(head)('bcast: the root process {} passed no array ({})'.format(
                root, head))
        host = _message.empty_host(head)
        self.mpi_comm.Bcast(_message.byte_buffer(host), root=root)
        return _message.to_device(host, head.gpu)

    def _all_headers(self, x, caller):
        """The headers of the arrays of all processes; all raise if one passed no array."""
        error = None
        try:
            _message.check_array(x, caller)
        except (TypeError, ValueError) as e:
            error = e
        headers = self.mpi_comm.allgather(error or _message.header(x))
        if error is not None:
            raise error
        failed = [(r, h) for r, h in enumerate(headers) if isinstance(h, Exception)]
        if failed:
            rank, peer_error = failed[0]
            raise type(peer_error)('{}: the process of rank {} passed no array ({})'.format(
                caller, rank, peer_error))
        return headers

    def gather(self, x, root=0):
        """Gathers the arrays of all processes (of any shapes, one dtype) at ``root``.

        Returns:
            A tuple of the arrays ordered by rank at ``root``; ``None`` elsewhere.

        Raises:
            TypeError: At ``root``, when the processes' arrays differ in dtype.
        """
        _experimental('gather')
        MPI = _mpi()
        headers = self._all_headers(x, 'gather')
        if self.rank == root:
            _message.check_same_dtype(headers, 'gather')
        elif len({h.dtype for h in headers}) > 1:
            return None  # the root raises
        send = _message.byte_buffer(_message.to_host(x))
        if self.rank != root:
            self.mpi_comm.Gatherv(send, None, root=root)
            return None
        counts, displs = _message.counts_and_displacements([_message.nbytes(h) for h in headers])
        buf = numpy.empty(sum(counts), dtype=numpy.uint8)
        self.mpi_comm.Gatherv(send, [buf, counts, displs, MPI.BYTE], root=root)
        return tuple(_message.to_device(a, h.gpu)
                     for a, h in zip(_message.split_bytes(buf, headers), headers))

    def allgather(self, x):
        """Gathers the arrays of all processes (of any shapes, one dtype) at every process.

        Returns:
            A tuple of the arrays ordered by rank.

        Raises:
            TypeError: The processes' arrays differ in dtype.
        """
        _experimental('allgather')
        MPI = _mpi()
        headers = self._all_headers(x, 'allgather')
        _message.check_same_dtype(headers, 'allgather')
        counts, displs = _message.counts_and_displacements([_message.nbytes(h) for h in headers])
        buf = numpy.empty(sum(counts), dtype=numpy.uint8)
        self.mpi_comm.Allgatherv(_message.byte_buffer(_message.to_host(x)),
                                 [buf, counts, displs, MPI.BYTE])
        return tuple(_message.to_device(a, h.gpu)
                     for a, h in zip(_message.split_bytes(buf, headers), headers))

    def allreduce(self, x):
        """Sums the array ``x`` (same shape and dtype everywhere) over all processes.

        Returns:
            A new array with the sum (on the current device for a CuPy array).
        """
        arrays, is_tuple = _message.message_arrays(x, 'allreduce')
        if is_tuple:
            raise TypeError('allreduce: message object must be an array, not a tuple')
        host = _message.to_host(x)
        if host is x:
            host = host.copy()
        _allreduce.sum_inplace(self.mpi_comm, host)
        return _message.to_device(host, _message.header(x).gpu)

    def scatter(self, xs, root=0):
        """Sends ``xs[i]`` of ``root`` to the process of rank ``i``.

        Args:
            xs: At ``root``, a tuple/list of ``size`` arrays, or an array whose first axis has
                length ``size``; ignored elsewhere.
            root (int): Rank of the sender.

        Returns:
            The array this process receives (a copy at ``root``).
        """
        chainer.utils.experimental('chainermn.communicators.CommunicatorBase.scatter')
        MPI = _mpi()
        if self.rank != root:
            head = self.mpi_comm.scatter(None, root=root)
            if isinstance(head, Exception):
                raise type(head)('scatter: the root process {} failed to scatter ({})'.format(
                    root, head))
            host = _message.empty_host(head)
            self.mpi_comm.Scatterv(None, _message.byte_buffer(host), root=root)
            return _message.to_device(host, head.gpu)
        try:
            if _message.message_arrays(xs, 'scatter')[1]:
                parts = list(xs)
            else:
                parts = [xs[i, ...] for i in range(len(xs))] if xs.ndim else []
            if len(parts) != self.size:
                raise ValueError('scatter: the length of xs ({}) must be consistent with the '
                                 'communicator size ({})'.format(len(parts), self.size))
        except (TypeError, ValueError) as e:
            self.mpi_comm.scatter([e] * self.size, root=root)
            raise
        headers = [_message.header(x) for x in parts]
        head = self.mpi_comm.scatter(headers, root=root)
        hosts = [_message.to_host(x).reshape(-1).view(numpy.uint8) for x in parts]
        counts, displs = _message.counts_and_displacements([h.size for h in hosts])
        host = _message.empty_host(head)
        self.mpi_comm.Scatterv([numpy.concatenate(hosts), counts, displs, MPI.BYTE],
                               _message.byte_buffer(host), root=root)
        return _message.to_device(host, head.gpu)

    def alltoall(self, xs):
        """Sends ``xs[i]`` to the process of rank ``i`` and receives one array from each.

        Args:
            xs: A tuple/list of ``size`` arrays (of any shapes).

        Returns:
            A tuple of the received arrays, ordered by the rank of their sender.
        """
        _experimental('alltoall')
        MPI = _mpi()
        error = None
        try:
            if len(xs) != self.size:
                raise ValueError('alltoall: the length of data ({}) must be same as '
                                 'communicator size ({}).'.format(len(xs), self.size))
            for x in xs:
                _message.check_array(x, 'alltoall')
            if len({x.dtype for x in xs}) > 1:
                raise TypeError('alltoall: all dtypes must be the same, not {}'.format(
                    ', '.join(str(x.dtype) for x in xs)))
            sent = [_message.header(x) for x in xs]
        except (TypeError, ValueError) as e:
            error, sent = e, [e] * self.size
        received = self.mpi_comm.alltoall(sent)
        if error is not None:
            raise error
        failed = [(r, h) for r, h in enumerate(received) if isinstance(h, Exception)]
        if failed:
            rank, peer_error = failed[0]
            raise type(peer_error)('alltoall: the process of rank {} failed to send ({})'
                                   .format(rank, peer_error))
        _message.check_same_dtype(received, 'alltoall')
        hosts = [_message.to_host(x).reshape(-1).view(numpy.uint8) for x in xs]
        scounts, sdispls = _message.counts_and_displacements([h.size for h in hosts])
        rcounts, rdispls = _message.counts_and_displacements(
            [_message.nbytes(h) for h in received])
        buf = numpy.empty(sum(rcounts), dtype=numpy.uint8)
        self.mpi_comm.Alltoallv([numpy.concatenate(hosts), scounts, sdispls, MPI.BYTE],
                                [buf, rcounts, rdispls, MPI.BYTE])
        return tuple(_message.to_device(a, h.gpu)
                     for a, h in zip(_message.split_bytes(buf, received), received))

    # ----------------------------------------------------------------------------------------
    # objects

    def send_obj(self, obj, dest, tag=0):
        """Sends a picklable object to the process ``dest`` with the given tag."""
        self.mpi_comm.send(obj, dest=dest, tag=tag)

    def recv_obj(self, source, status=None, tag=-1):
        """Receives an object sent by :meth:`send_obj` (``tag=-1``: any tag)."""
        if tag == -1:
            tag = _mpi().ANY_TAG
        return self.mpi_comm.recv(source=source, tag=tag, status=status)

    def bcast_obj(self, obj, max_buf_len=_communication_utility.DEFAULT_MAX_BUF_LEN, root=0):
        """Broadcasts an object from ``root`` (ignored elsewhere) in chunks.

        Args:
            obj: The object to broadcast (at ``root``).
            max_buf_len (int): Largest chunk in bytes (at most ``2 ** 31 - 1``).
            root (int): Rank of the sender.

        Returns:
            The object, at every process.
        """
        return _communication_utility.chunked_bcast_obj(obj, self.mpi_comm, max_buf_len, root)

    def gather_obj(self, obj, root=0):
        """Gathers an object of every process at ``root``: a list ordered by rank there."""
        return self.mpi_comm.gather(obj, root=root)

    def allreduce_obj(self, obj):
        """Sums (``+``, in rank order) an object over the processes; every process gets it."""
        return functools.reduce(operator.add, self.mpi_comm.allgather(obj))

    # ----------------------------------------------------------------------------------------
    # parameters

    def bcast_data(self, model):
        """Broadcasts the initialized parameter arrays of ``model`` from rank 0.

        Raises:
            ValueError: The processes' models differ (the message names the parameter).
        """
        entries, signature = _params.data_entries(model)
        self._data_check(self.mpi_comm, signature, 'bcast_data', 'data')
        for _, param in entries:
            self._bcast_inplace(param.array)

    def _grads_to_mean(self, model, zero_fill):
        """The gradients :meth:`multi_node_mean_grad` averages, checked to agree everywhere.

        Raises:
            ValueError: The processes' parameters differ (the message names the parameter).
        """
        entries, signature = _params.grad_entries(model, zero_fill)
        self._grad_check(self.mpi_comm, signature, 'multi_node_mean_grad', 'gradient')
        return [param.grad for _, param in entries]

    def _bcast_inplace(self, array):
        host = _message.to_host(array)
        self.mpi_comm.Bcast(_message.byte_buffer(host), root=0)
        if host is not array:
            array[...] = _message.to_device(host, _message.header(array).gpu)
