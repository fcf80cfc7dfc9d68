"""DumpGraph / dump_graph: the dot file of a reported variable's graph, written once."""
import os
import sys

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import serializers
from chainer import testing
from chainer import training
from chainer.training import extensions
from chainer.training.extensions import computational_graph


def _trainer(tmp_path, stop=3):
    trainer = testing.get_trainer_with_mock_updater((stop, 'iteration'))
    trainer.out = str(tmp_path)
    x = chainer.Variable(numpy.ones(3, numpy.float32), name='x')

    @training.make_extension(priority=training.PRIORITY_WRITER)
    def report(trainer):
        chainer.report({'loss': F.sum(x * 2), 'count': 1})

    trainer.extend(report)
    return trainer


def test_dumps_the_graph_once_and_restores_the_flag(tmp_path):
    trainer = _trainer(tmp_path)
    dump = extensions.DumpGraph('loss')
    assert extensions.dump_graph is extensions.DumpGraph
    assert (dump.priority, dump.default_name) == (training.PRIORITY_READER, 'dump_graph')
    trainer.extend(dump)
    kept = []
    trainer.extend(lambda t: kept.append((t.observation['loss'].creator is not None,
                                          chainer.config.keep_graph_on_report)),
                   name='flags', priority=-1)
    trainer.run()
    assert os.listdir(tmp_path) == ['cg.dot']
    dot = (tmp_path / 'cg.dot').read_text()
    assert dot.startswith('digraph graphname{rankdir=TB;')
    assert 'label="x: (3), float32"' in dot and 'label="Sum"' in dot
    assert 'shape="octagon"' in dot and 'fillcolor="#6495ED"' in dot
    # the graph is kept for the first report only, the flag is restored after the dump
    assert kept == [(True, False), (False, False), (False, False)]
    saved = serializers.npz.serialize(dump)
    assert saved == {'_original_flag': False, '_flag_called': True}


def test_filename_and_styles(tmp_path):
    trainer = _trainer(tmp_path, stop=1)
    trainer.extend(extensions.dump_graph('loss', out_name='graph.dot',
                                         variable_style={'shape': 'box'},
                                         function_style={'shape': 'ellipse'}))
    trainer.run()
    dot = (tmp_path / 'graph.dot').read_text()
    assert 'shape="box"' in dot and 'shape="ellipse"' in dot


@pytest.mark.parametrize('root,error', [('missing', KeyError), ('count', TypeError)])
def test_bad_root(tmp_path, root, error):
    trainer = _trainer(tmp_path, stop=1)
    trainer.extend(extensions.DumpGraph(root))
    with pytest.raises(error):
        trainer.run(show_loop_exception_msg=False)
    assert chainer.config.keep_graph_on_report is False


def test_command_checks(tmp_path, monkeypatch):
    python = [sys.executable, '-c']
    assert computational_graph.is_return_code_zero(python + ['pass'])
    assert not computational_graph.is_return_code_zero(python + ['raise SystemExit(3)'])
    assert not computational_graph.is_return_code_zero(['no-such-command-chainer-test'])
    monkeypatch.setenv('PATH', str(tmp_path))
    assert not computational_graph.is_graphviz_available()
    dot = tmp_path / 'dot'
    dot.write_text('#!/bin/sh\n[ "$1" = -V ]\n')
    dot.chmod(0o755)
    assert computational_graph.is_graphviz_available()
