import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import testing
from chainer.testing import attr


class _Predictor(chainer.Chain):
    """Records its arguments and returns the first one through a linear layer."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l = L.Linear(3, 4)
        self.calls = []

    def forward(self, *args, **kwargs):
        self.calls.append((args, kwargs))
        return self.l(args[0])


def _data():
    x = numpy.random.uniform(-1, 1, (5, 3)).astype(numpy.float32)
    t = numpy.random.randint(0, 4, 5).astype(numpy.int32)
    return x, t


@testing.parameterize(*testing.product({'compute_accuracy': [True, False]}))
class TestClassifier:

    def test_loss_and_report(self):
        x, t = _data()
        model = L.Classifier(_Predictor())
        model.compute_accuracy = self.compute_accuracy
        reporter = chainer.Reporter()
        reporter.add_observer('main', model)
        observation = {}
        with reporter.scope(observation):
            loss = model(x, t)
        y = x.dot(model.predictor.l.W.array.T) + model.predictor.l.b.array
        numpy.testing.assert_allclose(model.y.array, y, rtol=1e-5)
        e = numpy.exp(y - y.max(axis=1, keepdims=True))
        p = e / e.sum(axis=1, keepdims=True)
        expected = -numpy.log(p[numpy.arange(5), t]).mean()
        numpy.testing.assert_allclose(loss.array, expected, rtol=1e-5)
        assert model.loss is loss
        numpy.testing.assert_array_equal(observation['main/loss'].array, loss.array)
        if self.compute_accuracy:
            expected_acc = (y.argmax(axis=1) == t).mean()
            numpy.testing.assert_allclose(model.accuracy.array, expected_acc)
            numpy.testing.assert_array_equal(observation['main/accuracy'].array,
                                          model.accuracy.array)
        else:
            assert model.accuracy is None
            assert 'main/accuracy' not in observation

    def test_backward(self):
        x, t = _data()
        model = L.Classifier(_Predictor())
        model.compute_accuracy = self.compute_accuracy
        model(x, t).backward()
        assert model.predictor.l.W.grad.shape == (4, 3)


class TestClassifierArguments:

    def test_defaults(self):
        model = L.Classifier(_Predictor())
        assert model.lossfun is F.softmax_cross_entropy
        assert model.accfun is F.accuracy
        assert model.label_key == -1
        assert model.y is None and model.loss is None and model.accuracy is None
        assert L.Classifier.compute_accuracy is True
        assert [name for name, _ in model.namedlinks(skipself=True)] == [
            '/predictor', '/predictor/l']

    @pytest.mark.parametrize('label_key, expected_args', [
        (-1, (0, 1)), (0, (1, 2)), (1, (0, 2)), (-2, (0, 2))])
    def test_int_label_key(self, label_key, expected_args):
        args = [numpy.full((2, 3), i, numpy.float32) for i in range(3)]
        predictor = _Predictor()
        seen = []
        model = L.Classifier(
            predictor, lossfun=lambda y, t: seen.append(t) or F.sum(y), label_key=label_key)
        model.compute_accuracy = False
        model(*args, z=1)
        (got, kwargs), = predictor.calls
        assert [int(a[0, 0]) for a in got] == list(expected_args)
        assert kwargs == {'z': 1}
        label = ({0, 1, 2} - set(expected_args)).pop()
        assert int(seen[0][0, 0]) == label

    def test_str_label_key(self):
        x, t = _data()
        predictor = _Predictor()
        model = L.Classifier(predictor, label_key='t')
        loss = model(x, t=t, extra=3)
        (args, kwargs), = predictor.calls
        assert len(args) == 1 and kwargs == {'extra': 3}
        assert loss.shape == ()

    @pytest.mark.parametrize('label_key', [1.5, None])
    def test_bad_label_key_type(self, label_key):
        with pytest.raises(TypeError, match='label_key must be int or str'):
            L.Classifier(_Predictor(), label_key=label_key)

    def test_label_out_of_bounds(self):
        model = L.Classifier(_Predictor(), label_key=5)
        with pytest.raises(ValueError, match='Label key 5 is out of bounds'):
            model(*_data())
        with pytest.raises(ValueError, match='out of bounds'):
            L.Classifier(_Predictor())()

    def test_label_not_found(self):
        model = L.Classifier(_Predictor(), label_key='t')
        with pytest.raises(ValueError, match='Label key "t" is not found'):
            model(*_data())


class TestClassifierSerialization:

    def test_v7_layout(self, load_v7_npz):
        model = L.Classifier(_Predictor())
        load_v7_npz(model, {
            'predictor/l/W': numpy.arange(12, dtype=numpy.float32).reshape(4, 3),
            'predictor/l/b': numpy.arange(4, dtype=numpy.float32)})

    @pytest.mark.parametrize('damage, error, message', [
        ('missing', KeyError, "'predictor/l/b' of '{}' is not in the archive (expected an "
                              'array of shape (4,))'),
        ('shape', ValueError, "shape mismatch at key 'predictor/l/b' of '{}': stored (5,), "
                              'expected (4,)')])
    def test_v7_file_that_does_not_fit(self, tmp_path, damage, error, message):
        path = str(tmp_path / 'model.npz')
        arrays = {'predictor/l/W': numpy.ones((4, 3), numpy.float32)}
        if damage == 'shape':
            arrays['predictor/l/b'] = numpy.ones(5, numpy.float32)
        numpy.savez(path, **arrays)
        model = L.Classifier(_Predictor())
        W = model.predictor.l.W.array.copy()
        with pytest.raises(error) as e:
            chainer.serializers.load_npz(path, model)
        assert message.format(path) in str(e.value)
        numpy.testing.assert_array_equal(model.predictor.l.W.array, W)

    def test_npz_round_trip(self):
        src, dst = L.Classifier(_Predictor()), L.Classifier(_Predictor())
        testing.save_and_load_npz(src, dst)
        numpy.testing.assert_array_equal(dst.predictor.l.W.array, src.predictor.l.W.array)

    def test_hdf5_round_trip(self):
        pytest.importorskip('h5py', reason='h5py (optional, chainer-core[hdf5]) is absent')
        src, dst = L.Classifier(_Predictor()), L.Classifier(_Predictor())
        testing.save_and_load_hdf5(src, dst)
        numpy.testing.assert_array_equal(dst.predictor.l.W.array, src.predictor.l.W.array)

    def test_copy(self):
        model = L.Classifier(_Predictor())
        dup = model.copy(mode='copy')
        assert dup.predictor is not model.predictor
        assert dup.lossfun is model.lossfun
        numpy.testing.assert_array_equal(dup.predictor.l.W.array, model.predictor.l.W.array)


@attr.gpu
def test_classifier_gpu():
    import cupy
    x, t = _data()
    model = L.Classifier(_Predictor()).to_gpu()
    loss = model(cupy.asarray(x), cupy.asarray(t))
    assert isinstance(loss.array, cupy.ndarray)
