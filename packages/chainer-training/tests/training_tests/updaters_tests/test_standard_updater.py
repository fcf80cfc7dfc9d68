"""StandardUpdater: one update per batch, converters and devices, epochs, serialization."""
import numpy
import pytest

import chainer
from chainer import backend
from chainer import serializers
from chainer import testing
from chainer import training
from chainer.dataset import convert
from chainer.testing import attr


def _softmax_cross_entropy_grads(w, b, x, t):
    # NumPy reference of the gradients of mean softmax cross entropy of x @ w.T + b.
    y = x @ w.T + b
    p = numpy.exp(y - y.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    p[numpy.arange(len(t)), t] -= 1
    p /= len(t)
    return p.T @ x, p.sum(axis=0)


def test_updates_match_a_numpy_sgd_reference(task):
    model = task.model()
    w = model.predictor.W.array.astype(numpy.float64)
    b = model.predictor.b.array.astype(numpy.float64)
    updater = training.updaters.StandardUpdater(task.iterator(6), task.optimizer(model, 0.1))
    for i in range(6):
        updater.update()
        batch = slice((i % 4) * 6, (i % 4 + 1) * 6)
        gw, gb = _softmax_cross_entropy_grads(w, b, task.x[batch], task.t[batch])
        w, b = w - 0.1 * gw, b - 0.1 * gb
    assert updater.iteration == 6
    numpy.testing.assert_allclose(model.predictor.W.array, w, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(model.predictor.b.array, b, rtol=1e-5, atol=1e-6)


def test_epoch_properties_follow_the_main_iterator(task):
    iterator = task.iterator(10)
    updater = training.updaters.StandardUpdater(iterator, task.optimizer(task.model()))
    assert (updater.epoch, updater.epoch_detail, updater.previous_epoch_detail,
            updater.is_new_epoch) == (0, 0.0, None, False)
    for _ in range(3):
        updater.update()
        assert updater.epoch == iterator.epoch
        assert updater.epoch_detail == iterator.epoch_detail
        assert updater.previous_epoch_detail == iterator.previous_epoch_detail
        assert updater.is_new_epoch == iterator.is_new_epoch
    assert updater.epoch == 1 and updater.is_new_epoch  # 30 examples seen of 24


@pytest.mark.parametrize('auto_new_epoch,expected', [(True, 2), (False, 0)])
def test_auto_new_epoch(task, auto_new_epoch, expected):
    optimizer = task.optimizer(task.model())
    updater = training.updaters.StandardUpdater(
        task.iterator(12), optimizer, auto_new_epoch=auto_new_epoch)
    for _ in range(4):
        updater.update()
    assert optimizer.epoch == expected
    assert updater.auto_new_epoch is auto_new_epoch


@pytest.mark.parametrize('kind', ['tuple', 'dict', 'array'])
def test_converted_batch_is_passed_to_the_loss(task, kind):
    received = []

    def converter(batch, device):
        arrays = convert.concat_examples(batch, device)
        if kind == 'tuple':
            return arrays
        if kind == 'dict':
            return {'x': arrays[0], 't': arrays[1]}
        return arrays[0]

    model = task.model()

    def loss_func(*args, **kwargs):
        received.append((len(args), sorted(kwargs)))
        x = kwargs['x'] if 'x' in kwargs else args[0]
        return chainer.functions.sum(model.predictor(x))

    updater = training.updaters.StandardUpdater(
        task.iterator(6), task.optimizer(model), converter=converter, loss_func=loss_func)
    updater.update()
    assert received == [{'tuple': (2, []), 'dict': (0, ['t', 'x']), 'array': (1, [])}[kind]]


@pytest.mark.parametrize('device', [None, -1, '@numpy', backend.CpuDevice()])
def test_device_and_legacy_converter_spec(task, device, recording_converters):
    specs, converters = recording_converters
    for converter in converters:
        updater = training.updaters.StandardUpdater(
            task.iterator(6), task.optimizer(task.model()), converter=converter,
            device=device)
        updater.update()
    if device is None:
        assert updater.device is None and updater.input_device is None
        assert specs == [None, None]
    else:
        assert updater.device == backend.CpuDevice() == updater.input_device
        assert specs == [-1, backend.CpuDevice()]


def test_input_device_alone(task):
    updater = training.updaters.StandardUpdater(
        task.iterator(6), task.optimizer(task.model()), input_device='@numpy')
    assert updater.device is None
    assert updater.input_device == backend.CpuDevice()


def test_accessors_and_dicts(task):
    main, other = task.iterator(6), task.iterator(4)
    optimizer = task.optimizer(task.model())
    updater = training.updaters.StandardUpdater({'main': main, 'other': other},
                                                {'main': optimizer})
    assert updater.get_iterator('other') is other
    assert updater.get_optimizer('main') is optimizer
    assert updater.get_all_optimizers() == {'main': optimizer}
    assert updater.converter is convert.concat_examples
    assert updater.loss_func is None
    with pytest.raises(KeyError):
        updater.get_iterator('missing')
    with pytest.raises(TypeError, match="unexpected keyword argument.*'foo'"):
        training.updaters.StandardUpdater(main, optimizer, foo=1)


def test_loss_scale(task):
    optimizer = task.optimizer(task.model())
    training.updaters.StandardUpdater(task.iterator(), optimizer, loss_scale=8.0)
    assert optimizer._loss_scale == 8.0


def test_finalize_finalizes_every_iterator(task):
    finalized = []

    class Tracked(chainer.iterators.SerialIterator):
        def finalize(self):
            finalized.append(self)

    a = Tracked(task.dataset, 4)
    b = Tracked(task.dataset, 4)
    updater = training.updaters.StandardUpdater({'main': a, 'b': b},
                                                task.optimizer(task.model()))
    updater.finalize()
    assert finalized == [a, b]


def test_serialize_round_trip(task):
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(task.model())
    updater = training.updaters.StandardUpdater(task.iterator(5, shuffle=True), optimizer)
    for _ in range(7):
        updater.update()
    saved = serializers.npz.serialize(updater)
    assert {'iteration', 'iterator:main/current_position', 'iterator:main/order',
            'optimizer:main/t', 'optimizer:main/predictor/W/m',
            'model:main/predictor/W'} <= set(saved)

    other_optimizer = chainer.optimizers.Adam()
    other_optimizer.setup(task.model(seed=5))
    restored = training.updaters.StandardUpdater(task.iterator(5, shuffle=True),
                                                 other_optimizer)
    testing.save_and_load_npz(updater, restored)
    assert restored.iteration == 7
    for _ in range(5):
        updater.update()
        restored.update()
    for a, b in zip(optimizer.target.params(), other_optimizer.target.params()):
        numpy.testing.assert_array_equal(a.array, b.array)


@attr.gpu
def test_device_sends_the_model_to_the_gpu(task):
    import cupy
    model = task.model()
    updater = training.updaters.StandardUpdater(task.iterator(6), task.optimizer(model),
                                                device='@cupy:0')
    updater.update()
    assert isinstance(model.predictor.W.array, cupy.ndarray)
    assert updater.input_device == backend.get_device('@cupy:0')


testing.run_module(__name__, __file__)
