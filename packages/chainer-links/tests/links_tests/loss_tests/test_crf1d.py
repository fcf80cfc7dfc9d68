import itertools

import numpy
import pytest

import chainer
from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr


def _path_score(cost, xs, path):
    return sum(x[y] for x, y in zip(xs, path)) + sum(
        cost[a, b] for a, b in zip(path[:-1], path[1:]))


def _nll(cost, xs, ys):
    # -log p(ys | xs) of one sequence, by enumerating every path
    n_label = cost.shape[0]
    scores = [_path_score(cost, xs, p)
              for p in itertools.product(range(n_label), repeat=len(xs))]
    return numpy.logaddexp.reduce(scores) - _path_score(cost, xs, ys)


def _best(cost, xs):
    n_label = cost.shape[0]
    return max(itertools.product(range(n_label), repeat=len(xs)),
               key=lambda p: _path_score(cost, xs, p))


class TestCRF1d:

    def setup_method(self):
        rng = numpy.random.RandomState(0)
        self.link = L.CRF1d(3, initial_cost=rng.uniform(-1, 1, (3, 3)))
        self.lengths = [2, 4, 3]
        self.xs = [rng.uniform(-1, 1, (n, 3)).astype(numpy.float32) for n in self.lengths]
        self.ys = [rng.randint(0, 3, n).astype(numpy.int32) for n in self.lengths]
        self.cost = self.link.cost.array.astype(numpy.float64)

    def _time_major(self, seqs):
        # sequences sorted by decreasing length, one array per step (the layout crf1d takes)
        order = numpy.argsort([-len(s) for s in seqs])
        return chainer.functions.transpose_sequence([seqs[i] for i in order]), order

    def test_forward(self):
        xs, order = self._time_major(self.xs)
        ys, _ = self._time_major(self.ys)
        expected = [_nll(self.cost, self.xs[i], self.ys[i]) for i in order]
        loss = self.link(xs, ys, reduce='no')
        numpy.testing.assert_allclose(loss.array, expected, rtol=1e-5)
        numpy.testing.assert_allclose(self.link(xs, ys).array, numpy.mean(expected),
                                      rtol=1e-5)

    def test_forward_transpose(self):
        order = numpy.argsort([-n for n in self.lengths])
        expected = [_nll(self.cost, self.xs[i], self.ys[i]) for i in order]
        loss = self.link(self.xs, self.ys, reduce='no', transpose=True)
        # as in Chainer v7, the losses come longest sequence first
        numpy.testing.assert_allclose(loss.array, expected, rtol=1e-5)

    def test_backward(self):
        xs, _ = self._time_major(self.xs)
        ys, _ = self._time_major(self.ys)
        self.link.cleargrads()

        def f(*xs):
            return self.link(list(xs), ys)

        chainer.gradient_check.check_backward(
            f, tuple(x.array for x in xs), numpy.array(1., numpy.float32),
            params=(self.link.cost,), dtype=numpy.float64, atol=1e-4, rtol=1e-4)

    def test_argmax(self):
        xs, order = self._time_major(self.xs)
        score, path = self.link.argmax(xs)
        by_step = [p for p in path]
        for k, i in enumerate(order):
            best = _best(self.cost, self.xs[i])
            got = [int(step[k]) for step in by_step[:self.lengths[i]]]
            assert got == list(best)
            numpy.testing.assert_allclose(score.array[k], _path_score(self.cost, self.xs[i],
                                                                      best), rtol=1e-5)

    def test_argmax_transpose(self):
        score, paths = self.link.argmax(self.xs, transpose=True)
        assert len(paths) == 3
        for x, p in zip(self.xs, paths):
            assert isinstance(p, numpy.ndarray) and p.dtype == numpy.int32
            assert list(p) == list(_best(self.cost, x))
        order = numpy.argsort([-n for n in self.lengths])
        expected = [_path_score(self.cost, self.xs[i], _best(self.cost, self.xs[i]))
                    for i in order]
        numpy.testing.assert_allclose(score.array, expected, rtol=1e-5)


@pytest.mark.parametrize('dtype, tolerance', [
    (numpy.float16, {'atol': 1e-2, 'rtol': 1e-2}), (numpy.float64, {'atol': 0, 'rtol': 1e-10})])
def test_other_dtypes(dtype, tolerance):
    rng = numpy.random.RandomState(1)
    with chainer.using_config('dtype', dtype):
        link = L.CRF1d(3, initial_cost=rng.uniform(-1, 1, (3, 3)))
    assert link.cost.dtype == dtype
    xs = [rng.uniform(-1, 1, (2, 3)).astype(dtype) for _ in range(3)]  # 3 steps of batch 2
    ys = [rng.randint(0, 3, 2).astype(numpy.int32) for _ in range(3)]
    loss = link(xs, ys, reduce='no')
    assert loss.dtype == dtype
    cost = link.cost.array.astype(numpy.float64)
    expected = [_nll(cost, [x[i].astype(numpy.float64) for x in xs], [y[i] for y in ys])
                for i in range(2)]
    testing.assert_allclose(loss.array, expected, **tolerance)

    def f(*xs):
        return link(list(xs), ys)

    chainer.gradient_check.check_backward(
        f, tuple(xs), numpy.array(1., dtype), params=(link.cost,), dtype=numpy.float64,
        atol=1e-3, rtol=1e-3)


class TestCRF1dLink:

    def test_cost(self):
        link = L.CRF1d(4)
        assert link.cost.shape == (4, 4) and link.cost.dtype == numpy.float32
        numpy.testing.assert_array_equal(link.cost.array, numpy.zeros((4, 4)))
        assert isinstance(link.cost.initializer, initializers.Zero)

    def test_initial_cost(self):
        link = L.CRF1d(3, initial_cost=numpy.arange(9.).reshape(3, 3))
        assert link.cost.dtype == numpy.float32
        numpy.testing.assert_array_equal(link.cost.array, numpy.arange(9.).reshape(3, 3))
        link = L.CRF1d(3, initial_cost=initializers.Constant(2.))
        numpy.testing.assert_array_equal(link.cost.array, numpy.full((3, 3), 2.))

    def test_v7_layout(self, load_v7_npz):
        load_v7_npz(L.CRF1d(3), {'cost': numpy.random.rand(3, 3).astype(numpy.float32)})

    def test_round_trips(self):
        src = L.CRF1d(3, initial_cost=initializers.Normal())
        dst = L.CRF1d(3)
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.cost.array, src.cost.array)
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        dst = L.CRF1d(3)
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.cost.array, src.cost.array)

    def test_copy(self):
        link = L.CRF1d(3)
        assert link.copy(mode='copy').cost.array is not link.cost.array


@attr.gpu
def test_crf1d_gpu():
    import cupy
    link = L.CRF1d(3).to_gpu()
    xs = [cupy.ones((2, 3), numpy.float32)] * 2
    ys = [cupy.zeros(2, numpy.int32)] * 2
    assert isinstance(link(xs, ys).array, cupy.ndarray)


def test_module_exposes_the_list_helpers():
    # as v7: the CRF1d link's module imports n_step_rnn's list helpers by name
    from chainer.links.loss import crf1d as crf1d_module
    from chainer.links.rnn import n_step_rnn
    assert crf1d_module.argsort_list_descent is n_step_rnn.argsort_list_descent
    assert crf1d_module.permutate_list is n_step_rnn.permutate_list
