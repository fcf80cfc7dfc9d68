"""Serialization round-trip helpers for tests."""

import os
import shutil
import tempfile

from chainer import serializers


def save_and_load(src, dst, filename, saver, loader):
    """Saves ``src`` to ``filename`` with ``saver`` and loads it into ``dst`` with ``loader``.

    Args:
        src: Object to save.
        dst: Object to load into.
        filename (str): File name to use.
        saver (callable): Called as ``saver(filename, src)``.
        loader (callable): Called as ``loader(filename, dst)``.
    """
    saver(filename, src)
    loader(filename, dst)


def save_and_load_npz(src, dst):
    """Saves ``src`` to a temporary NPZ file and loads it into ``dst``."""
    tempdir = tempfile.mkdtemp()
    try:
        path = os.path.join(tempdir, 'tmp.npz')
        save_and_load(src, dst, path, serializers.save_npz, serializers.load_npz)
    finally:
        shutil.rmtree(tempdir, ignore_errors=True)


def save_and_load_hdf5(src, dst):
    """Saves ``src`` to a temporary HDF5 file and loads it into ``dst`` (requires h5py)."""
    tempdir = tempfile.mkdtemp()
    try:
        path = os.path.join(tempdir, 'tmp.h5')
        save_and_load(src, dst, path, serializers.save_hdf5, serializers.load_hdf5)
    finally:
        shutil.rmtree(tempdir, ignore_errors=True)
