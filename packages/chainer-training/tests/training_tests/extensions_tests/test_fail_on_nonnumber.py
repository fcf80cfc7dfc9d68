"""FailOnNonNumber: stops when a parameter is NaN or infinite."""
import numpy
import pytest

import chainer
from chainer import testing
from chainer.training import extensions


@pytest.mark.parametrize('bad', [numpy.nan, numpy.inf, -numpy.inf])
def test_raises_on_non_finite_parameters(task, bad):
    model = task.model()
    optimizer = task.optimizer(model)
    lazy = chainer.optimizers.SGD()
    lazy.setup(chainer.links.Linear(None, 2))
    trainer = testing.get_trainer_with_mock_updater()
    trainer.updater.get_all_optimizers.return_value = {'main': optimizer, 'lazy': lazy}
    extension = extensions.FailOnNonNumber()
    extension(trainer)  # finite parameters; uninitialized ones are skipped
    model.predictor.W.grad = numpy.full((3, 5), numpy.inf, numpy.float32)
    extension(trainer)  # gradients are not checked
    model.predictor.b.array[1] = bad
    with pytest.raises(RuntimeError, match="parameters in optimizer 'main' diverge"):
        extension(trainer)
