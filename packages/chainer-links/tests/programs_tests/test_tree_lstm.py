"""A sentiment tree model (v7 style) on fabricated binary trees: ChildSumTreeLSTM and
NaryTreeLSTM over EmbedID, leaves without children states, AdaGrad with WeightDecay. The
losses and parameters are those Chainer v7.8.1 produced (recorded)."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L

V7_LOSSES = {
    'childsum': [
        16.400957107543945, 14.345247268676758, 14.540035247802734, 8.17343521118164,
        1.0603697299957275, 14.387541770935059, 12.143369674682617, 9.9131441116333,
        15.966564178466797, 13.583028793334961, 13.413113594055176, 7.1070756912231445,
        0.9622094631195068, 13.552562713623047, 11.425070762634277, 8.990877151489258
    ],
    'nary': [
        16.090913772583008, 15.069106101989746, 14.272509574890137, 7.598604202270508,
        0.6884487867355347, 14.56886100769043, 11.602134704589844, 10.131022453308105,
        15.507879257202148, 14.208151817321777, 13.107464790344238, 6.920567989349365,
        0.6238318681716919, 13.663585662841797, 10.877274513244629, 8.910284042358398
    ],
}
V7_PARAM_SUMS = {
    'childsum': {
        '/embed/W': 11.306097984313965,
        '/lstm/W_h_aio/W': -1.717809796333313,
        '/lstm/W_h_f/W': -1.4796985387802124,
        '/lstm/W_x/W': 0.6605148315429688,
        '/lstm/W_x/b': 1.383876085281372,
        '/w/W': 1.46482253074646,
        '/w/b': 0.19900059700012207,
    },
    'nary': {
        '/embed/W': 10.273652076721191,
        '/lstm/W_h1/W': -10.981171607971191,
        '/lstm/W_h2/W': -11.019573211669922,
        '/lstm/W_x/W': -4.481139183044434,
        '/lstm/W_x/b': -0.1723889708518982,
        '/w/W': -3.8115551471710205,
        '/w/b': -0.03053136169910431,
    },
}


def make_tree(rng, depth):
    if depth == 0 or rng.rand() < 0.3:
        return {'label': int(rng.randint(3)), 'node': int(rng.randint(20))}
    return {'label': int(rng.randint(3)),
            'node': (make_tree(rng, depth - 1), make_tree(rng, depth - 1))}


class TreeLSTMSentiment(chainer.Chain):
    def __init__(self, n_vocab, n_units, n_label, nary):
        super(TreeLSTMSentiment, self).__init__()
        with self.init_scope():
            self.embed = L.EmbedID(n_vocab, n_units)
            if nary:
                self.lstm = L.NaryTreeLSTM(n_units, n_units, n_ary=2)
            else:
                self.lstm = L.ChildSumTreeLSTM(n_units, n_units)
            self.w = L.Linear(n_units, n_label)
        self.nary = nary

    def traverse(self, node):
        if isinstance(node['node'], int):
            x = self.embed(self.xp.array([node['node']], numpy.int32))
            if self.nary:
                c, h = self.lstm(None, None, None, None, x)
            else:
                c, h = self.lstm(None, None, x)
            loss = 0
        else:
            left, right = node['node']
            c1, h1, loss1 = self.traverse(left)
            c2, h2, loss2 = self.traverse(right)
            c, h = self.lstm(c1, c2, h1, h2, None)
            loss = loss1 + loss2
        label = self.xp.array([node['label']], numpy.int32)
        loss = loss + F.softmax_cross_entropy(self.w(h), label)
        return c, h, loss


def run():
    rng = numpy.random.RandomState(4)
    trees = [make_tree(rng, 3) for _ in range(8)]
    result = {}
    for nary in (False, True):
        numpy.random.seed(0)
        model = TreeLSTMSentiment(20, 6, 3, nary)
        optimizer = chainer.optimizers.AdaGrad(0.1)
        optimizer.setup(model)
        optimizer.add_hook(chainer.optimizer_hooks.WeightDecay(0.0001))
        losses = []
        for epoch in range(2):
            for tree in trees:
                _, _, loss = model.traverse(tree)
                model.cleargrads()
                loss.backward()
                optimizer.update()
                losses.append(float(loss.array))
        result['nary' if nary else 'childsum'] = {
            'losses': losses,
            'params': {n: float(p.array.sum()) for n, p in sorted(model.namedparams())},
        }
    return result


@pytest.fixture(scope='module')
def result():
    return run()


@pytest.mark.parametrize('kind', ['childsum', 'nary'])
def test_training(result, kind):
    assert result[kind]['losses'] == pytest.approx(V7_LOSSES[kind], rel=1e-5)
    assert result[kind]['params'] == pytest.approx(V7_PARAM_SUMS[kind], rel=1e-5)
