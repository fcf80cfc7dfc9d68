"""chainer.configuration: global and thread-local entries, using_config, debug mode."""
import copy
import io
import os
import pickle
import subprocess
import sys
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

    def test_set_debug_sets_this_threads_config(self):
        # as v7: chainer.config.debug, not the global default
        with chainer.using_config('debug', False):
            chainer.set_debug(True)
            assert chainer.is_debug()
            assert not chainer.global_config.debug
            seen = []
            thread = threading.Thread(target=lambda: seen.append(chainer.is_debug()))
            thread.start()
            thread.join()
            assert seen == [False]
        assert not chainer.is_debug()

    def test_get_dtype(self):
        assert chainer.get_dtype() == numpy.float32
        with chainer.using_config('dtype', chainer.mixed16):
            assert chainer.get_dtype() == numpy.float16
            assert chainer.get_dtype(map_mixed16=numpy.float32) == numpy.float32
        assert chainer.get_dtype(numpy.float64) == numpy.float64

    def test_mixed16_compares_as_v7(self):
        # As v7: mixed16 equals itself and NumPy's float16 dtype, not its name nor the type.
        assert chainer.mixed16 == chainer.mixed16
        assert chainer.mixed16 == numpy.dtype(numpy.float16)
        assert numpy.dtype(chainer.mixed16) == numpy.float16
        assert chainer.mixed16 != 'mixed16'
        assert chainer.mixed16 != numpy.float16
        assert repr(chainer.mixed16) == "dtype('mixed16')"

    def test_mixed16_copies_are_itself(self):
        for dup in (copy.copy(chainer.mixed16), copy.deepcopy(chainer.mixed16),
                    pickle.loads(pickle.dumps(chainer.mixed16))):
            assert dup is chainer.mixed16

    @pytest.mark.parametrize('name, expected', [
        ('float16', "dtype('float16')"), ('float64', "dtype('float64')"),
        ('mixed16', "dtype('mixed16')")])
    def test_dtype_from_environment(self, name, expected):
        assert self._dtype_in_subprocess(name).stdout.strip() == expected

    @pytest.mark.parametrize('name', ['int32', 'half', 'f2', 'bogus'])
    def test_bad_dtype_from_environment(self, name):
        # As v7: a TypeError at import for any other name.
        proc = self._dtype_in_subprocess(name)
        assert proc.returncode != 0
        assert 'TypeError: incorrect dtype name in CHAINER_DTYPE: "{}"'.format(name) in (
            proc.stderr)

    @staticmethod
    def _dtype_in_subprocess(name):
        return subprocess.run(
            [sys.executable, '-c', 'import chainer; print(repr(chainer.config.dtype))'],
            env=dict(os.environ, CHAINER_DTYPE=name), capture_output=True, text=True,
            timeout=600)

    def test_get_compute_mode(self):
        assert chainer.get_compute_mode() is None
        with chainer.using_config('compute_mode', 'cudnn_fast'):
            assert chainer.get_compute_mode() == 'cudnn_fast'

    def test_top_level_names_of_v7(self):
        # as v7: the cuDNN predicates are also top-level names, and dir() lists the lazy names
        assert chainer.should_use_cudnn is chainer.backends.cuda.should_use_cudnn
        assert (chainer.should_use_cudnn_tensor_core
                is chainer.backends.cuda.should_use_cudnn_tensor_core)
        assert not chainer.should_use_cudnn('>=auto')  # no CuPy here
        assert {'Chain', 'Optimizer', 'report', 'get_compute_mode'} <= set(dir(chainer))

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


class TestOwnGlobalConfig:
    """A LocalConfig falls back to the GlobalConfig it was made with (as v7)."""

    def setup_method(self):
        self.global_config = chainer.configuration.GlobalConfig()
        self.config = chainer.configuration.LocalConfig(self.global_config)
        self.global_config.x = 'global x'
        self.global_config.y = 'global y'
        self.config.y = 'local y'

    def test_lookup_and_isolation(self):
        assert self.config.x == 'global x'
        assert self.config.y == 'local y'
        assert self.global_config.y == 'global y'
        assert vars(self.global_config) == {'x': 'global x', 'y': 'global y'}
        assert not hasattr(chainer.config, 'x')
        assert not hasattr(chainer.global_config, 'x')
        other = chainer.configuration.LocalConfig(self.global_config)
        assert other.y == 'global y'

    def test_del_and_using_config(self):
        del self.config.y
        assert self.config.y == 'global y'
        with chainer.using_config('x', 'tmp', self.config):
            assert self.config.x == 'tmp'
            assert self.global_config.x == 'global x'
        assert self.config.x == 'global x'
        del self.global_config.x
        assert not hasattr(self.config, 'x')

    def test_other_thread_sees_global(self):
        seen = {}

        def worker():
            seen['y'] = self.config.y

        t = threading.Thread(target=worker)
        t.start()
        t.join()
        assert seen == {'y': 'global y'}

    def test_show(self):
        out = io.StringIO()
        self.config.show(out)
        assert out.getvalue() == 'x global x\ny local y\n'
        out = io.StringIO()
        self.global_config.show(out)
        assert out.getvalue() == 'x global x\ny global y\n'

    def test_default_entries_are_attributes_of_global_config(self):
        assert vars(chainer.global_config)['train'] is True
        with pytest.raises(AttributeError, match='GlobalConfig'):
            self.global_config.no_such_entry
