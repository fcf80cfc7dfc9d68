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
}))
class TestMaxout:

    def setup_method(self):
        W = numpy.random.uniform(-1, 1, (4, 2, 3)).astype(self.dtype)
        b = None if self.nobias else numpy.random.uniform(-1, 1, (4, 2)).astype(self.dtype)
        with chainer.using_config('dtype', self.dtype):
            self.link = L.Maxout(3, 4, 2, initialW=W, initial_bias=b)
        self.link.cleargrads()
        self.params = [p for _, p in self.link.namedparams()]

    def test_forward(self):
        x = numpy.random.uniform(-1, 1, (5, 3)).astype(self.dtype)
        h = x.astype(numpy.float64).dot(self.link.linear.W.array.T.astype(numpy.float64))
        if not self.nobias:
            h += self.link.linear.b.array
        y = self.link(x)
        assert y.dtype == self.dtype
        tol = 1e-2 if self.dtype == numpy.float16 else 1e-5
        numpy.testing.assert_allclose(y.array, h.reshape(5, 4, 2).max(axis=2), rtol=tol,
                                      atol=tol)

    @testing.fix_random()  # the initial weights and check_backward\'s directions
    def test_backward(self, check_backward_off_kinks):
        def draw(rng):
            return (rng.uniform(-1, 1, (5, 3)).astype(self.dtype),
                    rng.uniform(-1, 1, (5, 4)).astype(self.dtype))

        tol = 5e-2 if self.dtype == numpy.float16 else 1e-3
        check_backward_off_kinks(self.link, draw, params=self.params, dtype=numpy.float64,
                                 atol=tol, rtol=tol)


class TestMaxoutLink:

    def test_child(self):
        link = L.Maxout(3, 4, 2)
        assert isinstance(link.linear, L.Linear)
        assert link.linear.W.shape == (8, 3) and link.linear.b.shape == (8,)
        assert isinstance(link.linear.W.initializer, initializers.LeCunNormal)
        numpy.testing.assert_array_equal(link.linear.b.array, numpy.zeros(8))
        assert (link.out_size, link.pool_size) == (4, 2)

    def test_array_initializers(self):
        W = numpy.arange(24.).reshape(4, 2, 3)
        b = numpy.arange(8.).reshape(4, 2)
        link = L.Maxout(3, 4, 2, initialW=W, initial_bias=b)
        numpy.testing.assert_array_equal(link.linear.W.array, W.reshape(8, 3))
        numpy.testing.assert_array_equal(link.linear.b.array, numpy.arange(8.))

    @pytest.mark.parametrize('kwargs, message', [
        ({'initialW': numpy.ones((8, 3))}, 'initialW.ndim should be 3'),
        ({'initial_bias': numpy.arange(8.)}, 'initial_bias.ndim should be 2')])
    def test_array_initializer_ndim(self, kwargs, message):
        with pytest.raises(ValueError, match=message):
            L.Maxout(3, 4, 2, **kwargs)

    def test_no_bias(self):
        link = L.Maxout(3, 4, 2, initial_bias=None)
        assert link.linear.b is None

    def test_lazy(self):
        link = L.Maxout(None, 4, 2)
        assert link(numpy.ones((2, 3), numpy.float32)).shape == (2, 4)
        assert link.linear.W.shape == (8, 3)

    def test_removed_argument(self):
        with pytest.raises(TypeError):
            L.Maxout(3, 4, 2, wscale=1)

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.Maxout(3, 4, 2), {
            'linear/W': numpy.random.rand(8, 3).astype(numpy.float32),
            'linear/b': numpy.random.rand(8).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.Maxout(3, 4, 2), L.Maxout(None, 4, 2)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.linear.W.array, src.linear.W.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.Maxout(3, 4, 2)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.linear.W.array, src.linear.W.array)

    def test_copy_and_repeat(self):
        link = L.Maxout(3, 3, 2)
        assert link.repeat(2)(numpy.ones((1, 3), numpy.float32)).shape == (1, 3)
        assert link.copy(mode='copy').linear is not link.linear


@attr.gpu
def test_maxout_gpu():
    import cupy
    link = L.Maxout(3, 4, 2).to_gpu()
    assert isinstance(link(cupy.ones((2, 3), numpy.float32)).array, cupy.ndarray)
