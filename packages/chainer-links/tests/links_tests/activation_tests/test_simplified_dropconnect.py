import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'nobias': [False, True],
    'batchwise': [True, False],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSimplifiedDropconnect(testing.LinkTestCase):

    ratio = 0.5

    def setUp(self):
        self.param_names = ('W',) if self.nobias else ('W', 'b')
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
        mask_shape = (4, 2, 3) if self.batchwise else (2, 3)
        self.mask = (numpy.random.rand(*mask_shape) > self.ratio).astype(self.dtype)

    def generate_params(self):
        W = numpy.random.uniform(-1, 1, (2, 3)).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, 2).astype(self.dtype)
        return (W,) if self.nobias else (W, b)

    def create_link(self, initializers):
        with chainer.using_config('dtype', self.dtype):
            return L.SimplifiedDropconnect(
                3, 2, ratio=self.ratio, nobias=self.nobias, initialW=initializers[0],
                initial_bias=None if self.nobias else initializers[1])

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (4, 3)).astype(self.dtype),

    def forward(self, link, inputs, device):
        x, = inputs
        return link(x, mask=device.send(self.mask), use_batchwise_mask=self.batchwise),

    def forward_expected(self, link, inputs):
        x, = inputs
        W = link.W.array.astype(numpy.float64) * self.mask / (1 - self.ratio)
        if self.batchwise:
            y = numpy.einsum('ni,noi->no', x, W)
        else:
            y = x.dot(W.T)
        if not self.nobias:
            y += link.b.array
        return y.astype(self.dtype),


class TestSimplifiedDropconnectLink:

    def test_parameters(self):
        link = L.SimplifiedDropconnect(3, 4)
        assert link.W.shape == (4, 3) and link.b.shape == (4,)
        assert isinstance(link.W.initializer, initializers.HeNormal)
        numpy.testing.assert_allclose(link.W.initializer.scale, 1 / numpy.sqrt(2))
        assert (link.out_size, link.ratio) == (4, 0.5)

    def test_lazy(self):
        link = L.SimplifiedDropconnect(None, 4)
        assert link.W.array is None
        link(numpy.ones((2, 3, 2), numpy.float32))
        assert link.W.shape == (4, 6)

    def test_not_train_is_linear(self):
        link = L.SimplifiedDropconnect(3, 4, nobias=True, initialW=1.)
        assert link.b is None
        x = numpy.random.rand(2, 3).astype(numpy.float32)
        numpy.testing.assert_allclose(link(x, train=False).array, x.dot(numpy.ones((3, 4))),
                                      rtol=1e-6)

    def test_train_argument_overrides_config(self):
        link = L.SimplifiedDropconnect(3, 4, initialW=1.)
        x = numpy.ones((50, 3), numpy.float32)
        with chainer.using_config('train', False):
            y = link(x).array
        # weights are dropped (outputs vary) although chainer.config.train is off
        assert len(numpy.unique(y)) > 1

    def test_given_mask_becomes_persistent(self):
        # As v7: the first mask given is registered as the persistent value 'mask' and kept.
        link = L.SimplifiedDropconnect(3, 2)
        x = numpy.ones((4, 3), numpy.float32)
        link(x)
        assert 'mask' not in link._persistent
        mask = numpy.ones((4, 2, 3), numpy.float32)
        link(x, mask=mask)
        assert link._persistent == {'mask'} and link.mask is mask
        link(x, mask=numpy.zeros((4, 2, 3), numpy.float32))
        link(x)
        assert link.mask is mask
        target = {}
        link.serialize(chainer.serializers.DictionarySerializer(target))
        assert sorted(target) == ['W', 'b', 'mask']

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.SimplifiedDropconnect(3, 4), {
            'W': numpy.random.rand(4, 3).astype(numpy.float32),
            'b': numpy.random.rand(4).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.SimplifiedDropconnect(3, 4), L.SimplifiedDropconnect(None, 4)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.SimplifiedDropconnect(3, 4)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)

    def test_copy_and_repeat(self):
        link = L.SimplifiedDropconnect(3, 3)
        assert link.repeat(2)(numpy.ones((1, 3), numpy.float32)).shape == (1, 3)
        assert link.copy(mode='copy').W.array is not link.W.array


@attr.gpu
def test_simplified_dropconnect_gpu():
    import cupy
    link = L.SimplifiedDropconnect(None, 4).to_gpu()
    assert isinstance(link(cupy.ones((2, 3), numpy.float32)).array, cupy.ndarray)
