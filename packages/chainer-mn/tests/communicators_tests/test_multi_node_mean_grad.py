"""Gradient averaging and parameter broadcast of the CPU communicators."""
import warnings

import numpy
import pytest

import chainer
import chainer.links as L
import chainermn
from chainermn.communicators import _allreduce

NAMES = ('naive', 'flat', 'non_cuda_aware')


class Model(chainer.Chain):

    def __init__(self, dtype=numpy.float32, lazy=False, big=False):
        super().__init__()
        with self.init_scope():
            self.a = L.Linear(3, 2)
            self.b = L.Linear(2, 2)
            if lazy:
                self.lazy = L.Linear(None, 2)
            if big:  # larger than one chunk of the chunked mean
                self.big = L.Linear(_allreduce.MEAN_CHUNK // 100 + 3, 100)
        for param in self.params():
            if param.array is not None:
                param.array = param.array.astype(dtype)


def _set_grads(model, rank):
    for i, (_, param) in enumerate(sorted(model.namedparams())):
        if param.array is not None:
            param.grad = _grad(param, rank, i)


def _grad(param, rank, i):
    values = numpy.arange(param.size, dtype=numpy.float64) % 13 + 100 * i + rank
    return values.reshape(param.shape).astype(param.dtype)


def _expected_mean(param, size, i):
    return numpy.mean([_grad(param, r, i) for r in range(size)], axis=0, dtype=numpy.float64)


@pytest.fixture(params=NAMES, scope='module')
def communicator(request):
    return chainermn.create_communicator(request.param)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('grad_dtype', [None, numpy.float16, numpy.float32])
def test_mean(communicator, dtype, grad_dtype):
    model = Model(dtype, big=dtype == numpy.float32)
    _set_grads(model, communicator.rank)
    communicator.set_config('allreduce_grad_dtype', grad_dtype)
    try:
        communicator.multi_node_mean_grad(model)
    finally:
        communicator.set_config('allreduce_grad_dtype', None)
    tol = 1e-2 if numpy.float16 in (dtype, grad_dtype) else 1e-6
    for i, (name, param) in enumerate(sorted(model.namedparams())):
        assert param.grad.dtype == dtype, name
        numpy.testing.assert_allclose(param.grad, _expected_mean(param, communicator.size, i),
                                      rtol=tol, err_msg=name)


@pytest.mark.parametrize('grad_dtype', [None, numpy.float16])
def test_gradients_travel_in_allreduce_grad_dtype(communicator, need_processes, grad_dtype):
    # 1 + k * 2**-20 is exact in float32 but rounds to 1 in float16: the mean shows which
    # dtype the gradients were averaged in (one process alone may skip the communication).
    need_processes(2)
    model = Model(numpy.float32)
    step = 2.0 ** -20
    for param in model.params():
        param.grad = numpy.full(param.shape, 1 + (communicator.rank + 1) * step, numpy.float32)
    communicator.set_config('allreduce_grad_dtype', grad_dtype)
    try:
        communicator.multi_node_mean_grad(model)
    finally:
        communicator.set_config('allreduce_grad_dtype', None)
    expected = 1.0 if grad_dtype == numpy.float16 else 1 + (communicator.size + 1) / 2 * step
    for name, param in model.namedparams():
        assert param.grad.dtype == numpy.float32, name
        numpy.testing.assert_allclose(param.grad, expected, rtol=0, atol=step / 4,
                                      err_msg=name)


def test_zero_fill(communicator):
    model = Model(lazy=True)
    _set_grads(model, communicator.rank)
    model.b.b.grad = None
    communicator.multi_node_mean_grad(model, zero_fill=True)
    numpy.testing.assert_array_equal(model.b.b.grad, numpy.zeros(2, numpy.float32))
    assert model.lazy.W.array is None and model.lazy.W.grad_var is None  # (grad: v7 raises)


def test_unused_parameter_without_zero_fill_is_skipped(communicator):
    model = Model()
    _set_grads(model, communicator.rank)
    model.b.b.grad = None
    communicator.multi_node_mean_grad(model)
    assert model.b.b.grad is None
    numpy.testing.assert_allclose(model.a.W.grad,
                                  _expected_mean(model.a.W, communicator.size, 0))


def test_mean_of_a_model_without_gradients(communicator):
    model = Model()
    model.cleargrads()
    communicator.multi_node_mean_grad(model)
    assert all(param.grad is None for param in model.params())


def test_different_shapes_are_named(communicator, need_processes):
    need_processes(2)
    model = Model()
    if communicator.rank == 1:
        del model.b
        with model.init_scope():
            model.b = L.Linear(2, 3)
    _set_grads(model, communicator.rank)
    with pytest.raises(ValueError) as e:
        communicator.multi_node_mean_grad(model)
    assert str(e.value).startswith(
        "multi_node_mean_grad: parameter '/b/W' differs across processes: "
        'shape (2, 2) float32 on rank 0, shape (3, 2) float32 on rank 1')


def test_gradient_missing_on_one_process_is_named(communicator, need_processes):
    need_processes(2)
    model = Model()
    _set_grads(model, communicator.rank)
    if communicator.rank == communicator.size - 1:
        model.a.b.grad = None
    with pytest.raises(ValueError, match=r"parameter '/a/b' differs across processes: shape "
                                         r'\(2,\) float32 on rank 0, shape \(2,\) float32 '
                                         r'without gradient on rank \d.*zero_fill=True'):
        communicator.multi_node_mean_grad(model)


def test_missing_parameter_is_named(communicator, need_processes):
    need_processes(2)
    model = Model(lazy=communicator.rank == 1)
    if communicator.rank == 1:
        model.lazy(numpy.zeros((1, 4), numpy.float32))
    _set_grads(model, communicator.rank)
    with pytest.raises(ValueError, match="parameter '/lazy/W' differs across processes: no "
                                         'such parameter on rank 0, shape'):
        communicator.multi_node_mean_grad(model)


def test_usable_after_a_mismatch(communicator, need_processes):
    need_processes(2)
    model = Model()
    _set_grads(model, communicator.rank)
    if communicator.rank == 0:
        model.a.W.grad = None
    with pytest.raises(ValueError):
        communicator.multi_node_mean_grad(model)
    _set_grads(model, communicator.rank)
    communicator.multi_node_mean_grad(model)
    numpy.testing.assert_allclose(model.a.W.grad,
                                  _expected_mean(model.a.W, communicator.size, 0))


def test_allreduce_grad_is_deprecated(communicator):
    model = Model()
    _set_grads(model, communicator.rank)
    with pytest.warns(DeprecationWarning, match=r'allreduce_grad\(\) is deprecated'):
        communicator.allreduce_grad(model)
    numpy.testing.assert_allclose(model.a.W.grad,
                                  _expected_mean(model.a.W, communicator.size, 0))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_bcast_data(communicator, dtype):
    numpy.random.seed(communicator.rank)
    model = Model(dtype, lazy=True)
    communicator.bcast_data(model)
    arrays = {name: param.array for name, param in model.namedparams()
              if param.array is not None}
    everywhere = communicator.gather_obj(arrays)
    if communicator.rank == 0:
        for other in everywhere:
            for name, array in arrays.items():
                numpy.testing.assert_array_equal(other[name], array)
                assert other[name].dtype == dtype
    assert model.lazy.W.array is None


def test_broadcast_data_is_bcast_data(communicator):
    model = Model()
    model.a.W.array[...] = communicator.rank
    communicator.broadcast_data(model)
    numpy.testing.assert_array_equal(model.a.W.array, numpy.zeros((2, 3)))


def test_bcast_data_detects_different_models(communicator, need_processes):
    need_processes(2)
    model = Model(numpy.float64 if communicator.rank == 1 else numpy.float32)
    with pytest.raises(ValueError, match="bcast_data: parameter '/a/W' differs across "
                                         'processes: shape \\(2, 3\\) float32 on rank 0, '
                                         'shape \\(2, 3\\) float64 on rank 1'):
        communicator.bcast_data(model)


def test_dummy_communicator_keeps_the_gradients():
    comm = chainermn.create_communicator('dummy')
    model = Model()
    _set_grads(model, comm.rank)
    model.b.b.grad = None
    comm.multi_node_mean_grad(model, zero_fill=True)
    numpy.testing.assert_array_equal(model.a.W.grad, _grad(model.a.W, comm.rank, 0))
    numpy.testing.assert_array_equal(model.b.b.grad, numpy.zeros(2, numpy.float32))


def test_non_contiguous_gradient(comm):
    from chainermn.communicators import naive_communicator
    grad = numpy.asfortranarray(numpy.full((3, 4), comm.rank, numpy.float32))
    with warnings.catch_warnings():
        naive_communicator._mean_array(comm.mpi_comm, grad, None)
    numpy.testing.assert_array_equal(grad, numpy.full((3, 4), (comm.size - 1) / 2))
