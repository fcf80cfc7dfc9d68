"""The multi-node optimizer: averages the gradients over the processes before each update."""
import copy


def _names_and_states(target):
    """``[(name, initialized)]`` of the parameters of ``target``, sorted by name."""
    return sorted((name, param.array is not None) for name, param in target.namedparams())


def _backward(optimizer, lossfun, args, kwds):
    """Computes ``lossfun(*args, **kwds)`` and its gradients, as ``Optimizer.update`` does."""
    target = optimizer.target
    loss = lossfun(*args, **kwds)
    if getattr(optimizer, '_use_cleargrads', True):
        target.cleargrads()
    else:
        target.zerograds()
    loss.backward(loss_scale=optimizer.actual_optimizer._loss_scale)


class _OptimizerWrapper:
    """Delegates every attribute but its own (set in ``__init__``) to the actual optimizer."""

    def __init__(self, actual_optimizer, communicator, zero_fill):
        super().__setattr__('communicator', communicator)
        super().__setattr__('actual_optimizer', actual_optimizer)
        super().__setattr__('target_params', [])
        super().__setattr__('zero_fill', zero_fill)

    def is_changed(self, target):
        """Whether the parameters (names, initialized or not) changed since the last call."""
        previous = self.target_params
        current = _names_and_states(target)
        super().__setattr__('target_params', current)
        return current != previous

    def setup(self, link):
        """Sets up the actual optimizer on ``link``; returns this optimizer."""
        self.actual_optimizer.setup(link)
        return self

    def __getattr__(self, name):
        return getattr(self.actual_optimizer, name)

    def __setattr__(self, name, value):
        setattr(self.actual_optimizer, name, value)


class _MultiNodeOptimizer(_OptimizerWrapper):
    """Wraps an optimizer: averages the gradients over the processes, then updates.

    Until the set of initialized parameters stops changing (the first update, and any update
    after lazily initialized parameters appear), an update broadcasts the parameters of rank
    0 instead of updating, so that every process starts from the same model. Every attribute
    but ``communicator``, ``actual_optimizer``, ``target_params`` and ``zero_fill`` is the
    actual optimizer's.
    """

    def update(self, lossfun=None, *args, **kwds):
        """Averages the gradients of all processes and updates the parameters.

        With ``lossfun``, first computes ``loss = lossfun(*args, **kwds)`` and its gradients.
        """
        target = self.target
        if lossfun is not None:
            _backward(self, lossfun, args, kwds)
        if self.is_changed(target):
            self.communicator.bcast_data(target)
        else:
            self.communicator.multi_node_mean_grad(target, self.zero_fill)
            self.actual_optimizer.update(None, *args, **kwds)


class _DoubleBufferingOptimizer(_OptimizerWrapper):
    """Multi-node optimizer that overlaps the gradient exchange with the next iteration.

    The gradients of iteration ``t`` are averaged on a separate CUDA stream while iteration
    ``t + 1`` computes; iteration ``t + 1`` then updates with them (one step stale). Needs the
    ``pure_nccl`` communicator.
    """

    def __init__(self, actual_optimizer, communicator, zero_fill):
        from chainermn.communicators import pure_nccl_communicator
        if not isinstance(communicator, pure_nccl_communicator.PureNcclCommunicator):
            raise ValueError('This communicator does not support double buffering '
                             '(use the pure_nccl communicator).')
        from chainer.backends import cuda
        super().__init__(actual_optimizer, communicator, zero_fill)
        super().__setattr__('communicated_target', None)
        super().__setattr__('needs_update', False)
        super().__setattr__('allreduce_grad_stream', cuda.Stream(non_blocking=True))

    def update(self, lossfun=None, *args, **kwds):
        """Starts averaging this iteration's gradients and updates with the previous ones."""
        target = self.target
        if lossfun is not None:
            _backward(self, lossfun, args, kwds)
        self.wait()
        if self.is_changed(target):
            self.communicator.bcast_data(target)
            super().__setattr__('communicated_target', copy.deepcopy(target))
            super().__setattr__('needs_update', False)
            return
        self._swap_grads(target, self.communicated_target)
        self.communicator._multi_node_mean_grad_async(
            self.communicated_target, self.zero_fill, self.allreduce_grad_stream)
        if self.needs_update:
            self.actual_optimizer.update(None, *args, **kwds)
        super().__setattr__('needs_update', True)

    @staticmethod
    def _swap_grads(target, communicated):
        mine = dict(target.namedparams())
        for name, param in communicated.namedparams():
            own = mine[name]
            own.grad, param.grad = param.grad, own.grad

    def wait(self):
        """Waits for the gradient exchange in flight."""
        self.allreduce_grad_stream.synchronize()


def create_multi_node_optimizer(actual_optimizer, communicator, double_buffering=False,
                                zero_fill=True):
    """Creates a multi-node optimizer from a Chainer optimizer.

    Its ``update`` averages the gradients of all processes
    (:meth:`~chainermn.CommunicatorBase.multi_node_mean_grad`) before the actual update, and
    its first update broadcasts the parameters of rank 0 instead, so that every process
    starts from the same model.

    Args:
        actual_optimizer (~chainer.Optimizer): The optimizer to wrap.
        communicator: ChainerMN communicator.
        double_buffering (bool): Overlap the gradient exchange with the next iteration
            (updates are one step stale); needs the ``pure_nccl`` communicator.
        zero_fill (bool): Average the parameters some processes did not use with zero
            gradients (see :meth:`~chainermn.CommunicatorBase.multi_node_mean_grad`).

    Returns:
        The multi-node optimizer; every other attribute is the actual optimizer's.
    """
    if double_buffering:
        return _DoubleBufferingOptimizer(actual_optimizer, communicator, zero_fill)
    return _MultiNodeOptimizer(actual_optimizer, communicator, zero_fill)
