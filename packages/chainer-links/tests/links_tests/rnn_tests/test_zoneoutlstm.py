import numpy
import pytest

import chainer
from chainer import testing
import chainer.links as L
from chainer.testing import attr

V7_LAYOUT = {'lateral/W': (16, 4), 'upward/W': (16, 3), 'upward/b': (16,)}


def _uniform(shape, dtype):
    return numpy.random.uniform(-1, 1, shape).astype(dtype)


def _lstm_step(ref, link, c, h, x):
    # The step before zoneout, in float64.
    return ref.lstm(c, ref.affine(x, link.upward) + ref.affine(h, link.lateral))


def _make(dtype, lazy=False, **ratios):
    with chainer.using_config('dtype', dtype):
        link = L.StatefulZoneoutLSTM(None if lazy else 3, 4, **ratios)
    link.upward.b.array[...] = _uniform(16, dtype)
    return link


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'lazy': [False, True],
    'train': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestStatefulZoneoutLSTM:
    """Deterministic cases: test mode (no zoneout) and, in training mode, ratios 0."""

    @pytest.fixture(autouse=True)
    def _setup(self, ref, recurrent):
        self.ref = ref
        self.link = _make(self.dtype, self.lazy, c_ratio=0.0, h_ratio=0.0)
        if not self.train:
            self.link.c_ratio = self.link.h_ratio = 0.5   # unused in test mode
        self.xs = [_uniform((2, 3), self.dtype) for _ in range(3)]
        self.forward_tol, self.backward_tol = recurrent.tolerances(self.dtype)

    def test_forward(self, backend_config):
        self.link.to_device(backend_config.device)
        with backend_config, chainer.using_config('train', self.train):
            ys = [self.link(x) for x in backend_config.get_array(self.xs)]
        assert ys[-1] is self.link.h
        self.link.to_device('@numpy')
        c = h = numpy.zeros((2, 4))
        for x, y in zip(self.xs, ys):
            c, h = _lstm_step(self.ref, self.link, c, h, x)
            assert y.dtype == self.dtype
            testing.assert_allclose(y.array, h, **self.forward_tol)
        testing.assert_allclose(self.link.c.array, c, **self.forward_tol)

    def test_backward(self, backend_config, recurrent):
        self.link(self.xs[0])
        self.link.to_device(backend_config.device)
        gy = _uniform((2, 4), self.dtype)
        with chainer.using_config('train', self.train):
            recurrent.check_stateful_backward(self.link, self.xs, gy, self.backward_tol,
                                              backend_config)


class TestZoneoutInTraining:

    def setup_method(self):
        self.xs = [_uniform((50, 3), numpy.float32) for _ in range(2)]

    def test_ratio_one_keeps_the_initial_state(self):
        link = _make(numpy.float32, c_ratio=1.0, h_ratio=1.0)
        for x in self.xs:
            y = link(x)
        numpy.testing.assert_array_equal(y.array, numpy.zeros((50, 4)))
        numpy.testing.assert_array_equal(link.c.array, numpy.zeros((50, 4)))

    def test_cell_and_output_ratios_act_separately(self, ref):
        link = _make(numpy.float32, c_ratio=1.0, h_ratio=0.0)
        y = link(self.xs[0])
        _, h = _lstm_step(ref, link, numpy.zeros((50, 4)), numpy.zeros((50, 4)), self.xs[0])
        numpy.testing.assert_array_equal(link.c.array, numpy.zeros((50, 4)))
        testing.assert_allclose(y.array, h, atol=1e-5, rtol=1e-4)

    def test_each_unit_keeps_or_updates(self, ref):
        numpy.random.seed(0)
        link = _make(numpy.float32, c_ratio=0.5, h_ratio=0.3)
        link(self.xs[0])
        c0, h0 = link.c.array.copy(), link.h.array.copy()
        link(self.xs[1])
        c_new, h_new = _lstm_step(ref, link, c0, h0, self.xs[1])
        for state, old, new, ratio in ((link.c.array, c0, c_new, 0.5),
                                       (link.h.array, h0, h_new, 0.3)):
            kept = numpy.isclose(state, old, atol=1e-6)
            updated = numpy.isclose(state, new, atol=1e-5)
            assert (kept | updated).all()
            assert abs(kept[~updated].size / state.size - ratio) < 0.1

    def test_train_argument_is_rejected(self):
        with pytest.raises(ValueError, match='train argument is not supported'):
            L.StatefulZoneoutLSTM(3, 4, train=True)
        with pytest.raises(TypeError):
            L.StatefulZoneoutLSTM(3, 4, foo=1)


class TestStatefulZoneoutLSTMState:

    def setup_method(self):
        self.link = L.StatefulZoneoutLSTM(3, 4, c_ratio=0.25, h_ratio=0.75)
        self.x = _uniform((2, 3), numpy.float32)

    def test_attributes(self):
        assert (self.link.c_ratio, self.link.h_ratio) == (0.25, 0.75)
        assert self.link.state_size == 4
        numpy.testing.assert_array_equal(self.link.upward.b.array, numpy.zeros(16))

    def test_reset_state(self):
        self.link(self.x)
        assert self.link.c.shape == self.link.h.shape == (2, 4)
        self.link.reset_state()
        assert self.link.c is None and self.link.h is None

    def test_set_state(self, ref):
        c, h = _uniform((2, 4), numpy.float32), _uniform((2, 4), numpy.float32)
        self.link.set_state(chainer.Variable(c), chainer.Variable(h))
        with chainer.using_config('train', False):
            y = self.link(self.x)
        expected_c, expected_h = _lstm_step(ref, self.link, c, h, self.x)
        testing.assert_allclose(y.array, expected_h, atol=1e-5, rtol=1e-4)
        testing.assert_allclose(self.link.c.array, expected_c, atol=1e-5, rtol=1e-4)

    def test_set_state_requires_variables(self):
        state = numpy.zeros((2, 4), numpy.float32)
        with pytest.raises(AssertionError, match='Variable'):
            self.link.set_state(state, chainer.Variable(state))

    @attr.gpu
    def test_to_gpu_moves_state(self):
        import cupy
        self.link(self.x)
        self.link.to_device('@cupy:0')
        assert isinstance(self.link.c.array, cupy.ndarray)
        assert isinstance(self.link.h.array, cupy.ndarray)


class TestStatefulZoneoutLSTMContract:

    def _run(self, link):
        return link(_uniform((2, 3), numpy.float32))

    def test_layout_and_str(self, link_contract):
        link = L.StatefulZoneoutLSTM(3, 4)
        link_contract.layout(link, V7_LAYOUT)
        assert list(link.printable_specs) == []
        assert str(link) == (
            'StatefulZoneoutLSTM(\n'
            '  (lateral): Linear(in_size=4, out_size=16, nobias=True),\n'
            '  (upward): Linear(in_size=3, out_size=16, nobias=False),\n'
            ')')

    def test_load_v7_npz(self, link_contract):
        link_contract.load_v7(L.StatefulZoneoutLSTM(None, 4), V7_LAYOUT)

    def test_round_trips(self, link_contract):
        link_contract.round_trips(lambda: L.StatefulZoneoutLSTM(None, 4), self._run)

    def test_copies(self, link_contract):
        link = L.StatefulZoneoutLSTM(3, 4)
        self._run(link)
        link_contract.copies(link)
