"""MultiprocessParallelUpdater: a clear error without CuPy/NCCL; the flat-buffer helpers."""
import numpy
import pytest

import chainer
from chainer import testing
from chainer.backends import cuda
from chainer.testing import attr
from chainer.training import updaters
from chainer.training.updaters import multiprocess_parallel_updater as mpu


@pytest.mark.skipif(cuda.available, reason='CuPy and a GPU are installed here')
def test_clear_error_without_cupy_and_nccl(task):
    assert not updaters.MultiprocessParallelUpdater.available()
    with pytest.raises(RuntimeError, match='needs CUDA GPUs and CuPy built with NCCL'):
        updaters.MultiprocessParallelUpdater(
            [task.iterator(), task.iterator()], task.optimizer(task.model()), devices=[0, 1])


def test_size_num_grads_counts_initialized_parameters(task):
    assert mpu.size_num_grads(task.model()) == (5 * 3 + 3, 2)
    lazy = chainer.links.Linear(None, 4)
    assert mpu.size_num_grads(lazy) == (4, 1)


def test_gather_needs_a_gpu(task):
    model = task.model()
    with pytest.raises(RuntimeError, match='gather_grads works only on GPU'):
        mpu.gather_grads(model)
    with pytest.raises(RuntimeError, match='gather_params works only on GPU'):
        mpu.gather_params(model)


@attr.gpu
def test_gather_and_scatter_round_trip(task):
    model = task.model()
    model.to_device('@cupy:0')
    for p in model.params():
        p.grad = p.array * 2
    flat = mpu.gather_params(model)
    assert flat.shape == (18,)
    numpy.testing.assert_array_equal(
        cuda.to_cpu(flat), numpy.concatenate([cuda.to_cpu(p.array).ravel()
                                              for p in model.params()]))
    grads = mpu.gather_grads(model)
    mpu.scatter_params(model, grads)
    mpu.scatter_grads(model, flat)
    for p in model.params():
        numpy.testing.assert_array_equal(cuda.to_cpu(p.array), cuda.to_cpu(p.grad) * 2)


@attr.multi_gpu(2)
def test_two_gpus_train(task, tmp_path):
    model = task.model()
    optimizer = task.optimizer(model)
    updater = updaters.MultiprocessParallelUpdater(
        [task.iterator(3), task.iterator(3)], optimizer, devices={'main': 0, 'second': 1})
    trainer = chainer.training.Trainer(updater, (4, 'iteration'), out=str(tmp_path))
    trainer.run()
    assert updater.iteration == 4
    assert isinstance(model.predictor.W.array, cuda.cupy.ndarray)


testing.run_module(__name__, __file__)


def test_available_flag_as_v7():
    assert mpu._available is updaters.MultiprocessParallelUpdater.available()
