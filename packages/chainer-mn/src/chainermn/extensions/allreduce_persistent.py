"""Averaging the persistent values of a model (e.g. BatchNormalization statistics)."""
import chainer
from chainer.training import extension


def _float_arrays(model):
    """The float array persistent values of ``model`` and its sublinks, in a fixed order."""
    array_types = chainer.get_array_types()
    arrays = []
    for _, link in sorted(model.namedlinks(), key=lambda pair: pair[0]):
        for name in sorted(link._persistent):
            value = getattr(link, name)
            if isinstance(value, array_types) and value.dtype.kind == 'f':
                arrays.append(value)
    return arrays


class AllreducePersistent(extension.Extension):
    """Trainer extension that replaces the persistent values of a model by their mean over
    the processes.

    Only float arrays are averaged (in place); integers and scalars are left as they are.
    It makes the running mean and variance of ``BatchNormalization`` links reflect the data
    of all processes. Call it before saving or evaluating the model (once per epoch by
    default); it can also be called without a trainer.

    Args:
        model (~chainer.Link): The model.
        comm: ChainerMN communicator.
    """

    trigger = 1, 'epoch'
    priority = extension.PRIORITY_WRITER + 1

    def __init__(self, model, comm):
        self.model = model
        self.comm = comm

    def __call__(self, trainer=None):
        """Averages the float persistent arrays of the model over the processes."""
        for array in _float_arrays(self.model):
            total = self.comm.allreduce(array)
            total /= self.comm.size
            array[...] = total
