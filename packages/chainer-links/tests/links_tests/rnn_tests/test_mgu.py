import numpy
import pytest

import chainer
from chainer import gradient_check, testing
import chainer.links as L
from chainer.testing import attr

V7_LAYOUT = {'W_f/W': (4, 7), 'W_f/b': (4,), 'W_h/W': (4, 7), 'W_h/b': (4,)}


def _uniform(shape, dtype):
    return numpy.random.uniform(-1, 1, shape).astype(dtype)


def _mgu_step(ref, link, h, x):
    f = ref.sigmoid(ref.affine(numpy.concatenate([h, x], axis=1), link.W_f))
    h_bar = numpy.tanh(ref.affine(numpy.concatenate([f * h, x], axis=1), link.W_h))
    return (1 - f) * h + f * h_bar


def _make(cls, dtype):
    with chainer.using_config('dtype', dtype):
        link = cls(3, 4)
    for child in link.children():
        child.b.array[...] = _uniform(child.b.shape, dtype)
    return link


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestStatelessMGU:

    @pytest.fixture(autouse=True)
    def _setup(self, ref, recurrent):
        self.ref = ref
        self.link = _make(L.StatelessMGU, self.dtype)
        self.h = _uniform((2, 4), self.dtype)
        self.x = _uniform((2, 3), self.dtype)
        self.forward_tol, self.backward_tol = recurrent.tolerances(self.dtype)

    def test_forward(self, backend_config):
        self.link.to_device(backend_config.device)
        with backend_config:
            y = self.link(*backend_config.get_array((self.h, self.x)))
        assert y.dtype == self.dtype
        self.link.to_device('@numpy')
        testing.assert_allclose(
            y.array, _mgu_step(self.ref, self.link, self.h, self.x), **self.forward_tol)

    def test_backward(self, backend_config):
        self.link.to_device(backend_config.device)
        gy = _uniform((2, 4), self.dtype)
        with backend_config:
            gradient_check.check_backward(
                self.link, backend_config.get_array((self.h, self.x)),
                backend_config.get_array(gy), params=tuple(self.link.params()),
                **self.backward_tol)


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestStatefulMGU:

    @pytest.fixture(autouse=True)
    def _setup(self, ref, recurrent):
        self.ref = ref
        self.link = _make(L.StatefulMGU, self.dtype)
        self.xs = [_uniform((2, 3), self.dtype) for _ in range(3)]
        self.forward_tol, self.backward_tol = recurrent.tolerances(self.dtype)

    def test_forward(self, backend_config):
        self.link.to_device(backend_config.device)
        with backend_config:
            ys = [self.link(x) for x in backend_config.get_array(self.xs)]
        assert ys[-1] is self.link.h
        self.link.to_device('@numpy')
        h = numpy.zeros((2, 4))   # the state starts as zeros
        for x, y in zip(self.xs, ys):
            h = _mgu_step(self.ref, self.link, h, x)
            assert y.dtype == self.dtype
            testing.assert_allclose(y.array, h, **self.forward_tol)

    def test_backward(self, backend_config, recurrent):
        self.link.to_device(backend_config.device)
        gy = _uniform((2, 4), self.dtype)
        recurrent.check_stateful_backward(self.link, self.xs, gy, self.backward_tol,
                                          backend_config)


class TestStatefulMGUState:

    def setup_method(self):
        self.link = L.StatefulMGU(3, 4)
        self.x = _uniform((2, 3), numpy.float32)

    def test_reset_state(self):
        assert self.link.h is None
        self.link(self.x)
        assert isinstance(self.link.h, chainer.Variable)
        self.link.reset_state()
        assert self.link.h is None

    def test_set_state(self, ref):
        h = _uniform((2, 4), numpy.float32)
        self.link.set_state(chainer.Variable(h))
        y = self.link(self.x)
        testing.assert_allclose(y.array, _mgu_step(ref, self.link, h, self.x),
                                atol=1e-5, rtol=1e-4)

    def test_set_state_requires_a_variable(self):
        with pytest.raises(AssertionError, match='Variable'):
            self.link.set_state(numpy.zeros((2, 4), numpy.float32))

    def test_batch_must_not_change(self):
        self.link(self.x)
        with pytest.raises(chainer.utils.type_check.InvalidType):
            self.link(self.x[:1])

    @attr.gpu
    def test_to_gpu_moves_state(self):
        import cupy
        self.link(self.x)
        self.link.to_device('@cupy:0')
        assert isinstance(self.link.h.array, cupy.ndarray)


def test_mgu_base_has_no_lazy_in_size():
    # v7: the concatenated input size n_inputs + n_units needs n_inputs
    with pytest.raises(TypeError):
        L.StatelessMGU(None, 4)


@pytest.mark.parametrize('cls', [L.StatelessMGU, L.StatefulMGU])
class TestMGUContract:

    def _run(self, link):
        x = _uniform((2, 3), numpy.float32)
        if isinstance(link, L.StatelessMGU):
            return link(numpy.zeros((2, 4), numpy.float32), x)
        return link(x)

    def test_layout_and_str(self, cls, link_contract):
        link = cls(3, 4)
        link_contract.layout(link, V7_LAYOUT)
        assert list(link.printable_specs) == []
        assert str(link) == (
            '{}(\n'
            '  (W_f): Linear(in_size=7, out_size=4, nobias=False),\n'
            '  (W_h): Linear(in_size=7, out_size=4, nobias=False),\n'
            ')').format(cls.__name__)

    def test_default_initialization(self, cls):
        numpy.random.seed(0)
        link = cls(100, 200)
        numpy.testing.assert_array_equal(link.W_f.b.array, numpy.zeros(200))
        assert abs(link.W_h.W.array.std() - numpy.sqrt(1 / 300)) < 2e-3

    def test_load_v7_npz(self, cls, link_contract):
        link_contract.load_v7(cls(3, 4), V7_LAYOUT)

    def test_round_trips(self, cls, link_contract):
        link_contract.round_trips(lambda: cls(3, 4), self._run)

    def test_copies(self, cls, link_contract):
        link = cls(3, 4)
        self._run(link)
        link_contract.copies(link)


def test_matches_chainer_v7(v7_record):
    link = v7_record.fill(L.StatefulMGU(2, 2))
    link(v7_record.x)
    y = link(v7_record.x)
    testing.assert_allclose(y.array, [[0.43686753511428833, -0.014166107401251793]],
                            atol=1e-6, rtol=1e-6)
