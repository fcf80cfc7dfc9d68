"""Multi-node evaluators: means over the processes, and generic gather-and-aggregate."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.training import extensions
import chainermn


class Model(chainer.Chain):

    def __init__(self, rank):
        super().__init__()
        self.rank = rank

    def forward(self, x):
        chainer.report({'loss': float(len(x) + 10 * self.rank),
                        'accuracy': numpy.float32(self.rank)}, self)
        return F.sum(x)


def _iterator(n, value=1.0):
    return chainer.iterators.SerialIterator(numpy.full((n, 2), value, numpy.float32), 2,
                                            repeat=False, shuffle=False)


def test_mean_of_the_means_of_the_processes(comm):
    rank, size = comm.rank, comm.size
    evaluator = extensions.Evaluator(_iterator(4 + rank), Model(rank))
    patched = chainermn.create_multi_node_evaluator(evaluator, comm)
    assert patched is evaluator
    assert evaluator._mn_communicator is comm
    result = patched()
    local_means = []
    for r in range(size):
        sizes = [2] * ((4 + r) // 2) + ([1] if (4 + r) % 2 else [])
        local_means.append(numpy.mean([s + 10 * r for s in sizes]))
    assert sorted(result) == ['main/accuracy', 'main/loss']
    numpy.testing.assert_allclose(result['main/loss'], numpy.mean(local_means))
    numpy.testing.assert_allclose(result['main/accuracy'], (size - 1) / 2)


def test_different_keys_are_reported(comm, need_processes):
    need_processes(2)

    class Other(Model):
        def forward(self, x):
            chainer.report({'loss' if self.rank == 0 else 'error': 1.0}, self)
            return F.sum(x)

    evaluator = chainermn.create_multi_node_evaluator(
        extensions.Evaluator(_iterator(2), Other(comm.rank)), comm)
    with pytest.raises(ValueError, match='the processes reported different values'):
        evaluator()


class Generic(chainermn.extensions.GenericMultiNodeEvaluator):

    def calc_local(self, *args, **kwargs):
        return float(args[0].sum())

    def aggregate(self, results):
        return {'results': results}


def test_generic_gathers_the_results_batch_by_batch(comm):
    rank, size = comm.rank, comm.size
    root = size - 1
    hooked = []
    evaluator = Generic(comm, _iterator(3 + 2 * rank, rank + 1), Model(rank), root=root,
                        progress_hook=hooked.append)
    result = evaluator()
    for _ in range(2):  # the iterator is reset each time
        again = evaluator()
    # batches of 2 (the last of 1): sums 4 * value, or 2 * value
    per_rank = [[4.0 * (r + 1)] * ((3 + 2 * r) // 2) + [2.0 * (r + 1)] for r in range(size)]
    expected = []
    for step in range(max(len(p) for p in per_rank)):
        expected += [p[step] for p in per_rank if step < len(p)]
    if rank == root:
        assert result == {'results': expected} == again
        assert len(hooked) == 3 * len(per_rank[root])
    else:
        assert result is None and again is None and hooked == []


def test_generic_defaults(comm):
    model = Model(comm.rank)
    evaluator = chainermn.extensions.GenericMultiNodeEvaluator(
        comm, chainer.iterators.SerialIterator(
            chainer.datasets.TupleDataset(numpy.ones((3, 2), numpy.float32), numpy.arange(3)),
            2, repeat=False, shuffle=False),
        lambda x, t: F.sum(x) + t.sum())
    results = evaluator()
    if comm.rank == 0:
        assert len(results) == 2 * comm.size
        assert [float(r.array) for r in results[:comm.size]] == [5.0] * comm.size
    assert evaluator.default_name == 'validation'
    assert evaluator.trigger == (1, 'epoch')
    assert evaluator.priority == 300
    assert evaluator.name is None
    del model


def test_generic_rejects_unknown_keyword_arguments(comm):
    with pytest.raises(TypeError, match='unexpected keyword argument'):
        chainermn.extensions.GenericMultiNodeEvaluator(comm, _iterator(2), Model(0), foo=1)
