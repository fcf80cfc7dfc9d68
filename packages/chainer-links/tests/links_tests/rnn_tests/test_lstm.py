import numpy
import pytest

import chainer
from chainer import gradient_check, initializers, testing
import chainer.links as L
from chainer.testing import attr

V7_LAYOUT = {'lateral/W': (16, 4), 'upward/W': (16, 3), 'upward/b': (16,)}
V7_STR = ('{}(\n'
          '  (lateral): Linear(in_size=4, out_size=16, nobias=True),\n'
          '  (upward): Linear(in_size=3, out_size=16, nobias=False),\n'
          ')')


def _uniform(shape, dtype):
    return numpy.random.uniform(-1, 1, shape).astype(dtype)


@testing.parameterize(*testing.product_dict(
    testing.product({
        'dtype': [numpy.float16, numpy.float32, numpy.float64],
        'lazy': [False, True],
    }),
    # 'none': neither c nor h; x_batch < 3: x updates the first rows of the state only
    [{'state': 'both', 'x_batch': 3}, {'state': 'both', 'x_batch': 2},
     {'state': 'no_h', 'x_batch': 3}, {'state': 'no_h', 'x_batch': 2},
     {'state': 'none', 'x_batch': 3}],
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestStatelessLSTM:

    in_size = 3
    out_size = 4

    @pytest.fixture(autouse=True)
    def _setup(self, ref, recurrent):
        self.ref = ref
        with chainer.using_config('dtype', self.dtype):
            self.link = L.StatelessLSTM(None if self.lazy else self.in_size, self.out_size)
        c = _uniform((3, self.out_size), self.dtype)
        h = _uniform((self.x_batch, self.out_size), self.dtype)
        x = _uniform((self.x_batch, self.in_size), self.dtype)
        self.inputs = {'both': (c, h, x), 'no_h': (c, x), 'none': (x,)}[self.state]
        self.forward_tol, self.backward_tol = recurrent.tolerances(self.dtype)

    def _call(self, *inputs):
        if self.state == 'both':
            return self.link(*inputs)
        if self.state == 'no_h':
            c, x = inputs
            return self.link(c, None, x)
        return self.link(None, None, *inputs)

    def _expected(self):
        x = self.inputs[-1]
        c = self.inputs[0] if self.state != 'none' else numpy.zeros((len(x), self.out_size))
        z = self.ref.affine(x, self.link.upward)
        if self.state == 'both':
            z += self.ref.affine(self.inputs[1], self.link.lateral)
        return self.ref.lstm(c, z)

    def test_forward(self, backend_config):
        self.link.to_device(backend_config.device)
        with backend_config:
            c, h = self._call(*backend_config.get_array(self.inputs))
        assert c.dtype == self.dtype and h.dtype == self.dtype
        assert c.shape == (3 if self.state != 'none' else self.x_batch, self.out_size)
        self.link.to_device('@numpy')
        expected_c, expected_h = self._expected()
        testing.assert_allclose(c.array, expected_c, **self.forward_tol)
        testing.assert_allclose(h.array, expected_h, **self.forward_tol)

    def test_backward(self, backend_config):
        self._call(*self.inputs)   # lazy parameters
        self.link.to_device(backend_config.device)
        grads = tuple(_uniform(shape, self.dtype)
                      for shape in ((len(self.inputs[0]), self.out_size),
                                    (self.x_batch, self.out_size)))
        with backend_config:
            gradient_check.check_backward(
                self._call, backend_config.get_array(self.inputs),
                backend_config.get_array(grads), params=tuple(self.link.params()),
                **self.backward_tol)


class TestStatelessLSTMDoubleBackward:

    def test_double_backward(self):
        with chainer.using_config('dtype', numpy.float64):
            link = L.StatelessLSTM(3, 4)
        args = tuple(_uniform(s, numpy.float64) for s in ((2, 4), (2, 4), (2, 3)))
        grads = tuple(_uniform((2, 4), numpy.float64) for _ in range(2))
        ggs = tuple(_uniform(a.shape, numpy.float64) for a in args)
        gradient_check.check_double_backward(link, args, grads, ggs, atol=1e-4, rtol=1e-3)


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'lazy': [False, True],
}))
class TestLSTMSequence:
    """Several steps of the stateful LSTM, with shrinking batches, against NumPy."""

    batches = (4, 4, 3, 1)

    @pytest.fixture(autouse=True)
    def _setup(self, recurrent):
        with chainer.using_config('dtype', self.dtype):
            self.link = L.LSTM(None if self.lazy else 3, 5)
        self.xs = [_uniform((b, 3), self.dtype) for b in self.batches]
        self.forward_tol, self.backward_tol = recurrent.tolerances(self.dtype)

    def _expected(self, ref):
        c = numpy.zeros((4, 5))
        h = None
        outs = []
        for x in self.xs:
            z = ref.affine(x, self.link.upward)
            if h is not None:
                z += ref.affine(h[:len(x)], self.link.lateral)
            c, y = ref.lstm(c, z)
            h = y if h is None else numpy.concatenate([y, h[len(x):]])
            outs.append(y)
        return outs, c, h

    def test_forward(self, ref):
        assert self.link.c is None and self.link.h is None
        ys = [self.link(x) for x in self.xs]
        outs, c, h = self._expected(ref)
        for y, expected in zip(ys, outs):
            assert y.dtype == self.dtype
            testing.assert_allclose(y.array, expected, **self.forward_tol)
        assert self.link.h.shape == (4, 5) and self.link.c.shape == (4, 5)
        testing.assert_allclose(self.link.c.array, c, **self.forward_tol)
        testing.assert_allclose(self.link.h.array, h, **self.forward_tol)

    def test_backward(self, recurrent):
        self.link(self.xs[0])    # lazy parameters
        self.link.reset_state()
        gy = _uniform((1, 5), self.dtype)
        recurrent.check_stateful_backward(self.link, self.xs, gy, self.backward_tol)

    def test_empty_batch_keeps_state(self):
        self.link(self.xs[0])
        c, h = self.link.c.array.copy(), self.link.h.array.copy()
        y = self.link(numpy.zeros((0, 3), self.dtype))
        assert y.shape == (0, 5)
        numpy.testing.assert_array_equal(self.link.c.array, c)
        numpy.testing.assert_array_equal(self.link.h.array, h)


class TestLSTMState:

    def setup_method(self):
        self.link = L.LSTM(3, 4)
        self.x = _uniform((2, 3), numpy.float32)

    def test_reset_state(self):
        self.link(self.x)
        assert isinstance(self.link.c, chainer.Variable)
        assert isinstance(self.link.h, chainer.Variable)
        self.link.reset_state()
        assert self.link.c is None and self.link.h is None

    def test_set_state(self, ref):
        c = _uniform((2, 4), numpy.float32)
        h = _uniform((2, 4), numpy.float32)
        self.link.set_state(chainer.Variable(c), chainer.Variable(h))
        y = self.link(self.x)
        z = ref.affine(self.x, self.link.upward) + ref.affine(h, self.link.lateral)
        expected_c, expected_h = ref.lstm(c, z)
        testing.assert_allclose(y.array, expected_h, atol=1e-5, rtol=1e-4)
        testing.assert_allclose(self.link.c.array, expected_c, atol=1e-5, rtol=1e-4)

    def test_set_state_requires_variables(self):
        state = numpy.zeros((2, 4), numpy.float32)
        with pytest.raises(AssertionError, match='Variable'):
            self.link.set_state(state, chainer.Variable(state))
        with pytest.raises(AssertionError, match='Variable'):
            self.link.set_state(chainer.Variable(state), state)

    def test_larger_batch_raises(self):
        self.link(self.x)
        with pytest.raises(TypeError, match='batch size of x'):
            self.link(_uniform((3, 3), numpy.float32))

    def test_state_is_part_of_the_graph(self):
        x = chainer.Variable(self.x)
        self.link(x)
        y = self.link(x)
        y.grad = numpy.ones_like(y.array)
        y.backward()
        assert x.grad is not None
        assert self.link.c.creator is not None

    def test_copy_keeps_state(self):
        self.link(self.x)
        assert self.link.copy('share').h is self.link.h
        dup = self.link.copy('copy')
        assert dup.h is not self.link.h
        numpy.testing.assert_array_equal(dup.h.array, self.link.h.array)

    def test_to_cpu_keeps_state(self):
        self.link(self.x)
        self.link.to_device('@numpy')
        assert isinstance(self.link.h.array, numpy.ndarray)

    @attr.gpu
    def test_to_gpu_moves_state(self):
        import cupy
        self.link(self.x)
        self.link.to_device('@cupy:0')
        assert isinstance(self.link.c.array, cupy.ndarray)
        assert isinstance(self.link.h.array, cupy.ndarray)
        y = self.link(cupy.asarray(self.x))
        assert isinstance(y.array, cupy.ndarray)
        self.link.set_state(chainer.Variable(numpy.zeros((2, 4), numpy.float32)),
                            chainer.Variable(numpy.zeros((2, 4), numpy.float32)))
        assert isinstance(self.link.c.array, cupy.ndarray)


@pytest.mark.parametrize('cls', [L.LSTM, L.StatelessLSTM])
class TestLSTMInitialization:

    def test_default_biases(self, cls):
        link = cls(3, 2)
        # forget gate biases are 1, the others 0 (gates interleaved per unit: a, i, f, o)
        numpy.testing.assert_array_equal(link.upward.b.array, [0, 0, 1, 0, 0, 0, 1, 0])
        assert link.bias_init == 0 and link.forget_bias_init == 1
        assert link.state_size == 2
        assert link.lateral.b is None

    def test_initializers(self, cls):
        link = cls(3, 2, lateral_init=initializers.Constant(0.1), upward_init=0.2,
                   bias_init=0.3, forget_bias_init=initializers.Constant(4.))
        numpy.testing.assert_array_equal(link.lateral.W.array, numpy.full((8, 2), 0.1,
                                                                          numpy.float32))
        numpy.testing.assert_array_equal(link.upward.W.array, numpy.full((8, 3), 0.2,
                                                                         numpy.float32))
        numpy.testing.assert_allclose(link.upward.b.array, [.3, .3, 4, .3, .3, .3, 4, .3])

    def test_initializers_fill_blocks_of_out_size_rows(self, cls):
        # v7 calls the weight initializers on each block of out_size rows and the bias
        # initializers on each gate's (1, out_size, 1) share.
        block = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
        link = cls(3, 2, upward_init=block, bias_init=numpy.full((2, 1), 5, numpy.float32))
        numpy.testing.assert_array_equal(link.upward.W.array, numpy.tile(block, (4, 1)))
        numpy.testing.assert_array_equal(link.upward.b.array, [5, 5, 1, 5, 5, 5, 1, 5])
        with pytest.raises(ValueError):
            cls(3, 2, upward_init=numpy.zeros((8, 3), numpy.float32))

    def test_glorot_uses_block_fans(self, cls):
        # fan_in + fan_out of a (2, 30) block is 32, not 38: the limit is sqrt(6 / 32)
        numpy.random.seed(0)
        link = cls(30, 2, upward_init=initializers.GlorotUniform())
        w = link.upward.W.array
        assert numpy.abs(w).max() > numpy.sqrt(6 / 38)
        assert numpy.abs(w).max() <= numpy.sqrt(6 / 32)

    def test_default_weight_scale(self, cls):
        numpy.random.seed(0)
        link = cls(400, 300)
        assert abs(link.upward.W.array.std() - numpy.sqrt(1 / 400)) < 2e-3
        assert abs(link.lateral.W.array.std() - numpy.sqrt(1 / 300)) < 2e-3

    def test_lazy(self, cls):
        link = cls(2, lateral_init=0.5, upward_init=0.25, bias_init=0.125)
        assert link.upward.W.array is None
        assert str(link) == (
            '{}(\n'
            '  (lateral): Linear(in_size=2, out_size=8, nobias=True),\n'
            '  (upward): Linear(in_size=None, out_size=8, nobias=False),\n'
            ')').format(cls.__name__)
        # as in v7, all the weights are filled at the first call
        numpy.testing.assert_array_equal(link.lateral.W.array, numpy.zeros((8, 2)))
        x = numpy.ones((1, 3, 2), numpy.float32)
        if cls is L.LSTM:
            link(x)
        else:
            link(None, None, x)
        assert link.upward.W.shape == (8, 6)
        assert (link.upward.W.array == 0.25).all()
        assert (link.lateral.W.array == 0.5).all()
        numpy.testing.assert_array_equal(link.upward.b.array, [.125, .125, 1, .125] * 2)

    def test_dtype_from_config(self, cls):
        with chainer.using_config('dtype', numpy.float16):
            link = cls(3, 2)
        assert {p.dtype for p in link.params()} == {numpy.dtype(numpy.float16)}


@pytest.mark.parametrize('cls', [L.LSTM, L.StatelessLSTM])
class TestLSTMContract:

    def _run(self, link):
        x = _uniform((2, 3), numpy.float32)
        return link(x) if isinstance(link, L.LSTM) else link(None, None, x)

    def test_layout_and_str(self, cls, link_contract):
        link = cls(3, 4)
        link_contract.layout(link, V7_LAYOUT)
        assert list(link.printable_specs) == []
        assert str(link) == V7_STR.format(cls.__name__)

    def test_load_v7_npz(self, cls, link_contract):
        link_contract.load_v7(cls(3, 4), V7_LAYOUT)

    def test_load_v7_npz_into_lazy_link(self, cls, link_contract):
        link = cls(4)
        link_contract.load_v7(link, V7_LAYOUT)
        assert link.upward.W.shape == (16, 3)

    def test_round_trips(self, cls, link_contract):
        link_contract.round_trips(lambda: cls(None, 4), self._run)

    def test_copies(self, cls, link_contract):
        link = cls(3, 4)
        self._run(link)
        link_contract.copies(link)


def test_matches_chainer_v7(v7_record):
    link = v7_record.fill(L.LSTM(2, 2))
    link(v7_record.x)
    y = link(v7_record.x)
    testing.assert_allclose(y.array, [[-0.22622913122177124, -0.11047417670488358]],
                            atol=1e-6, rtol=1e-6)
