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
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
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


def test_matches_chainer_v7(v7_record):
    _, _, ys = v7_record.fill(L.NStepBiLSTM(1, 2, 2, 0.0))(None, None, v7_record.xs)
    testing.assert_allclose(ys[0].array, [
        [0.11591438204050064, 0.137571781873703, -0.21773657202720642, -0.10757369548082352],
        [0.10886090993881226, 0.2806922197341919, 0.0749192088842392, -0.05490299314260483],
        [0.04517639800906181, 0.3965141773223877, 0.055824313312768936,
         -0.018525607883930206]], atol=1e-6, rtol=1e-6)
    hy, _, _ = v7_record.fill(L.NStepLSTM(2, 2, 2, 0.0))(None, None, v7_record.xs)
    testing.assert_allclose(hy.array, [
        [[0.04517639800906181, 0.3965141773223877],
         [-0.09101101011037827, -0.0027861481066793203]],
        [[0.09393782168626785, -0.052302442491054535],
         [0.044988371431827545, -0.056058671325445175]]], atol=1e-6, rtol=1e-6)
