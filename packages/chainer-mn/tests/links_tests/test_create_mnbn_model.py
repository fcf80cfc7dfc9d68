"""create_mnbn_model: a copy of a model with MultiNodeBatchNormalization links."""
import numpy
import pytest

import chainer
import chainer.links as L
import chainermn


class Net(chainer.Chain):

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.conv = L.Convolution2D(1, 2, 3)
            self.bn = L.BatchNormalization(2, decay=0.8, eps=1e-4)
            self.inner = chainer.ChainList(L.Linear(2, 2), L.BatchNormalization(2))

    def forward(self, x):
        h = self.bn(self.conv(x))
        return self.inner[1](self.inner[0](chainer.functions.mean(h, axis=(2, 3))))


def test_chain(comm):
    net = Net()
    net.bn.gamma.array[...] = [3, 4]
    net.bn.avg_var[...] = [5, 6]
    mnbn = chainermn.links.create_mnbn_model(net, comm)
    assert isinstance(mnbn.bn, chainermn.links.MultiNodeBatchNormalization)
    assert isinstance(mnbn.inner[1], chainermn.links.MultiNodeBatchNormalization)
    assert isinstance(net.bn, L.BatchNormalization)  # the original is kept
    assert mnbn.bn.decay == 0.8 and mnbn.bn.eps == 1e-4 and mnbn.bn.comm is comm
    numpy.testing.assert_array_equal(mnbn.bn.gamma.array, [3, 4])
    numpy.testing.assert_array_equal(mnbn.bn.avg_var, [5, 6])
    numpy.testing.assert_array_equal(mnbn.conv.W.array, net.conv.W.array)
    assert mnbn.conv.W is not net.conv.W
    assert sorted(n for n, _ in mnbn.namedparams()) == sorted(n for n, _ in net.namedparams())
    y = mnbn(numpy.ones((2, 1, 4, 4), numpy.float32))
    assert y.shape == (2, 2)


def test_batch_normalization_itself(comm):
    bn = L.BatchNormalization(3, use_beta=False)
    mnbn = chainermn.links.create_mnbn_model(bn, comm, communication_backend='mpi')
    assert isinstance(mnbn, chainermn.links.MultiNodeBatchNormalization)
    assert not hasattr(mnbn, 'beta') and mnbn.gamma is not None


def test_sequential(comm):
    seq = chainer.Sequential(L.Linear(3, 2), L.BatchNormalization(2), chainer.functions.relu)
    mnbn = chainermn.links.create_mnbn_model(seq, comm)
    assert isinstance(mnbn[1], chainermn.links.MultiNodeBatchNormalization)
    assert mnbn(numpy.ones((2, 3), numpy.float32)).shape == (2, 2)


def test_model_without_batch_normalization(comm):
    model = L.Classifier(L.Linear(2, 2))
    copied = chainermn.links.create_mnbn_model(model, comm)
    assert copied is not model
    numpy.testing.assert_array_equal(copied.predictor.W.array, model.predictor.W.array)


def test_batch_normalization_without_size(comm):
    with pytest.raises(ValueError, match='has no size yet'):
        chainermn.links.create_mnbn_model(chainer.Sequential(L.BatchNormalization(axis=0)),
                                          comm)
