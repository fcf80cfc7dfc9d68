import os
import pickle
import zipfile

import numpy
import pytest

from chainer import datasets

Image = pytest.importorskip('PIL.Image', reason='the image datasets need Pillow, which is not '
                                               'installed')


@pytest.fixture
def images(tmp_path):
    """Image files of several modes, their expected (C, H, W) arrays and a bad file."""
    rng = numpy.random.RandomState(0)
    rgb = rng.randint(0, 256, (4, 5, 3)).astype(numpy.uint8)
    grey = rng.randint(0, 256, (4, 5)).astype(numpy.uint8)
    rgba = rng.randint(0, 256, (4, 5, 4)).astype(numpy.uint8)
    Image.fromarray(rgb, 'RGB').save(str(tmp_path / 'rgb.png'))
    Image.fromarray(grey, 'L').save(str(tmp_path / 'grey.png'))
    Image.fromarray(rgba, 'RGBA').save(str(tmp_path / 'rgba.png'))
    (tmp_path / 'bad.png').write_bytes(b'not an image')
    return tmp_path, {'rgb.png': rgb.transpose(2, 0, 1), 'grey.png': grey[None],
                      'rgba.png': rgba.transpose(2, 0, 1)}


class TestImageDataset:

    @pytest.mark.parametrize('dtype', [None, numpy.float64, numpy.uint8])
    def test_read(self, images, dtype):
        root, expected = images
        dataset = datasets.ImageDataset(list(expected), root=str(root), dtype=dtype)
        assert len(dataset) == 3
        for i, name in enumerate(expected):
            image = dataset[i]
            assert image.dtype == (numpy.float32 if dtype is None else dtype)
            numpy.testing.assert_array_equal(image, expected[name])

    def test_list_file(self, images):
        root, expected = images
        (root / 'list.txt').write_text('rgb.png\n\ngrey.png\n')
        dataset = datasets.ImageDataset(str(root / 'list.txt'), root=str(root))
        assert len(dataset) == 2
        numpy.testing.assert_array_equal(dataset[1], expected['grey.png'])

    def test_undecodable_file_is_named(self, images):
        root, _ = images
        dataset = datasets.ImageDataset(['bad.png'], root=str(root))
        with pytest.raises(OSError, match='cannot decode the image .*bad.png'):
            dataset[0]

    def test_missing_file(self, images):
        root, _ = images
        with pytest.raises(FileNotFoundError, match='missing.png'):
            datasets.ImageDataset(['missing.png'], root=str(root))[0]


class TestLabeledImageDataset:

    def test_pairs(self, images):
        root, expected = images
        dataset = datasets.LabeledImageDataset([('rgb.png', 3), ('grey.png', 5)],
                                               root=str(root), label_dtype=numpy.int64)
        image, label = dataset[1]
        numpy.testing.assert_array_equal(image, expected['grey.png'])
        assert label.shape == () and label.dtype == numpy.int64 and label == 5

    def test_pairs_file(self, images):
        root, expected = images
        (root / 'pairs.txt').write_text('rgb.png 3\nrgba.png 7\n')
        dataset = datasets.LabeledImageDataset(str(root / 'pairs.txt'), root=str(root))
        image, label = dataset[1]
        numpy.testing.assert_array_equal(image, expected['rgba.png'])
        assert label.dtype == numpy.int32 and label == 7

    def test_bad_pairs_file(self, images):
        root, _ = images
        (root / 'pairs.txt').write_text('rgb.png 3\ngrey.png\n')
        with pytest.raises(ValueError, match='invalid format at line 1 in file .*pairs.txt'):
            datasets.LabeledImageDataset(str(root / 'pairs.txt'))


@pytest.fixture
def archives(images):
    root, expected = images
    with zipfile.ZipFile(str(root / 'a.zip'), 'w') as z:
        z.write(str(root / 'rgb.png'), 'dir/rgb.png')
        z.writestr('dir/', '')
        z.write(str(root / 'grey.png'), 'grey.png')
        z.write(str(root / 'bad.png'), 'bad.png')
    with zipfile.ZipFile(str(root / 'b.zip'), 'w') as z:
        z.write(str(root / 'rgba.png'), 'rgba.png')
    return root, expected


class TestZippedImageDataset:

    def test_read(self, archives):
        root, expected = archives
        dataset = datasets.ZippedImageDataset(str(root / 'a.zip'))
        assert len(dataset) == 3
        numpy.testing.assert_array_equal(dataset[0], expected['rgb.png'])
        numpy.testing.assert_array_equal(dataset.get_example('grey.png'), expected['grey.png'])
        assert dataset[1].dtype == numpy.float32

    def test_undecodable_member_is_named(self, archives):
        root, _ = archives
        dataset = datasets.ZippedImageDataset(str(root / 'a.zip'))
        with pytest.raises(OSError, match='bad.png in .*a.zip'):
            dataset[2]

    def test_pickle(self, archives):
        root, expected = archives
        dataset = pickle.loads(pickle.dumps(datasets.ZippedImageDataset(str(root / 'a.zip'))))
        numpy.testing.assert_array_equal(dataset[1], expected['grey.png'])

    def test_reopened_after_fork(self, archives):
        root, expected = archives
        dataset = datasets.ZippedImageDataset(str(root / 'a.zip'))
        dataset[0]
        pid = os.fork()
        if pid == 0:
            ok = numpy.array_equal(dataset[1], expected['grey.png']) and dataset._zf_pid == \
                os.getpid()
            os._exit(0 if ok else 1)
        _, status = os.waitpid(pid, 0)
        assert os.WEXITSTATUS(status) == 0

    def test_multi(self, archives):
        root, expected = archives
        dataset = datasets.MultiZippedImageDataset([str(root / 'a.zip'), str(root / 'b.zip')])
        assert len(dataset) == 4
        numpy.testing.assert_array_equal(dataset[3], expected['rgba.png'])
        numpy.testing.assert_array_equal(dataset[1], expected['grey.png'])
        with pytest.raises(IndexError):
            dataset[4]

    def test_labeled(self, archives):
        root, expected = archives
        (root / 'labels.txt').write_text('dir/rgb.png 1\ngrey.png 2\n')
        dataset = datasets.LabeledZippedImageDataset(str(root / 'a.zip'),
                                                     str(root / 'labels.txt'))
        assert len(dataset) == 2
        image, label = dataset[1]
        numpy.testing.assert_array_equal(image, expected['grey.png'])
        assert label == 2 and label.dtype == numpy.int32


def test_module_attribute_available():
    # v7's module attribute (True here: this module is skipped without Pillow)
    from chainer.datasets import image_dataset
    assert image_dataset.available is True
