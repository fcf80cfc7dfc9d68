"""ProgressBar (and the util.ProgressBar base): the drawn lines, speed and estimates."""
import io

import pytest

from chainer import testing
from chainer import training
from chainer.training import extensions
from chainer.training.extensions import util


class Clock:
    def __init__(self, now=100.0):
        self.now = now

    def time(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(util, 'time', fake)
    return fake


def _run(clock, stop, iter_per_epoch=4, **kwargs):
    trainer = testing.get_trainer_with_mock_updater(stop, iter_per_epoch)
    out = io.StringIO()
    trainer.extend(extensions.ProgressBar(out=out, **kwargs))

    @training.make_extension(priority=1000)
    def tick(trainer):
        clock.now += 0.5 if trainer.updater.iteration < 6 else 2.0

    trainer.extend(tick)
    trainer.run()
    return out.getvalue()


def test_iteration_bar(clock):
    out = _run(clock, (10, 'iteration'), update_interval=3)
    assert out == (
        '\033[J     total [' + '#' * 15 + '.' * 35 + '] 30.00%\n'
        'this epoch [' + '#' * 37 + '.' * 13 + '] 75.00%\n'
        '         3 iter, 0 epoch / 10 iterations\n'
        '       inf iters/sec. Estimated time to finish: 0:00:00.\n'
        '\033[4A'
        '\033[J     total [' + '#' * 30 + '.' * 20 + '] 60.00%\n'
        'this epoch [' + '#' * 25 + '.' * 25 + '] 50.00%\n'
        '         6 iter, 1 epoch / 10 iterations\n'
        # iterations 3 -> 6 in 3.0 s (0.5 + 0.5 + 2.0)
        '         1 iters/sec. Estimated time to finish: 0:00:04.\n'
        '\033[4A'
        '\033[J     total [' + '#' * 45 + '.' * 5 + '] 90.00%\n'
        'this epoch [' + '#' * 12 + '.' * 38 + '] 25.00%\n'
        '         9 iter, 2 epoch / 10 iterations\n'
        # iterations 3 -> 9 in 9.0 s
        '   0.66667 iters/sec. Estimated time to finish: 0:00:01.500000.\n'
        '\033[4A'
        '\033[J')  # erased at the end


def test_epoch_bar_uses_the_epoch_speed(clock):
    out = _run(clock, (2, 'epoch'), update_interval=4, bar_length=10)
    lines = out.split('\n')
    assert lines[0] == '\033[J     total [#####.....] 50.00%'
    assert lines[2] == '         4 iter, 1 epoch / 2 epochs'
    assert lines[4] == '\033[4A\033[J     total [##########] 100.00%'
    # iterations 4 -> 8 in 0.5 + 3 * 2.0 = 6.5 s; nothing left
    assert lines[7] == '   0.61538 iters/sec. Estimated time to finish: 0:00:00.'
    assert lines[3] == '       inf iters/sec. Estimated time to finish: 0:00:00.'


def test_training_length_from_argument_or_stop_trigger(clock):
    out = _run(clock, (7, 'iteration'), update_interval=5, training_length=(20, 'iteration'))
    assert '         5 iter, 1 epoch / 20 iterations\n' in out
    trainer = testing.get_trainer_with_mock_updater(
        training.triggers.ManualScheduleTrigger(3, 'iteration'))
    trainer.extend(extensions.ProgressBar(out=io.StringIO(), update_interval=1))
    with pytest.raises(AttributeError, match='get_training_length'):
        trainer.run(show_loop_exception_msg=False)


def test_early_stopping_trigger_gives_its_max_length(clock):
    out = _run(clock, training.triggers.EarlyStoppingTrigger(max_trigger=(3, 'iteration')),
               update_interval=1)
    assert '         3 iter, 0 epoch / 3 iterations\n' in out


def test_speed_over_the_last_100_updates(clock):
    bar = util.ProgressBar(out=io.StringIO())
    assert bar.update_speed(0, 0.0) == (float('inf'), float('inf'))
    for i in range(1, 150):
        clock.now += 1.0 if i <= 100 else 0.5
        speed = bar.update_speed(i, i / 10)
    # the window holds updates 50..149: 99 iterations in 50 + 49 * 0.5 seconds
    assert speed == pytest.approx((99 / 74.5, 9.9 / 74.5))


def test_base_class_draws_and_erases():
    out = io.StringIO()

    class TwoLines(util.ProgressBar):
        def get_lines(self):
            return ['one\n', 'two\n']

    bar = TwoLines(out=out)
    bar.update()
    bar.update()
    bar.close()
    assert out.getvalue() == '\033[Jone\ntwo\n\033[2A\033[Jone\ntwo\n\033[2A\033[J'
    with pytest.raises(NotImplementedError):
        util.ProgressBar(out=out).get_lines()
