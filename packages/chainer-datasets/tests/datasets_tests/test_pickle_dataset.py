import io
import os
import pickle

import numpy
import pytest

from chainer import datasets


def test_write_and_read(tmp_path):
    path = str(tmp_path / 'data.pkl')
    with datasets.open_pickle_dataset_writer(path) as writer:
        writer.write({'a': 1})
        writer.write(numpy.arange(3))
        writer.write('s')
        assert not os.path.exists(path)  # put in place complete, on close
    with datasets.open_pickle_dataset(path) as dataset:
        assert len(dataset) == 3
        assert dataset[0] == {'a': 1}
        numpy.testing.assert_array_equal(dataset[1], numpy.arange(3))
        assert dataset[-1] == 's'
        assert dataset[0:2][0] == {'a': 1}
        with pytest.raises(IndexError):
            dataset[3]
        copy = pickle.loads(pickle.dumps(dataset))
        assert copy[2] == 's'


def test_failed_writing_leaves_no_file(tmp_path):
    path = str(tmp_path / 'data.pkl')
    with pytest.raises(KeyError):
        with datasets.open_pickle_dataset_writer(path) as writer:
            writer.write(1)
            raise KeyError('boom')
    assert os.listdir(str(tmp_path)) == []


def test_protocol(tmp_path):
    path = str(tmp_path / 'data.pkl')
    with datasets.open_pickle_dataset_writer(path, protocol=2) as writer:
        writer.write([1, 2])
    with open(path, 'rb') as f:
        assert f.read(2) == b'\x80\x02'


def test_file_objects():
    buffer = io.BytesIO()
    writer = datasets.PickleDatasetWriter(buffer)
    writer.write(1)
    writer.write((2, 3))
    writer.flush()
    dataset = datasets.PickleDataset(io.BytesIO(buffer.getvalue()))
    assert len(dataset) == 2 and dataset[1] == (2, 3)
    writer.close()
    assert buffer.closed


def test_truncated_file(tmp_path):
    path = tmp_path / 'data.pkl'
    with datasets.open_pickle_dataset_writer(str(path)) as writer:
        writer.write('a' * 100)
    path.write_bytes(path.read_bytes()[:-10])
    with pytest.raises(pickle.UnpicklingError):
        datasets.open_pickle_dataset(str(path))


def test_reopened_after_fork(tmp_path):
    path = str(tmp_path / 'data.pkl')
    with datasets.open_pickle_dataset_writer(path) as writer:
        for i in range(3):
            writer.write(i)
    dataset = datasets.open_pickle_dataset(path)
    assert dataset[0] == 0
    position = dataset._reader.tell()
    pid = os.fork()
    if pid == 0:
        os._exit(0 if dataset[2] == 2 else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
    assert dataset._reader.tell() == position
    dataset.close()
