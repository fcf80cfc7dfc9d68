import numpy
import pytest

import chainer
from chainer import gradient_check, initializers, testing
import chainer.links as L
from chainer.testing import attr

V7_LAYOUT = {'{}/{}'.format(child, p): (4, 3 if child.startswith('W') else 4) if p == 'W'
             else (4,)
             for child in ('U', 'U_r', 'U_z', 'W', 'W_r', 'W_z') for p in ('W', 'b')}


def _uniform(shape, dtype):
    return numpy.random.uniform(-1, 1, shape).astype(dtype)


def _gru_step(ref, link, h, x):
    # One GRU step in float64; h None is the stateful link's first step.
    def lin(name, v):
        return ref.affine(v, getattr(link, name))
    if h is None:
        return ref.sigmoid(lin('W_z', x)) * numpy.tanh(lin('W', x))
    r = ref.sigmoid(lin('W_r', x) + lin('U_r', h))
    z = ref.sigmoid(lin('W_z', x) + lin('U_z', h))
    h_bar = numpy.tanh(lin('W', x) + lin('U', r * h))
    return (1 - z) * h + z * h_bar


def _random_biases(link, dtype):
    for child in link.children():
        child.b.array[...] = _uniform(child.b.shape, dtype)


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'lazy': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestStatelessGRU:

    @pytest.fixture(autouse=True)
    def _setup(self, ref, recurrent):
        self.ref = ref
        with chainer.using_config('dtype', self.dtype):
            self.link = L.StatelessGRU(None if self.lazy else 3, 4)
        _random_biases(self.link, self.dtype)
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
            y.array, _gru_step(self.ref, self.link, self.h, self.x), **self.forward_tol)

    def test_backward(self, backend_config):
        self.link(self.h, self.x)
        self.link.to_device(backend_config.device)
        gy = _uniform((2, 4), self.dtype)
        with backend_config:
            gradient_check.check_backward(
                self.link, backend_config.get_array((self.h, self.x)),
                backend_config.get_array(gy), params=tuple(self.link.params()),
                **self.backward_tol)


def test_stateless_gru_double_backward():
    with chainer.using_config('dtype', numpy.float64):
        link = L.StatelessGRU(3, 4)
    args = (_uniform((2, 4), numpy.float64), _uniform((2, 3), numpy.float64))
    gy = _uniform((2, 4), numpy.float64)
    ggs = tuple(_uniform(a.shape, numpy.float64) for a in args)
    gradient_check.check_double_backward(link, args, gy, ggs, atol=1e-4, rtol=1e-3)


@testing.parameterize(*testing.product({
    'cls': [L.StatefulGRU, L.GRU],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'lazy': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestStatefulGRU:

    @pytest.fixture(autouse=True)
    def _setup(self, ref, recurrent):
        self.ref = ref
        with chainer.using_config('dtype', self.dtype):
            self.link = self.cls(None if self.lazy else 3, 4)
        _random_biases(self.link, self.dtype)
        self.xs = [_uniform((2, 3), self.dtype) for _ in range(3)]
        self.forward_tol, self.backward_tol = recurrent.tolerances(self.dtype)

    def test_forward(self, backend_config):
        self.link.to_device(backend_config.device)
        with backend_config:
            ys = [self.link(x) for x in backend_config.get_array(self.xs)]
        assert ys[-1] is self.link.h
        self.link.to_device('@numpy')
        h = None
        for x, y in zip(self.xs, ys):
            h = _gru_step(self.ref, self.link, h, x)
            assert y.dtype == self.dtype
            testing.assert_allclose(y.array, h, **self.forward_tol)

    def test_backward(self, backend_config, recurrent):
        self.link(self.xs[0])
        self.link(self.xs[1])   # lazy parameters (W_r and U_r act from the second step)
        self.link.to_device(backend_config.device)
        gy = _uniform((2, 4), self.dtype)
        recurrent.check_stateful_backward(self.link, self.xs, gy, self.backward_tol,
                                          backend_config)


class TestStatefulGRUState:

    def setup_method(self):
        self.link = L.StatefulGRU(3, 4)
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
        testing.assert_allclose(y.array, _gru_step(ref, self.link, h, self.x),
                                atol=1e-5, rtol=1e-4)

    def test_set_state_requires_a_variable(self):
        with pytest.raises(AssertionError, match='Variable'):
            self.link.set_state(numpy.zeros((2, 4), numpy.float32))

    def test_batch_must_not_change(self):
        self.link(self.x)
        with pytest.raises(chainer.utils.type_check.InvalidType):
            self.link(_uniform((3, 3), numpy.float32))

    def test_copy_keeps_state(self):
        self.link(self.x)
        assert self.link.copy('share').h is self.link.h
        numpy.testing.assert_array_equal(self.link.copy('copy').h.array, self.link.h.array)

    @attr.gpu
    def test_to_gpu_moves_state(self):
        import cupy
        self.link(self.x)
        self.link.to_device('@cupy:0')
        assert isinstance(self.link.h.array, cupy.ndarray)
        self.link.set_state(chainer.Variable(numpy.zeros((2, 4), numpy.float32)))
        assert isinstance(self.link.h.array, cupy.ndarray)


@pytest.mark.parametrize('args', [(), (numpy.zeros((1, 3), numpy.float32),) * 3])
def test_gru_takes_one_argument(args):
    with pytest.raises(ValueError, match='must be 1. But {} is given'.format(len(args))):
        L.GRU(3, 4)(*args)


def test_gru_with_two_arguments_points_to_stateless_gru():
    h = numpy.zeros((1, 4), numpy.float32)
    x = numpy.zeros((1, 3), numpy.float32)
    with pytest.raises(ValueError, match='Use chainer.links.StatelessGRU instead'):
        L.GRU(3, 4)(h, x)


@pytest.mark.parametrize('cls', [L.StatelessGRU, L.StatefulGRU, L.GRU])
class TestGRUInitialization:

    def test_default(self, cls):
        numpy.random.seed(0)
        link = cls(300, 200)
        for child in link.children():
            numpy.testing.assert_array_equal(child.b.array, numpy.zeros(200))
        assert abs(link.W.W.array.std() - numpy.sqrt(1 / 300)) < 2e-3
        assert abs(link.U.W.array.std() - numpy.sqrt(1 / 200)) < 2e-3

    def test_initializers(self, cls):
        link = cls(3, 4, init=initializers.Constant(0.1), inner_init=0.2, bias_init=0.3)
        for name in ('W', 'W_r', 'W_z'):
            numpy.testing.assert_allclose(getattr(link, name).W.array, numpy.full((4, 3), .1))
        for name in ('U', 'U_r', 'U_z'):
            numpy.testing.assert_allclose(getattr(link, name).W.array, numpy.full((4, 4), .2))
        for child in link.children():
            numpy.testing.assert_allclose(child.b.array, numpy.full(4, .3))

    def test_lazy(self, cls):
        link = cls(None, 4)
        assert link.W.W.array is None and link.U.W.shape == (4, 4)
        x = numpy.ones((2, 5), numpy.float32)
        if cls is L.StatelessGRU:
            link(numpy.zeros((2, 4), numpy.float32), x)
        else:
            link(x)
            # as in v7, the first step of the stateful GRU does not use W_r
            assert link.W_r.W.array is None
            link(x)
        assert link.W.W.shape == link.W_r.W.shape == link.W_z.W.shape == (4, 5)


@pytest.mark.parametrize('cls', [L.StatelessGRU, L.StatefulGRU, L.GRU])
class TestGRUContract:

    def _run(self, link):
        x = _uniform((2, 3), numpy.float32)
        if isinstance(link, L.StatelessGRU):
            return link(numpy.zeros((2, 4), numpy.float32), x)
        link(x)
        return link(x)

    def test_layout_and_str(self, cls, link_contract):
        link = cls(3, 4)
        link_contract.layout(link, V7_LAYOUT)
        assert list(link.printable_specs) == []
        lines = ['  ({}): Linear(in_size={}, out_size=4, nobias=False),'.format(
            child, 3 if child.startswith('W') else 4)
            for child in ('U', 'U_r', 'U_z', 'W', 'W_r', 'W_z')]
        assert str(link) == '\n'.join(['{}('.format(cls.__name__)] + lines + [')'])

    def test_load_v7_npz(self, cls, link_contract):
        link_contract.load_v7(cls(3, 4), V7_LAYOUT)

    def test_round_trips(self, cls, link_contract):
        link_contract.round_trips(lambda: cls(None, 4), self._run)

    def test_copies(self, cls, link_contract):
        link = cls(3, 4)
        self._run(link)
        link_contract.copies(link)


def test_matches_chainer_v7(v7_record):
    link = v7_record.fill(L.StatefulGRU(2, 2))
    link(v7_record.x)
    y = link(v7_record.x)
    testing.assert_allclose(y.array, [[-0.0073853726498782635, 0.6627350449562073]],
                            atol=1e-6, rtol=1e-6)
