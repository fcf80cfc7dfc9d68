"""PrintReport: the table printed from a LogReport."""
import io

import numpy
import pytest

import chainer
from chainer import testing
from chainer import training
from chainer.training import extensions


def _trainer():
    trainer = testing.get_trainer_with_mock_updater((4, 'iteration'), iter_per_epoch=2)

    @training.make_extension(priority=training.PRIORITY_WRITER)
    def report(trainer):
        i = trainer.updater.iteration
        chainer.report({'a': numpy.float32(i) * 1234567.1, 'b': 1e-9 * i,
                        'x_very_long_entry_name_here': i})
        if i > 2:
            chainer.report({'late': 1.0})

    trainer.extend(report)
    return trainer


ENTRIES = ['epoch', 'iteration', 'a', 'b', 'late', 'x_very_long_entry_name_here', 'missing']


def test_table():
    trainer = _trainer()
    trainer.extend(extensions.LogReport())
    out = io.StringIO()
    print_report = extensions.PrintReport(ENTRIES, out=out)
    assert (print_report.trigger, print_report.priority) == ((1, 'iteration'), 100)
    trainer.extend(print_report)
    trainer.run()
    # widths: max(len(entry), 10) + 2; values with '{:<width g}'; missing ones blank
    assert out.getvalue() == (
        'epoch       iteration   a           b           late        '
        'x_very_long_entry_name_here  missing   \n'
        '\033[J1           2           1.85185e+06  1.5e-09                 1.5'
        + ' ' * 38 + '\n'
        '\033[J2           4           4.32098e+06  3.5e-09     1           3.5'
        + ' ' * 38 + '\n')


def test_log_report_instance_is_driven_by_the_print_report():
    trainer = _trainer()
    log_report = extensions.LogReport(trigger=(2, 'iteration'), log_name=None)
    out = io.StringIO()
    trainer.extend(extensions.PrintReport(['iteration', 'b'], log_report=log_report,
                                          out=out))
    trainer.run()
    assert out.getvalue() == ('iteration   b         \n'
                              '\033[J2           1.5e-09     \n'
                              '\033[J4           3.5e-09     \n')


def test_missing_log_report():
    trainer = _trainer()
    trainer.extend(extensions.PrintReport(['epoch'], log_report='Nope', out=io.StringIO()))
    with pytest.raises(ValueError, match='extension Nope not found'):
        trainer.run(show_loop_exception_msg=False)
    with pytest.raises(TypeError, match='log report has a wrong type'):
        extensions.PrintReport(['epoch'], log_report=3, out=io.StringIO())(trainer)


def test_default_output_is_stdout(capsys):
    trainer = _trainer()
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.PrintReport(['epoch']))
    trainer.run()
    assert capsys.readouterr().out == 'epoch     \n\033[J1           \n\033[J2           \n'
