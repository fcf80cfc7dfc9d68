import numpy
import pytest

import chainer
from chainer.backends import cuda
from chainer import testing
from chainer import utils


@pytest.mark.parametrize('probs', [
    [0.5, 1.0, 0.25, 0.25, 2.0],
    [1, 0, 3],
    [0.1] * 7,
    [5.0],
    [1e-3, 1.0, 1e-3, 2.0],
])
def test_distribution(probs):
    numpy.random.seed(0)
    sampler = utils.WalkerAlias(probs)
    n = 200000
    samples = sampler.sample((n // 100, 100))
    assert samples.shape == (n // 100, 100)
    assert samples.dtype == numpy.int32
    counts = numpy.bincount(samples.ravel(), minlength=len(probs))
    assert len(counts) == len(probs)
    p = numpy.asarray(probs, numpy.float64) / numpy.sum(probs)
    # within 5 standard deviations of the binomial counts (plus a little slack)
    sd = numpy.sqrt(n * p * (1 - p))
    assert (numpy.abs(counts - n * p) <= 5 * sd + 2).all(), (counts, n * p)
    assert counts[p == 0].sum() == 0


def test_tables():
    sampler = utils.WalkerAlias([1, 2, 3])
    assert sampler.threshold.dtype == numpy.float32
    assert sampler.values.dtype == numpy.int32
    assert sampler.values.shape == (6,)
    # the probability mass of each entry, rebuilt from the tables, matches probs
    mass = numpy.zeros(3)
    for i in range(3):
        mass[sampler.values[2 * i]] += sampler.threshold[i] / 3
        mass[sampler.values[2 * i + 1]] += (1 - sampler.threshold[i]) / 3
    numpy.testing.assert_allclose(mass, [1 / 6, 2 / 6, 3 / 6], atol=1e-6)


def test_sample_shapes_and_device():
    sampler = utils.WalkerAlias([1, 1])
    assert sampler.sample(()).shape == ()
    assert sampler.sample((3,)).shape == (3,)
    assert sampler.sample((0, 2)).shape == (0, 2)
    assert sampler.use_gpu is False
    assert sampler.device == chainer.backend.CpuDevice()
    assert sampler.to_cpu() is sampler
    assert sampler.to_device('@numpy') is sampler
    assert isinstance(sampler.sample((2,)), numpy.ndarray)


def test_invalid_probs():
    with pytest.raises(ValueError):
        utils.WalkerAlias([])


@testing.attr.gpu
def test_gpu_distribution():
    probs = [0.5, 1.0, 0.25, 0.25, 2.0]
    sampler = utils.WalkerAlias(probs)
    sampler.to_gpu()
    assert sampler.use_gpu is True
    cuda.cupy.random.seed(0)
    samples = sampler.sample((1000, 100))
    assert isinstance(samples, cuda.cupy.ndarray)
    counts = numpy.bincount(cuda.to_cpu(samples).ravel(), minlength=5)
    p = numpy.asarray(probs) / sum(probs)
    sd = numpy.sqrt(100000 * p * (1 - p))
    assert (numpy.abs(counts - 100000 * p) <= 5 * sd + 2).all()
    sampler.to_cpu()
    assert isinstance(sampler.sample((2,)), numpy.ndarray)


@pytest.mark.parametrize('probs, threshold, values', [
    ([1, 2, 3, 4], [0.4, 0.8, 0.6, 1.0], [0, 2, 1, 3, 2, 3, 3, 0]),
    ([5, 1, 1, 1, 2], [0.5, 0.5, 0.5, 0.5, 1.0], [1, 4, 2, 0, 3, 0, 4, 0, 0, 0]),
    ([0, 1, 2], [0.0, 2.9802322e-08, 1.0000001], [0, 1, 1, 2, 2, 0]),
    ([3, 3, 3], [1.0, 1.0, 1.0], [0, 1, 1, 2, 2, 0]),
])
def test_tables_of_chainer_v7(probs, threshold, values):
    # the tables Chainer v7 builds, so that a seeded NumPy RNG gives v7's samples
    sampler = utils.WalkerAlias(probs)
    numpy.testing.assert_array_equal(sampler.threshold, numpy.float32(threshold))
    numpy.testing.assert_array_equal(sampler.values, values)


def test_samples_of_chainer_v7():
    numpy.random.seed(3)
    samples = utils.WalkerAlias([1, 2, 3, 4]).sample((8,))
    numpy.testing.assert_array_equal(samples, [2, 3, 1, 2, 3, 3, 2, 2])


def test_is_a_device_resident():
    # as v7: a DeviceResident, so xp/to_device/to_chx and hierarchy transfers apply to it
    sampler = utils.WalkerAlias([1, 2, 3])
    assert isinstance(sampler, chainer.DeviceResident)
    assert sampler.xp is numpy and sampler.device == chainer.get_device('@numpy')
    assert sampler.to_device('@numpy') is sampler
    assert not sampler.use_gpu
    visited = []

    class Recorder(chainer.device_resident.DeviceResidentsVisitor):
        def visit_device_resident(self, device_resident):
            visited.append(device_resident)

        def visit_array(self, arr):
            visited.append(arr.dtype)
            return arr

    sampler.device_resident_accept(Recorder())
    assert visited == [sampler, numpy.float32, numpy.int32]
