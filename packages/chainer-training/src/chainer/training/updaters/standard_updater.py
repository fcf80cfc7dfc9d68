"""StandardUpdater: one iterator, one optimizer, one update per batch."""
from chainer.dataset import convert
from chainer.training import _updater
from chainer.utils import argument


class StandardUpdater(_updater.Updater):
    """Updater fetching a batch from the main iterator and updating the main optimizer.

    Each :meth:`update` takes the next batch of the ``'main'`` iterator, converts it with
    ``converter(batch, input_device)`` and calls ``optimizer.update(loss_func, *in_arrays)``
    (``**in_arrays`` for a dict, a single argument otherwise).

    Args:
        iterator: The dataset iterator, or a dict of them (one named ``'main'``).
        optimizer: The optimizer, or a dict of them (one named ``'main'``).
        converter: Turns a batch into arrays (:func:`chainer.dataset.concat_examples`).
        device: Device the models are sent to (and the default ``input_device``); None
            leaves them where they are.
        loss_func: Loss function; the main optimizer's target when None.
        loss_scale (float): Static loss scale given to every optimizer.
        auto_new_epoch (bool): Call ``optimizer.new_epoch(auto=True)`` at the end of each
            epoch of the main iterator.
        input_device: Device the converter sends the arrays to (``device`` when None).

    Attributes:
        converter: The converter.
        loss_func: The loss function.
        iteration (int): Number of updates done.
        auto_new_epoch (bool): See above.
    """

    def __init__(self, iterator, optimizer, converter=convert.concat_examples, device=None,
                 loss_func=None, loss_scale=None, auto_new_epoch=True, **kwargs):
        input_device, = argument.parse_kwargs(kwargs, ('input_device', None))
        if not isinstance(iterator, dict):
            iterator = {'main': iterator}
        if not isinstance(optimizer, dict):
            optimizer = {'main': optimizer}
        self._iterators = iterator
        self._optimizers = optimizer

        device = convert._get_device(device)
        if device is not None:
            for opt in optimizer.values():
                opt.target.to_device(device)
        input_device = convert._get_device(input_device)
        self._device = device
        self._input_device = device if input_device is None else input_device

        self.converter = converter
        self.loss_func = loss_func
        self.iteration = 0
        self.loss_scale = loss_scale
        if loss_scale is not None:
            for opt in optimizer.values():
                opt.set_loss_scale(loss_scale)
        self.auto_new_epoch = auto_new_epoch
        if auto_new_epoch:
            for opt in optimizer.values():
                opt.use_auto_new_epoch = True

    @property
    def device(self):
        """The device of the models (a :class:`chainer.backend.Device`, or None)."""
        return self._device

    @property
    def input_device(self):
        """The device the converter sends the arrays to (or None)."""
        return self._input_device

    @property
    def epoch(self):
        """Epoch count of the main iterator."""
        return self._iterators['main'].epoch

    @property
    def epoch_detail(self):
        """Fractional epoch count of the main iterator."""
        return self._iterators['main'].epoch_detail

    @property
    def previous_epoch_detail(self):
        """Fractional epoch count of the main iterator before its last batch."""
        return self._iterators['main'].previous_epoch_detail

    @property
    def is_new_epoch(self):
        """True if the last batch of the main iterator ended an epoch."""
        return self._iterators['main'].is_new_epoch

    def finalize(self):
        """Finalizes every iterator."""
        for iterator in self._iterators.values():
            iterator.finalize()

    def get_optimizer(self, name):
        """Returns the optimizer registered under ``name``."""
        return self._optimizers[name]

    def get_all_optimizers(self):
        """Returns a dict of all the optimizers by name."""
        return dict(self._optimizers)

    def get_iterator(self, name):
        """Returns the iterator registered under ``name``."""
        return self._iterators[name]

    def update(self):
        """Runs :meth:`update_core` and counts the iteration."""
        self.update_core()
        self.iteration += 1

    def update_core(self):
        """One update of the main optimizer with the next batch of the main iterator."""
        iterator = self._iterators['main']
        batch = iterator.next()
        in_arrays = convert._call_converter(self.converter, batch, self._input_device)

        optimizer = self._optimizers['main']
        loss_func = self.loss_func or optimizer.target
        convert._call_with_arrays(optimizer.update, in_arrays, loss_func)

        if self.auto_new_epoch and iterator.is_new_epoch:
            optimizer.new_epoch(auto=True)

    def serialize(self, serializer):
        """Saves or restores the iterators, optimizers, models and the iteration count
        (keys ``iterator:<name>/``, ``optimizer:<name>/``, ``model:<name>/``,
        ``iteration``)."""
        for name, iterator in self._iterators.items():
            iterator.serialize(serializer['iterator:' + name])
        for name, optimizer in self._optimizers.items():
            optimizer.serialize(serializer['optimizer:' + name])
            optimizer.target.serialize(serializer['model:' + name])
        self.iteration = serializer('iteration', self.iteration)
