"""Snapshot writers: in the loop, in threads, in processes, through queues."""
import os

import numpy
import pytest

from chainer import serializers
from chainer.training.extensions import snapshot_writers

WRITERS = [snapshot_writers.SimpleWriter, snapshot_writers.ThreadWriter,
           snapshot_writers.ProcessWriter, snapshot_writers.ThreadQueueWriter,
           snapshot_writers.ProcessQueueWriter]


@pytest.mark.parametrize('writer_class', WRITERS, ids=lambda c: c.__name__)
def test_writes_every_snapshot_atomically(tmp_path, writer_class):
    writer = writer_class()
    cleanups = []
    if writer_class is not snapshot_writers.ProcessQueueWriter:  # hooks would run remotely
        writer._add_cleanup_hook(lambda: cleanups.append(len(os.listdir(tmp_path))))
    for i in range(3):
        writer('snap_{}'.format(i), str(tmp_path), {'a': numpy.arange(i + 1), 'i': i})
    writer.finalize()
    assert sorted(os.listdir(tmp_path)) == ['snap_0', 'snap_1', 'snap_2']
    with numpy.load(tmp_path / 'snap_2', allow_pickle=False) as f:
        numpy.testing.assert_array_equal(f['a'], [0, 1, 2])
        assert f['i'] == 2
    if writer_class is not snapshot_writers.ProcessQueueWriter:
        assert len(cleanups) == 3


def test_savefun_keywords(tmp_path):
    writer = snapshot_writers.SimpleWriter(savefun=serializers.save_npz, compression=False)
    writer('plain', str(tmp_path), {'a': numpy.zeros(1000)})
    assert os.path.getsize(tmp_path / 'plain') > 8000  # not compressed


def test_failed_save_leaves_nothing(tmp_path):
    def failing(path, target):
        with open(path, 'wb') as f:
            f.write(b'partial')
        raise OSError('disk full')

    writer = snapshot_writers.SimpleWriter(savefun=failing)
    with pytest.raises(OSError, match='disk full'):
        writer('snap', str(tmp_path), {})
    assert os.listdir(tmp_path) == []


def test_queue_writer_with_a_custom_task(tmp_path):
    done = []
    writer = snapshot_writers.ThreadQueueWriter(
        task=lambda filename, outdir, target: done.append((filename, target)))
    writer('a', str(tmp_path), {'x': 1})
    writer.finalize()
    writer.finalize()  # idempotent
    assert done == [('a', {'x': 1})]


def test_base_writer_interface():
    with pytest.raises(NotImplementedError):
        snapshot_writers.Writer()('f', '.', {})


@pytest.mark.parametrize('writer_class', WRITERS, ids=lambda c: c.__name__)
def test_retention_with_every_writer(tmp_path, writer_class):
    from chainer import testing
    from chainer.training import extensions

    class Counter:
        value = 0

        def serialize(self, serializer):
            self.value = serializer('value', self.value)

    trainer = testing.get_trainer_with_mock_updater((6, 'iteration'))
    trainer.out = str(tmp_path)
    trainer.extend(extensions.snapshot_object(Counter(), 'c_{.updater.iteration}',
                                              writer=writer_class(), n_retains=2),
                   trigger=(2, 'iteration'))
    trainer.run()
    assert sorted(os.listdir(tmp_path)) == ['c_4', 'c_6']
