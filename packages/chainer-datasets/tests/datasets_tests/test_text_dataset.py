import os
import pickle

import pytest

from chainer import datasets


@pytest.fixture
def files(tmp_path):
    (tmp_path / 'a.txt').write_text('line1\nline2\n\nline4')
    (tmp_path / 'b.txt').write_text('b1\nb2\nb3\nb4\n')
    (tmp_path / 'c.txt').write_text('x\ny\n')
    (tmp_path / 'u.txt').write_text('\u00e9t\u00e9\nna\u00efve\n', encoding='utf-8')
    return tmp_path


class TestTextDataset:

    def test_lines(self, files):
        dataset = datasets.TextDataset(str(files / 'a.txt'))
        assert len(dataset) == 4
        assert [dataset[i] for i in range(4)] == ['line1\n', 'line2\n', '\n', 'line4']
        assert dataset[1:3] == ['line2\n', '\n']

    def test_parallel_files(self, files):
        dataset = datasets.TextDataset([str(files / 'a.txt'), str(files / 'b.txt')])
        assert len(dataset) == 4
        assert dataset[1] == ('line2\n', 'b2\n')

    def test_filter(self, files):
        dataset = datasets.TextDataset(str(files / 'b.txt'),
                                       filter_func=lambda line: line != 'b2\n')
        assert [dataset[i] for i in range(len(dataset))] == ['b1\n', 'b3\n', 'b4\n']
        dataset = datasets.TextDataset([str(files / 'a.txt'), str(files / 'b.txt')],
                                       filter_func=lambda a, b: a.strip() != '')
        assert dataset[2] == ('line4', 'b4\n')

    def test_encoding(self, files):
        dataset = datasets.TextDataset(str(files / 'u.txt'), encoding='utf-8')
        assert dataset[1] == 'na\u00efve\n'

    def test_encoding_per_file(self, tmp_path):
        (tmp_path / 'w.txt').write_text('\u3042\r\nb\n', encoding='utf-16')
        (tmp_path / 'l.txt').write_bytes('\xe9\r\nz\n'.encode('latin-1'))
        paths = [str(tmp_path / 'w.txt'), str(tmp_path / 'l.txt')]
        dataset = datasets.TextDataset(paths, encoding=['utf-16', 'latin-1'],
                                       newline=('', None))
        assert dataset[0] == ('\u3042\r\n', '\xe9\n')
        dataset = datasets.TextDataset(paths, encoding=['utf-16', 'ascii'],
                                       errors=[None, 'replace'])
        assert dataset[0] == ('\u3042\n', '\ufffd\n')
        with pytest.raises(ValueError, match='encoding'):
            datasets.TextDataset(paths, encoding=['utf-16'])

    def test_list_of_one_file(self, files):
        dataset = datasets.TextDataset([str(files / 'c.txt')], encoding=['utf-8'])
        assert dataset[1] == 'y\n'

    def test_mismatched_files(self, files):
        with pytest.raises(ValueError, match='number of lines'):
            datasets.TextDataset([str(files / 'a.txt'), str(files / 'c.txt')])

    def test_out_of_range(self, files):
        dataset = datasets.TextDataset(str(files / 'c.txt'))
        for index in (2, -1):
            with pytest.raises(IndexError, match='out of range'):
                dataset[index]

    def test_pickle_and_close(self, files):
        dataset = datasets.TextDataset(str(files / 'b.txt'))
        copy = pickle.loads(pickle.dumps(dataset))
        assert copy[3] == 'b4\n'
        dataset.close()
        with pytest.raises(ValueError):
            dataset[0]

    def test_reopened_after_fork(self, files):
        dataset = datasets.TextDataset(str(files / 'b.txt'))
        dataset[0]
        pid = os.fork()
        if pid == 0:
            dataset[2]  # moves the offset of the child's own file only
            os._exit(0)
        os.waitpid(pid, 0)
        assert dataset._fps[0].tell() == len('b1\n')
