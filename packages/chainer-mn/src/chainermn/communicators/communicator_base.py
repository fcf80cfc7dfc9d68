"""The interface every ChainerMN communicator implements (``CommunicatorBase``)."""
import abc
import contextlib
import warnings


class CommunicatorBase(abc.ABC):
    """Interface of the ChainerMN communicators.

    A communicator connects the processes of one job: it knows the rank of this process
    (``rank``, and ``intra_rank`` / ``inter_rank`` within and across machines), moves arrays
    and Python objects between processes (``send``/``recv``, ``bcast``, ``gather``,
    ``scatter``, ``allgather``, ``alltoall``, ``allreduce`` and their ``*_obj`` variants) and
    implements the two operations of data-parallel training: :meth:`bcast_data` (copy the
    parameters of rank 0 to every process) and :meth:`multi_node_mean_grad` (replace each
    gradient by its mean over the processes).

    Communicators have configurations (:meth:`set_config`, :meth:`get_config`); attributes
    assigned inside :meth:`config_scope` are registered as configurations.
    """

    # Class defaults, so that a subclass whose __init__ does not call this one works too.
    _within_config_scope = False

    def __init__(self):
        self.__dict__['_configs'] = {}

    def _config_table(self):
        return self.__dict__.setdefault('_configs', {})

    def __setattr__(self, name, value):
        if self._within_config_scope:
            self._config_table()[name] = value
        super().__setattr__(name, value)

    # ----------------------------------------------------------------------------------------
    # ranks

    @property
    def rank(self):
        """Rank (process id in the cluster) of this process in integer."""
        raise NotImplementedError()

    @property
    def size(self):
        """Number of processes of the cluster."""
        raise NotImplementedError()

    @property
    def intra_rank(self):
        """Intra rank (process id in the machine) of this process."""
        raise NotImplementedError()

    @property
    def intra_size(self):
        """Number of processes in the machine of this process."""
        raise NotImplementedError()

    @property
    def inter_rank(self):
        """The rank of this node in the cluster."""
        raise NotImplementedError()

    @property
    def inter_size(self):
        """Number of nodes that participates the cluster."""
        raise NotImplementedError()

    # ----------------------------------------------------------------------------------------
    # configuration

    @property
    def within_config_scope(self):
        """True if the current code is inside of a configuration scope (:meth:`config_scope`)."""
        return self._within_config_scope

    @contextlib.contextmanager
    def config_scope(self):
        """Creates a configuration scope: attributes assigned in it become configurations."""
        old = self._within_config_scope
        object.__setattr__(self, '_within_config_scope', True)
        try:
            yield
        finally:
            object.__setattr__(self, '_within_config_scope', old)

    def set_config(self, name, **kwargs):
        """Sets the configuration ``name`` (the names depend on the communicator).

        Raises:
            ValueError: ``name`` is not a configuration of this communicator.
        """
        raise ValueError('Unknown config: {}'.format(name))

    def get_config(self, name=None):
        """Returns the value of the configuration ``name``, or a dict of all when ``None``."""
        if name is None:
            return dict(self._config_table())
        return self._config_table()[name]

    # ----------------------------------------------------------------------------------------
    # communication

    @abc.abstractmethod
    def split(self, color, key):
        """Splits the communicator (``MPI_Comm_split``) and returns the new communicator."""

    @abc.abstractmethod
    def send(self, data, dest, tag):
        """Sends an array (or a tuple of arrays) to the process ``dest``."""

    @abc.abstractmethod
    def recv(self, source, tag):
        """Receives what :meth:`send` sent from the process ``source``."""

    @abc.abstractmethod
    def bcast(self, data, max_buf_len=None, root=0):
        """Broadcasts an array from ``root`` to every process."""

    @abc.abstractmethod
    def gather(self, data, root=0):
        """Gathers the arrays of all processes at ``root`` (a tuple there, None elsewhere)."""

    @abc.abstractmethod
    def allgather(self, x):
        """Gathers the arrays of all processes at every process (a tuple)."""

    @abc.abstractmethod
    def allreduce(self, data):
        """Sums an array over all processes; every process gets the sum."""

    @abc.abstractmethod
    def scatter(self, xs, root=0):
        """Sends ``xs[i]`` of ``root`` to the process ``i``; returns this process's array."""

    @abc.abstractmethod
    def alltoall(self, xs):
        """Sends ``xs[i]`` to the process ``i``; returns the arrays received from each."""

    @abc.abstractmethod
    def send_obj(self, obj, dest, tag):
        """Sends an arbitrary (picklable) Python object to the process ``dest``."""

    @abc.abstractmethod
    def recv_obj(self, source, tag):
        """Receives an object sent by :meth:`send_obj` from the process ``source``."""

    @abc.abstractmethod
    def bcast_obj(self, obj, max_buf_len=None, root=0):
        """Broadcasts a Python object from ``root`` to every process and returns it."""

    @abc.abstractmethod
    def gather_obj(self, obj, root=0):
        """Gathers a Python object of every process at ``root`` (a list there)."""

    @abc.abstractmethod
    def allreduce_obj(self, obj):
        """Sums (``+``) a Python object over all processes; every process gets the result."""

    # ----------------------------------------------------------------------------------------
    # data-parallel training

    @abc.abstractmethod
    def bcast_data(self, model):
        """Broadcasts the parameter arrays of ``model`` from rank 0 to every process."""

    def broadcast_data(self, model):
        """Broadcasts the parameter arrays of ``model``; the old name of :meth:`bcast_data`."""
        self.bcast_data(model)

    @abc.abstractmethod
    def multi_node_mean_grad(self, model, zero_fill=False):
        """Replaces the gradient of every parameter of ``model`` by its mean over the processes.

        Args:
            model (~chainer.Link): The link whose parameter gradients are averaged.
            zero_fill (bool): Whether an initialized parameter without a gradient (a parameter
                the forward computation did not use) takes part with a zero gradient; when
                False it is skipped (so it must have no gradient on every process).
                Uninitialized parameters are always skipped.
        """

    def allreduce_grad(self, model, zero_fill=False):
        """Averages the gradients of ``model``.

        .. deprecated:: v7.0.0
            Use :meth:`multi_node_mean_grad` instead.
        """
        warnings.warn('allreduce_grad() is deprecated.', DeprecationWarning)
        self.multi_node_mean_grad(model, zero_fill)

    def finalize(self):
        """Frees the resources of the communicator; it must not be used afterwards."""
