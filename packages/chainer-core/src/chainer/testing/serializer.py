"""Save-then-load helpers for serialization tests (``chainer.testing.save_and_load*``)."""
import os
import tempfile

from chainer import serializers


def save_and_load(src, dst, filename, saver, loader):
    """Writes ``src`` to ``filename`` with ``saver``, then reads it into ``dst`` with ``loader``.

    Args:
        src: Object to save.
        dst: Object to load into.
        filename (str): Path of the intermediate file.
        saver (callable): Called as ``saver(filename, src)``.
        loader (callable): Called as ``loader(filename, dst)``.
    """
    saver(filename, src)
    loader(filename, dst)


def _round_trip(src, dst, basename, saver, loader):
    # The intermediate file lives in a private temporary directory removed afterwards.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as workdir:
        save_and_load(src, dst, os.path.join(workdir, basename), saver, loader)


def save_and_load_npz(src, dst):
    """Copies the state of ``src`` into ``dst`` through a temporary NPZ file."""
    _round_trip(src, dst, 'tmp.npz', serializers.save_npz, serializers.load_npz)


def save_and_load_hdf5(src, dst):
    """Copies the state of ``src`` into ``dst`` through a temporary HDF5 file (needs h5py)."""
    _round_trip(src, dst, 'tmp.h5', serializers.save_hdf5, serializers.load_hdf5)
