import numpy
import pytest

import chainer
from chainer import testing
import chainer.links as L
from chainer.testing import attr

V7_LAYOUT = {'lateral/W': (16, 4), 'peep_f/W': (4, 4), 'peep_i/W': (4, 4),
             'peep_o/W': (4, 4), 'upward/W': (16, 3), 'upward/b': (16,)}


def _uniform(shape, dtype):
    return numpy.random.uniform(-1, 1, shape).astype(dtype)


def _peephole_step(ref, link, c, h, x):
    z = ref.affine(x, link.upward)
    if h is not None:
        z += ref.affine(h, link.lateral)
    r = z.reshape(len(z), -1, 4)   # gates interleaved per unit: a, i, f, o
    a, i, f, o = (r[:, :, k] for k in range(4))
    i = ref.sigmoid(i + ref.affine(c, link.peep_i))
    f = ref.sigmoid(f + ref.affine(c, link.peep_f))
    c = numpy.tanh(a) * i + f * c
    o = ref.sigmoid(o + ref.affine(c, link.peep_o))
    return c, o * numpy.tanh(c)


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'lazy': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestStatefulPeepholeLSTM:

    @pytest.fixture(autouse=True)
    def _setup(self, ref, recurrent):
        self.ref = ref
        with chainer.using_config('dtype', self.dtype):
            self.link = L.StatefulPeepholeLSTM(None if self.lazy else 3, 4)
        self.link.upward.b.array[...] = _uniform(16, self.dtype)
        self.xs = [_uniform((2, 3), self.dtype) for _ in range(3)]
        self.forward_tol, self.backward_tol = recurrent.tolerances(self.dtype)

    def test_forward(self, backend_config):
        self.link.to_device(backend_config.device)
        with backend_config:
            ys = [self.link(x) for x in backend_config.get_array(self.xs)]
        assert ys[-1] is self.link.h
        self.link.to_device('@numpy')
        c, h = numpy.zeros((2, 4)), None
        for x, y in zip(self.xs, ys):
            c, h = _peephole_step(self.ref, self.link, c, h, x)
            assert y.dtype == self.dtype
            testing.assert_allclose(y.array, h, **self.forward_tol)
        testing.assert_allclose(self.link.c.array, c, **self.forward_tol)

    def test_backward(self, backend_config, recurrent):
        self.link(self.xs[0])
        self.link.to_device(backend_config.device)
        gy = _uniform((2, 4), self.dtype)
        recurrent.check_stateful_backward(self.link, self.xs, gy, self.backward_tol,
                                          backend_config)


class TestStatefulPeepholeLSTMState:

    def setup_method(self):
        self.link = L.StatefulPeepholeLSTM(3, 4)
        self.x = _uniform((2, 3), numpy.float32)

    def test_reset_state(self):
        assert self.link.c is None and self.link.h is None
        self.link(self.x)
        assert self.link.c.shape == self.link.h.shape == (2, 4)
        self.link.reset_state()
        assert self.link.c is None and self.link.h is None

    def test_no_set_state(self):
        # v7's peephole LSTM has no set_state
        assert not hasattr(self.link, 'set_state')

    def test_batch_must_not_change(self):
        self.link(self.x)
        with pytest.raises(chainer.utils.type_check.InvalidType):
            self.link(_uniform((3, 3), numpy.float32))

    def test_default_initialization(self):
        numpy.random.seed(0)
        link = L.StatefulPeepholeLSTM(100, 200)
        numpy.testing.assert_array_equal(link.upward.b.array, numpy.zeros(800))
        assert abs(link.peep_i.W.array.std() - numpy.sqrt(1 / 200)) < 2e-3

    @attr.gpu
    def test_to_gpu_moves_state(self):
        import cupy
        self.link(self.x)
        self.link.to_device('@cupy:0')
        assert isinstance(self.link.c.array, cupy.ndarray)
        assert isinstance(self.link.h.array, cupy.ndarray)


class TestStatefulPeepholeLSTMContract:

    def _run(self, link):
        return link(_uniform((2, 3), numpy.float32))

    def test_layout_and_str(self, link_contract):
        link = L.StatefulPeepholeLSTM(3, 4)
        link_contract.layout(link, V7_LAYOUT)
        assert list(link.printable_specs) == []
        assert str(link) == (
            'StatefulPeepholeLSTM(\n'
            '  (lateral): Linear(in_size=4, out_size=16, nobias=True),\n'
            '  (peep_f): Linear(in_size=4, out_size=4, nobias=True),\n'
            '  (peep_i): Linear(in_size=4, out_size=4, nobias=True),\n'
            '  (peep_o): Linear(in_size=4, out_size=4, nobias=True),\n'
            '  (upward): Linear(in_size=3, out_size=16, nobias=False),\n'
            ')')

    def test_load_v7_npz(self, link_contract):
        link_contract.load_v7(L.StatefulPeepholeLSTM(None, 4), V7_LAYOUT)

    def test_round_trips(self, link_contract):
        link_contract.round_trips(lambda: L.StatefulPeepholeLSTM(None, 4), self._run)

    def test_copies(self, link_contract):
        link = L.StatefulPeepholeLSTM(3, 4)
        self._run(link)
        link_contract.copies(link)
        assert link.copy('share').c is link.c


def test_matches_chainer_v7(v7_record):
    link = v7_record.fill(L.StatefulPeepholeLSTM(2, 2))
    link(v7_record.x)
    y = link(v7_record.x)
    testing.assert_allclose(y.array, [[0.03873638063669205, -0.10094283521175385]],
                            atol=1e-6, rtol=1e-6)
