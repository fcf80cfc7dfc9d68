import numpy
import pytest

from chainer import datasets
from chainer.datasets import ptb

_TEXTS = {
    'train': ' aer banknote berlitz \n the cat <unk> \n',
    'valid': ' the cat \n',
    'test': ' berlitz aer \n\n the \n',
}


@pytest.fixture
def fake_ptb(http_server, monkeypatch):
    for name, text in _TEXTS.items():
        monkeypatch.setitem(ptb.URLS, name,
                            http_server.add('/ptb.{}.txt'.format(name), text.encode()))


def test_get_ptb_words(dataset_root, fake_ptb, http_server):
    train, valid, test = datasets.get_ptb_words()
    for words in (train, valid, test):
        assert isinstance(words, numpy.ndarray) and words.dtype == numpy.int32
    assert train.tolist() == [0, 1, 2, 3, 4, 5, 6, 3]
    assert valid.tolist() == [4, 5, 3]
    assert test.tolist() == [2, 0, 3, 3, 4, 3]
    directory = dataset_root / 'pfnet' / 'chainer' / 'ptb'
    assert (directory / 'vocab.txt').read_text() == (
        'aer\nbanknote\nberlitz\n<eos>\nthe\ncat\n<unk>\n')
    for name in ('train', 'valid', 'test'):
        with numpy.load(str(directory / (name + '.npz'))) as npz:
            assert npz.files == ['x'] and npz['x'].dtype == numpy.int32
    assert http_server.requests['/ptb.train.txt'] == 1


def test_vocabulary(dataset_root, fake_ptb):
    vocab = datasets.get_ptb_words_vocabulary()
    assert vocab == {'aer': 0, 'banknote': 1, 'berlitz': 2, '<eos>': 3, 'the': 4, 'cat': 5,
                     '<unk>': 6}
    assert datasets.get_ptb_words_vocabulary() == vocab  # read back from the cache


def test_unknown_word(dataset_root, fake_ptb, http_server):
    http_server.files['/ptb.valid.txt'] = b'the dog\n'
    with pytest.raises(ValueError, match="'dog'"):
        datasets.get_ptb_words()
