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
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
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


def test_matches_chainer_v7(v7_record):
    _, ys = v7_record.fill(L.NStepBiGRU(1, 2, 2, 0.0))(None, v7_record.xs)
    testing.assert_allclose(ys[0].array, [
        [-0.13271579146385193, 0.06495688855648041, -0.3690464198589325, -0.40556755661964417],
        [-0.08579868078231812, 0.2946411669254303, -0.297188401222229, -0.44798901677131653],
        [0.14869630336761475, 0.39994150400161743, -0.19086824357509613, -0.4225883185863495]],
        atol=1e-6, rtol=1e-6)
