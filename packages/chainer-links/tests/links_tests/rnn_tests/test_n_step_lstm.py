import numpy
import pytest

from chainer import testing
import chainer.links as L


@testing.parameterize(*testing.product({
    'cls': [L.NStepLSTM, L.NStepBiLSTM],
    'n_layers': [1, 2],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'with_state': [True, False],
}))
@testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
class TestNStepLSTM:
    """Against a NumPy LSTM with cuDNN's weight order (w0..w3: i, f, a, o on the input)."""

    @pytest.fixture(autouse=True)
    def _setup(self, n_step_case):
        self.case = n_step_case(self.cls, 'lstm_cell', self.n_layers, [3, 1, 4, 3],
                                self.dtype, self.with_state)

    def test_forward(self, backend_config):
        self.case.check_forward(backend_config)

    def test_backward(self, backend_config):
        self.case.check_backward(backend_config)


def test_hx_and_cx_are_independent():
    link = L.NStepLSTM(1, 3, 4, 0.0)
    xs = [numpy.ones((2, 3), numpy.float32)]
    zeros = numpy.zeros((1, 1, 4), numpy.float32)
    ones = numpy.ones((1, 1, 4), numpy.float32)
    base = link(zeros, zeros, xs)
    with_h = link(ones, zeros, xs)
    with_c = link(zeros, ones, xs)
    assert not numpy.allclose(base[0].array, with_h[0].array)
    assert not numpy.allclose(with_h[1].array, with_c[1].array)
    hy, cy, ys = link(None, ones, xs)
    testing.assert_allclose(hy.array, with_c[0].array)
    testing.assert_allclose(cy.array, with_c[1].array)
