import numpy
import pytest

from chainer import testing
import chainer.links as L


@testing.parameterize(*testing.product({
    'cls': [L.NStepGRU, L.NStepBiGRU],
    'n_layers': [1, 2],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'with_state': [True, False],
}))
@testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
class TestNStepGRU:
    """Against a NumPy GRU with the weight order of n_step_gru (w0..w2: r, z, h on the
    input; the reset gate acts on ``w5 h + b5``)."""

    @pytest.fixture(autouse=True)
    def _setup(self, n_step_case):
        self.case = n_step_case(self.cls, 'gru_cell', self.n_layers, [3, 1, 4, 3],
                                self.dtype, self.with_state)

    def test_forward(self, backend_config):
        self.case.check_forward(backend_config)

    def test_backward(self, backend_config):
        self.case.check_backward(backend_config)
