"""create_multi_node_n_step_rnn: stacked RNNs whose states cross processes."""
import copy

import numpy
import pytest

import chainer.functions as F
import chainer.links as L
import chainermn


def _sequences(seed):
    rs = numpy.random.RandomState(seed)
    return [rs.randn(n, 3).astype(numpy.float32) for n in (4, 2, 1)]


@pytest.mark.parametrize('link_class', [L.NStepLSTM, L.NStepGRU])
def test_states_go_from_one_process_to_the_next(comm, need_processes, link_class):
    need_processes(2)
    numpy.random.seed(0)
    first = link_class(1, 3, 4, 0.0)
    second = link_class(1, 3, 4, 0.0)
    whole = [copy.deepcopy(first), copy.deepcopy(second)]
    outputs = None
    if comm.rank == 0:
        rnn = chainermn.links.create_multi_node_n_step_rnn(first, comm, rank_out=1)
        rnn.cleargrads()
        outputs = rnn(_sequences(1))
        outputs[-1].backward()
    elif comm.rank == 1:
        rnn = chainermn.links.create_multi_node_n_step_rnn(second, comm, rank_in=0)
        rnn.cleargrads()
        outputs = rnn(_sequences(2))
        assert outputs[-1] is None
        F.sum(F.concat(outputs[-2], axis=0)).backward()
    for link in whole:
        link.cleargrads()
    states = whole[0](*([None] * first.n_cells), _sequences(1))[:-1]
    ys = whole[1](*states, _sequences(2))[-1]
    F.sum(F.concat(ys, axis=0)).backward()
    if comm.rank == 0:
        assert len(outputs) == first.n_cells + 2
        numpy.testing.assert_allclose(first[0].w0.grad, whole[0][0].w0.grad, rtol=1e-4, atol=1e-6)
    elif comm.rank == 1:
        for y, expected in zip(outputs[-2], ys):
            numpy.testing.assert_allclose(y.array, expected.array, rtol=1e-5, atol=1e-6)
        numpy.testing.assert_allclose(second[0].w0.grad, whole[1][0].w0.grad, rtol=1e-4, atol=1e-6)


def test_not_a_stacked_rnn(comm):
    with pytest.raises(ValueError, match='Linear is not a stacked'):
        chainermn.links.create_multi_node_n_step_rnn(L.Linear(2, 2), comm)
