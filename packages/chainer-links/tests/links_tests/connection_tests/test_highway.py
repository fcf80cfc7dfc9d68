import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import testing
from chainer.testing import attr


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


class TestHighway:

    def setup_method(self):
        self.x = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32)

    @pytest.mark.parametrize('activate, reference', [
        (F.relu, lambda h: numpy.maximum(h, 0)), (F.tanh, numpy.tanh)])
    @pytest.mark.parametrize('dtype, tolerance', [
        (numpy.float16, {'atol': 5e-3, 'rtol': 5e-2}),
        (numpy.float32, {'atol': 1e-6, 'rtol': 1e-5}),
        (numpy.float64, {'atol': 1e-12, 'rtol': 1e-10})])
    def test_forward(self, activate, reference, dtype, tolerance):
        with chainer.using_config('dtype', dtype):
            link = L.Highway(3, activate=activate)
        x = self.x.astype(dtype)
        Wh, bh = link.plain.W.array, link.plain.b.array
        Wt, bt = link.transform.W.array, link.transform.b.array
        x64, Wh, bh, Wt, bt = (a.astype(numpy.float64) for a in (x, Wh, bh, Wt, bt))
        t = _sigmoid(x64.dot(Wt.T) + bt)
        expected = reference(x64.dot(Wh.T) + bh) * t + x64 * (1 - t)
        y = link(x)
        assert y.dtype == dtype
        testing.assert_allclose(y.array, expected, **tolerance)

    @testing.fix_random()  # the initial weights and check_backward\'s directions
    def test_backward(self, check_backward_off_kinks):
        link = L.Highway(3, init_bt=0.5)
        params = [link.plain.W, link.plain.b, link.transform.W, link.transform.b]

        def draw(rng):
            return (rng.uniform(-1, 1, (4, 3)).astype(numpy.float32),
                    rng.uniform(-1, 1, (4, 3)).astype(numpy.float32))

        check_backward_off_kinks(link, draw, params=params, dtype=numpy.float64, atol=1e-3,
                                 rtol=1e-3)

    def test_parameters(self):
        link = L.Highway(3)
        shapes = {name: p.shape for name, p in link.namedparams()}
        assert shapes == {'/plain/W': (3, 3), '/plain/b': (3,), '/transform/W': (3, 3),
                          '/transform/b': (3,)}
        numpy.testing.assert_array_equal(link.plain.b.array, numpy.zeros(3))
        numpy.testing.assert_array_equal(link.transform.b.array, -numpy.ones(3))
        assert link.activate is F.relu

    def test_initializers(self):
        link = L.Highway(3, init_Wh=1, init_Wt=2, init_bh=3, init_bt=4)
        for array, value in [(link.plain.W, 1), (link.transform.W, 2), (link.plain.b, 3),
                             (link.transform.b, 4)]:
            numpy.testing.assert_array_equal(array.array, numpy.full(array.shape, value))

    def test_nobias(self):
        link = L.Highway(3, nobias=True)
        assert link.plain.b is None and link.transform.b is None

    def test_str(self):
        assert str(L.Highway(2)) == (
            'Highway(\n'
            '  (plain): Linear(in_size=2, out_size=2, nobias=False),\n'
            '  (transform): Linear(in_size=2, out_size=2, nobias=False),\n)')

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.Highway(3), {
            'plain/W': numpy.random.rand(3, 3).astype(numpy.float32),
            'plain/b': numpy.random.rand(3).astype(numpy.float32),
            'transform/W': numpy.random.rand(3, 3).astype(numpy.float32),
            'transform/b': numpy.random.rand(3).astype(numpy.float32)})

    def test_round_trips(self):
        src, dst = L.Highway(3), L.Highway(3)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.plain.W.array, src.plain.W.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.Highway(3)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.transform.W.array, src.transform.W.array)

    def test_repeat(self):
        assert L.Highway(3).repeat(2)(self.x).shape == (4, 3)


@attr.gpu
def test_highway_gpu():
    import cupy
    link = L.Highway(3).to_gpu()
    assert isinstance(link(cupy.ones((2, 3), numpy.float32)).array, cupy.ndarray)
