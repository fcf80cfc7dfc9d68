import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import testing
from chainer.testing import attr


def _expected(link, x):
    # the module written out with the functions it is made of
    def branch(x, *pairs):
        for conv, norm in pairs:
            x = F.relu(norm(conv(x)))
        return x

    outs = []
    if link.out1 > 0:
        outs.append(branch(x, (link.conv1, link.conv1n)))
    outs.append(branch(x, (link.proj3, link.proj3n), (link.conv3, link.conv3n)))
    outs.append(branch(x, (link.proj33, link.proj33n), (link.conv33a, link.conv33an),
                       (link.conv33b, link.conv33bn)))
    if link.pooltype == 'max':
        p = F.max_pooling_2d(x, 3, stride=link.stride, pad=1, cover_all=False)
    else:
        p = F.average_pooling_2d(x, 3, stride=link.stride, pad=1)
    if link.proj_pool is not None:
        p = branch(p, (link.poolp, link.poolpn))
    outs.append(p)
    return F.concat(outs).array


@testing.parameterize(
    {'out1': 2, 'pooltype': 'max', 'proj_pool': 2, 'stride': 1, 'channels': 10},
    {'out1': 2, 'pooltype': 'avg', 'proj_pool': 3, 'stride': 1, 'channels': 11},
    {'out1': 0, 'pooltype': 'max', 'proj_pool': None, 'stride': 2, 'channels': 9},
    {'out1': 0, 'pooltype': 'avg', 'proj_pool': 2, 'stride': 2, 'channels': 8},
)
class TestInceptionBN:

    def _link(self):
        return L.InceptionBN(3, self.out1, 2, 3, 2, 3, self.pooltype, self.proj_pool,
                             stride=self.stride)

    @pytest.mark.parametrize('train', [True, False])
    def test_forward(self, train):
        link = self._link()
        x = numpy.random.uniform(-1, 1, (2, 3, 6, 7)).astype(numpy.float32)
        with chainer.using_config('train', train):
            y = link(x)
            expected = _expected(link.copy(mode='copy'), x)
        out_h, out_w = (6, 7) if self.stride == 1 else (3, 4)
        assert y.shape == (2, self.channels, out_h, out_w)
        numpy.testing.assert_allclose(y.array, expected, rtol=1e-5, atol=1e-6)

    @pytest.mark.parametrize('dtype', [numpy.float16, numpy.float64])
    def test_forward_other_dtypes(self, dtype):
        with chainer.using_config('dtype', dtype):
            link = L.InceptionBN(3, self.out1, 2, 3, 2, 3, self.pooltype, self.proj_pool,
                                 stride=self.stride, dtype=dtype)
        assert {p.dtype for p in link.params()} == {numpy.dtype(dtype)}
        x = numpy.random.uniform(-1, 1, (2, 3, 6, 7)).astype(dtype)
        with chainer.using_config('train', False):
            y = link(x)
            expected = _expected(link, x)
        assert y.dtype == dtype
        testing.assert_allclose(y.array, expected, rtol=1e-5, atol=1e-6)

    @testing.fix_random()  # the initial weights and check_backward's directions: no flakes
    def test_backward(self, check_backward_off_kinks, spread_values):
        with chainer.using_config('dtype', numpy.float64):
            link = L.InceptionBN(3, self.out1, 2, 3, 2, 3, self.pooltype, self.proj_pool,
                                 stride=self.stride, dtype=numpy.float64)
        # a zero shift would put the ReLU after an all-zero receptive field exactly on its kink
        rng = numpy.random.RandomState(1)
        for name, param in link.namedparams():
            if name.endswith(('gamma', 'beta')):
                param.array[...] = rng.uniform(0.5, 1, param.shape)
        out_shape = link(numpy.zeros((2, 3, 4, 4))).shape

        def draw(rng):
            return spread_values(rng, (2, 3, 4, 4)), rng.uniform(-1, 1, out_shape)

        with chainer.using_config('train', False):
            check_backward_off_kinks(link, draw, params=[p for _, p in link.namedparams()],
                                     atol=1e-3, rtol=1e-3)

    def test_v7_layout(self, load_v7_npz):
        link = self._link()
        arrays = {}
        for path, sub in link.namedlinks(skipself=True):
            for name, p in sub.namedparams():
                arrays[path[1:] + name] = numpy.random.rand(*p.shape).astype(numpy.float32)
            if isinstance(sub, L.BatchNormalization):
                size = sub.avg_mean.shape
                arrays[path[1:] + '/avg_mean'] = numpy.random.rand(*size).astype(
                    numpy.float32)
                arrays[path[1:] + '/avg_var'] = numpy.random.rand(*size).astype(
                    numpy.float32)
                arrays[path[1:] + '/N'] = numpy.array(3)
        load_v7_npz(link, arrays)


class TestInceptionBNLink:

    def test_children(self):
        link = L.InceptionBN(3, 2, 2, 3, 2, 3, 'max', 2)
        names = [name for name, _ in link.namedlinks(skipself=True)]
        assert names == ['/conv1', '/conv1n', '/conv3', '/conv33a', '/conv33an', '/conv33b',
                         '/conv33bn', '/conv3n', '/poolp', '/poolpn', '/proj3', '/proj33',
                         '/proj33n', '/proj3n']
        assert all(getattr(link, n).b is None for n in ('conv1', 'conv3', 'proj33'))
        assert (link.out1, link.proj_pool, link.stride, link.pooltype) == (2, 2, 1, 'max')

    def test_without_1x1_and_pool_projection(self):
        link = L.InceptionBN(3, 0, 2, 3, 2, 3, 'max', stride=2)
        names = {name for name, _ in link.namedlinks(skipself=True)}
        assert not {'/conv1', '/conv1n', '/poolp', '/poolpn'} & names

    def test_dtype_goes_to_normalization(self):
        link = L.InceptionBN(3, 0, 2, 3, 2, 3, 'max', stride=2, dtype=numpy.float64)
        assert link.conv3n.avg_mean.dtype == numpy.float64
        assert link.conv3.W.dtype == numpy.float32

    @pytest.mark.parametrize('dtype', [None, chainer.mixed16])
    def test_mixed16_normalization_is_float16(self, dtype):
        # As v7: the layer maps mixed16 to float16 before handing it to its normalizations.
        with chainer.using_config('dtype', chainer.mixed16):
            link = L.InceptionBN(3, 0, 2, 3, 2, 3, 'max', stride=2, dtype=dtype)
        assert link.conv3n.avg_mean.dtype == link.conv3n.gamma.dtype == numpy.float16
        assert link.conv3.W.dtype == numpy.float16

    def test_conv_init(self):
        link = L.InceptionBN(3, 2, 2, 3, 2, 3, 'max', 2, conv_init=1.)
        numpy.testing.assert_array_equal(link.conv1.W.array, numpy.ones((2, 3, 1, 1)))

    def test_stride_with_1x1_branch(self):
        with pytest.raises(AssertionError):
            L.InceptionBN(3, 2, 2, 3, 2, 3, 'avg', 2, stride=2)

    def test_1x1_branch_needs_pool_projection(self):
        # As v7: out1 > 0 without proj_pool is refused.
        with pytest.raises(AssertionError):
            L.InceptionBN(3, 2, 2, 3, 2, 3, 'max')

    def test_unknown_pooltype(self):
        with pytest.raises(NotImplementedError, match='pooltype'):
            L.InceptionBN(3, 0, 2, 3, 2, 3, 'foo', 2)

    def test_round_trips(self):
        src = L.InceptionBN(3, 2, 2, 3, 2, 3, 'max', 2)
        src(numpy.random.rand(2, 3, 4, 4).astype(numpy.float32))
        dst = L.InceptionBN(3, 2, 2, 3, 2, 3, 'max', 2)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.conv3n.avg_mean, src.conv3n.avg_mean)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.InceptionBN(3, 2, 2, 3, 2, 3, 'max', 2)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.conv33b.W.array, src.conv33b.W.array)

    def test_copy_and_repeat(self):
        link = L.InceptionBN(4, 1, 1, 1, 1, 1, 'max', 1)
        assert link.repeat(2)(numpy.ones((2, 4, 3, 3), numpy.float32)).shape == (2, 4, 3, 3)


@attr.gpu
def test_inceptionbn_gpu():
    import cupy
    link = L.InceptionBN(3, 2, 2, 3, 2, 3, 'max', 2).to_gpu()
    assert isinstance(link(cupy.ones((2, 3, 4, 4), numpy.float32)).array, cupy.ndarray)
