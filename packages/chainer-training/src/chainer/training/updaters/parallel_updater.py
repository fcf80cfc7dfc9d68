"""ParallelUpdater: synchronous data-parallel updates over the devices of one machine."""
import chainer
from chainer.dataset import convert
from chainer.training.updaters import standard_updater


class ParallelUpdater(standard_updater.StandardUpdater):
    """Updater computing the gradients of a batch on several devices in one process.

    The batch is dealt out to the models (example ``i`` to model ``i % n``), each model
    computes its loss and gradients on its device, the gradients are summed into the
    ``'main'`` model, the main optimizer updates it and its parameters are copied back to the
    other models.

    Args:
        iterator: The dataset iterator, or a dict of them (one named ``'main'``).
        optimizer: The optimizer of the main model, or a dict of them (one named ``'main'``).
        converter: Turns a part of the batch into arrays; it receives the device specifier of
            the model as given in ``devices``.
        models (dict): Models by name (one named ``'main'``); when None, the main optimizer's
            target is copied for each entry of ``devices``.
        devices (dict): Device specifiers by model name (one named ``'main'``).
        loss_func: Loss function; the model itself when None.
        loss_scale (float): Loss scale used in the backward computations.
        auto_new_epoch (bool): Call ``optimizer.new_epoch(auto=True)`` at each new epoch.
    """

    def __init__(self, iterator, optimizer, converter=convert.concat_examples, models=None,
                 devices=None, loss_func=None, loss_scale=None, auto_new_epoch=True):
        super().__init__(iterator=iterator, optimizer=optimizer, converter=converter,
                         loss_func=loss_func, loss_scale=loss_scale,
                         auto_new_epoch=auto_new_epoch)
        if models is None:
            if devices is None:
                raise ValueError('either models or devices must be specified')
            main = self.get_optimizer('main').target
            models = {'main': main}
            for name in devices:
                if name != 'main':
                    models[name] = main.copy(mode='copy')
            for name, device in devices.items():
                models[name].to_device(chainer.get_device(device))
        self._devices = devices
        self._models = models

    def connect_trainer(self, trainer):
        """Registers the models other than ``'main'`` as observers of the trainer's
        reporter."""
        for name, model in self._models.items():
            if name != 'main':
                trainer.reporter.add_observer(name, model)

    def update_core(self):
        """Computes the gradients on every device, sums them into the main model and
        updates it."""
        optimizer = self.get_optimizer('main')
        iterator = self.get_iterator('main')
        batch = iterator.next()
        models = self._models
        n = len(models)
        parts = {name: self.converter(batch[i::n], self._devices[name])
                 for i, name in enumerate(models)}

        losses = []
        for name, model in models.items():
            loss_func = self.loss_func or model
            with chainer.force_backprop_mode(), chainer.using_device(self._devices[name]):
                losses.append(convert._call_with_arrays(loss_func, parts[name]))

        for model in models.values():
            model.cleargrads()
        for loss in losses:
            loss.backward(loss_scale=self.loss_scale)

        main = models['main']
        for name, model in models.items():
            if name != 'main':
                main.addgrads(model)
        optimizer.update()
        for name, model in models.items():
            if name != 'main':
                model.copyparams(main)

        if self.auto_new_epoch and iterator.is_new_epoch:
            optimizer.new_epoch(auto=True)
