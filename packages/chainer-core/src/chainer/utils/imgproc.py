"""Image processing helpers (``chainer.utils.imgproc``)."""
import numpy


def oversample(images, crop_dims):
    """Crops each image at its four corners and center, plus the mirrored crops.

    Args:
        images (list of numpy.ndarray): Images of shape ``(C, H, W)`` (all of the same shape).
        crop_dims (tuple of int): Crop size ``(crop_h, crop_w)``.

    Returns:
        numpy.ndarray: Array of shape ``(10 * len(images), C, crop_h, crop_w)``; for each image,
        the top-left, top-right, bottom-left, bottom-right and center crops followed by the same
        five crops flipped horizontally.
    """
    channels, src_h, src_w = images[0].shape
    dst_h, dst_w = crop_dims
    top = int(src_h / 2.0 - dst_h / 2.0)
    left = int(src_w / 2.0 - dst_w / 2.0)
    corners = [(0, 0), (0, src_w - dst_w), (src_h - dst_h, 0), (src_h - dst_h, src_w - dst_w),
               (top, left)]
    crops = numpy.empty((10 * len(images), channels, dst_h, dst_w), dtype=images[0].dtype)
    ix = 0
    for img in images:
        for y, x in corners:
            crops[ix] = img[:, y:y + dst_h, x:x + dst_w]
            ix += 1
        crops[ix:ix + 5] = crops[ix - 5:ix, :, :, ::-1]
        ix += 5
    return crops
