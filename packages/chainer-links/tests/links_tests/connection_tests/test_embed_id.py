import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'x_shape': [(4,), (2, 3)],
    'ignore_label': [None, -1],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestEmbedID(testing.LinkTestCase):

    param_names = ('W',)
    skip_backward_test = False

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_params(self):
        return numpy.random.uniform(-1, 1, (5, 3)).astype(self.dtype),

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            return L.EmbedID(5, 3, initialW=initializers[0], ignore_label=self.ignore_label)

    def generate_inputs(self):
        x = numpy.random.randint(0, 5, self.x_shape).astype(numpy.int32)
        if self.ignore_label is not None:
            x.ravel()[0] = self.ignore_label
        return x,

    def forward(self, link, inputs, device):
        # the IDs are not differentiable: feed the raw array
        x, = inputs
        return link(x.array),

    def forward_expected(self, link, inputs):
        x, = inputs
        W = link.W.array
        y = W[numpy.where(x == -1, 0, x)]
        if self.ignore_label is not None:
            y[x == self.ignore_label] = 0
        return y,


@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestEmbedIDInitializers(testing.LinkInitializersTestCase):

    param_names = ('W',)

    def generate_params(self):
        return initializers.Constant(1.),

    def create_link(self, initializers):
        return L.EmbedID(4, 2, initialW=initializers[0])

    def generate_inputs(self):
        return numpy.array([0, 3], numpy.int32),

    def get_initializers(self):
        return ((initializers.Constant(3.), 4., numpy.full((4, 2), 5., numpy.float32)),)


class TestEmbedIDLink:

    def test_parameter(self):
        link = L.EmbedID(5, 3)
        assert link.W.shape == (5, 3) and link.W.dtype == numpy.float32
        assert isinstance(link.W.initializer, initializers.Normal)
        assert link.W.initializer.scale == 1.0
        assert link.ignore_label is None and L.EmbedID.ignore_label is None

    def test_array_initializer_takes_config_dtype(self):
        assert L.EmbedID(5, 3, initialW=numpy.ones((5, 3))).W.dtype == numpy.float32
        with chainer.using_config('dtype', numpy.float64):
            assert L.EmbedID(5, 3).W.dtype == numpy.float64

    def test_float_ids(self):
        with pytest.raises(type_check.InvalidType) as e:
            L.EmbedID(5, 3)(numpy.array([0., 1.], numpy.float32))
        assert 'EmbedIDFunction' in str(e.value)

    def test_gradient_skips_ignored(self):
        link = L.EmbedID(4, 2, ignore_label=-1)
        link.cleargrads()
        y = link(numpy.array([1, -1, 1], numpy.int32))
        y.grad = numpy.ones((3, 2), numpy.float32)
        y.backward()
        numpy.testing.assert_array_equal(link.W.grad, [[0, 0], [2, 2], [0, 0], [0, 0]])

    def test_from_params(self):
        W = numpy.random.rand(4, 3).astype(numpy.float32)
        link = L.EmbedID.from_params(chainer.Variable(W), ignore_label=-1)
        assert link.ignore_label == -1 and link.W.array is not W
        numpy.testing.assert_array_equal(link.W.array, W)
        with pytest.raises(TypeError):
            L.EmbedID.from_params(W, foo=2)

    def test_str(self):
        assert str(L.EmbedID(5, 3)) == 'EmbedID()'

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(chainer.Sequential(L.EmbedID(5, 3)),
                    {'0/W': numpy.random.rand(5, 3).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.EmbedID(5, 3), L.EmbedID(5, 3)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.EmbedID(5, 3)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_copy_init(self):
        link = L.EmbedID(5, 3)
        assert not numpy.array_equal(link.copy(mode='init').W.array, link.W.array)
        assert len(link.repeat(2)) == 2


@attr.gpu
def test_embed_id_gpu():
    import cupy
    link = L.EmbedID(5, 3).to_gpu()
    assert isinstance(link(cupy.array([0, 1], numpy.int32)).array, cupy.ndarray)
