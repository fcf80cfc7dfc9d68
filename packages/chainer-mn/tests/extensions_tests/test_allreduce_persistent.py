"""AllreducePersistent: the float persistent arrays become their mean over the processes."""
import numpy

import chainer
import chainer.links as L
import chainermn


class Model(chainer.Chain):

    def __init__(self, rank):
        super().__init__()
        with self.init_scope():
            self.bn = L.BatchNormalization(2)
            self.inner = chainer.ChainList(L.BatchNormalization(1))
        self.add_persistent('count', numpy.int32(rank + 1))
        self.add_persistent('scalar', numpy.float32(rank + 1))
        self.add_persistent('ints', numpy.full(2, rank, numpy.int64))
        self.bn.avg_mean[...] = rank + 1
        self.bn.avg_var[...] = 10 * (rank + 1)
        self.inner[0].avg_mean[...] = -rank


def test_float_arrays_are_averaged(comm):
    size = comm.size
    model = Model(comm.rank)
    extension = chainermn.extensions.AllreducePersistent(model, comm)
    extension()
    numpy.testing.assert_allclose(model.bn.avg_mean, numpy.full(2, (size + 1) / 2))
    numpy.testing.assert_allclose(model.bn.avg_var, numpy.full(2, 10 * (size + 1) / 2))
    numpy.testing.assert_allclose(model.inner[0].avg_mean, [-(size - 1) / 2])
    assert model.bn.avg_mean.dtype == numpy.float32
    # integers and scalars are left alone
    assert model.count == comm.rank + 1 and model.scalar == comm.rank + 1
    numpy.testing.assert_array_equal(model.ints, [comm.rank] * 2)


def test_extension_attributes(comm):
    extension = chainermn.extensions.AllreducePersistent(Model(0), comm)
    assert extension.trigger == (1, 'epoch')
    assert extension.priority == 301
    assert extension.default_name == 'AllreducePersistent'
