import warnings

import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check


def _reference(e1, e2, W, V1=None, V2=None, b=None):
    y = numpy.einsum('ij,ik,jkl->il', e1, e2, W)
    if V1 is not None:
        y += e1.dot(V1) + e2.dot(V2) + b
    return y


@testing.parameterize(*testing.product({
    'dtype': [numpy.float32],  # F.bilinear is float32-only, as v7
    'nobias': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBilinear(testing.LinkTestCase):

    def setUp(self):
        self.param_names = ('W',) if self.nobias else ('W', 'V1', 'V2', 'b')
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_params(self):
        shapes = [(2, 3, 4), (2, 4), (3, 4), (4,)]
        params = tuple(numpy.random.uniform(-1, 1, s).astype(self.dtype) for s in shapes)
        return params[:1] if self.nobias else params

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            if self.nobias:
                return L.Bilinear(2, 3, 4, nobias=True, initialW=initializers[0])
            return L.Bilinear(2, 3, 4, initialW=initializers[0],
                              initial_bias=tuple(initializers[1:]))

    def generate_inputs(self):
        return (numpy.random.uniform(-1, 1, (5, 2)).astype(self.dtype),
                numpy.random.uniform(-1, 1, (5, 3)).astype(self.dtype))

    def forward_expected(self, link, inputs):
        params = [getattr(link, name).array.astype(numpy.float64)
                  for name in self.param_names]
        e1, e2 = (x.astype(numpy.float64) for x in inputs)
        return _reference(e1, e2, *params).astype(self.dtype),


class TestBilinearLink:

    def test_parameters(self):
        link = L.Bilinear(2, 3, 4)
        shapes = {name: p.shape for name, p in link.namedparams()}
        assert shapes == {'/W': (2, 3, 4), '/V1': (2, 4), '/V2': (3, 4), '/b': (4,)}
        for name in ('W', 'V1', 'V2'):
            assert isinstance(getattr(link, name).initializer, initializers.LeCunNormal)
        numpy.testing.assert_array_equal(link.b.array, numpy.zeros(4))
        assert link.in_sizes == (2, 3) and link.nobias is False

    def test_nobias(self):
        link = L.Bilinear(2, 3, 4, nobias=True, initial_bias=(1., 2., 3.))
        assert [name for name, _ in link.namedparams()] == ['/W']
        assert not hasattr(link, 'V1') and not hasattr(link, 'b')

    def test_initial_bias_tuple(self):
        link = L.Bilinear(2, 3, 4, initial_bias=(1., 2., 3.))
        numpy.testing.assert_array_equal(link.V1.array, numpy.ones((2, 4)))
        numpy.testing.assert_array_equal(link.V2.array, numpy.full((3, 4), 2.))
        numpy.testing.assert_array_equal(link.b.array, numpy.full(4, 3.))

    @pytest.mark.parametrize('initial_bias, message', [
        (1., 'initial_bias must be tuple or None'), ((1., 2.), 'tuple of 3')])
    def test_bad_initial_bias(self, initial_bias, message):
        with pytest.raises(ValueError, match=message):
            L.Bilinear(2, 3, 4, initial_bias=initial_bias)

    def test_config_dtype(self):
        with chainer.using_config('dtype', numpy.float16):
            assert L.Bilinear(2, 3, 4).W.dtype == numpy.float16

    def test_wrong_input(self):
        with pytest.raises(type_check.InvalidType):
            L.Bilinear(2, 3, 4)(numpy.ones((5, 3), numpy.float32),
                                numpy.ones((5, 3), numpy.float32))

    def test_zero_grads(self):
        link = L.Bilinear(2, 3, 4)
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter('always')
            link.zero_grads()
        assert any('deprecated' in str(x.message) for x in w)
        for _, p in link.namedparams():
            numpy.testing.assert_array_equal(p.grad, numpy.zeros(p.shape))

    def test_v7_layout(self, load_v7_npz):
        arrays = {'W': (2, 3, 4), 'V1': (2, 4), 'V2': (3, 4), 'b': (4,)}
        load_v7_npz(L.Bilinear(2, 3, 4), {k: numpy.random.rand(*s).astype(numpy.float32)
                                          for k, s in arrays.items()})

    def test_round_trips(self):
        src, dst = L.Bilinear(2, 3, 4), L.Bilinear(2, 3, 4)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.V2.array, src.V2.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.Bilinear(2, 3, 4)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_copy_and_repeat(self):
        link = L.Bilinear(2, 3, 4)
        assert link.copy(mode='copy').V1.array is not link.V1.array
        assert len(link.repeat(2)) == 2


@attr.gpu
def test_bilinear_gpu():
    import cupy
    link = L.Bilinear(2, 3, 4).to_gpu()
    y = link(cupy.ones((5, 2), numpy.float32), cupy.ones((5, 3), numpy.float32))
    assert isinstance(y.array, cupy.ndarray)
