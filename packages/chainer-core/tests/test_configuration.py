"""chainer.configuration: global and thread-local entries, using_config, debug mode."""
import threading
import warnings

import numpy
import pytest

import chainer


class TestConfig:

    def test_thread_local(self):
        seen = {}

        def worker():
            seen['train'] = chainer.config.train

        with chainer.using_config('train', False):
            t = threading.Thread(target=worker)
            t.start()
            t.join()
            assert chainer.config.train is False
        assert seen['train'] is True
        assert chainer.config.train is True

    def test_debug_nan_forward(self):
        x = chainer.Variable(numpy.array([-1.0], 'f'))
        with chainer.using_config('debug', True):
            assert chainer.is_debug()
            with pytest.raises(RuntimeError, match='NaN is detected on forward'):
                with warnings.catch_warnings():
                    warnings.simplefilter('ignore')
                    x ** 0.5
        assert not chainer.is_debug()

    def test_debug_nan_backward(self):

        class NanGrad(chainer.FunctionNode):
            def forward(self, inputs):
                return inputs[0] * 2,

            def backward(self, indexes, grad_outputs):
                return chainer.Variable(numpy.array([numpy.nan], 'f')),

        x = chainer.Variable(numpy.array([0.0], 'f'))
        y = NanGrad().apply((x,))[0]
        with chainer.using_config('debug', True):
            with pytest.raises(RuntimeError, match='NaN is detected on backward.*NanGrad'):
                y.grad = numpy.ones(1, 'f')
                y.backward()

    def test_set_debug_and_debug_mode(self):
        with chainer.DebugMode(True):
            assert chainer.is_debug()
        chainer.set_debug(True)
        try:
            assert chainer.is_debug()
        finally:
            chainer.set_debug(False)

    def test_get_dtype(self):
        assert chainer.get_dtype() == numpy.float32
        with chainer.using_config('dtype', chainer.mixed16):
            assert chainer.get_dtype() == numpy.float16
            assert chainer.get_dtype(map_mixed16=numpy.float32) == numpy.float32
        assert chainer.get_dtype(numpy.float64) == numpy.float64

    def test_show(self, capsys):
        chainer.config.show()
        out = capsys.readouterr().out
        assert 'enable_backprop' in out and 'type_check' in out


def test_missing_config_entry_raises_attribute_error():
    with pytest.raises(AttributeError):
        chainer.config.no_such_entry
    with pytest.raises(AttributeError):
        chainer.global_config.no_such_entry
    with chainer.using_config('no_such_entry', 3):
        assert chainer.config.no_such_entry == 3
    assert not hasattr(chainer.config, 'no_such_entry')


def test_using_config_restores_on_error_and_nests():
    with pytest.raises(KeyError):
        with chainer.using_config('train', False):
            with chainer.using_config('train', True):
                assert chainer.config.train is True
            assert chainer.config.train is False
            raise KeyError('x')
    assert chainer.config.train is True
