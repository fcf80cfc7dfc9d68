"""Links: the building blocks of models that hold parameters (provided by chainer-links).

``chainer.links.caffe`` is provided by the chainer-caffe distribution.
"""

import pkgutil

# Let chainer-caffe's chainer/links/caffe/ join this package when both are installed.
__path__ = pkgutil.extend_path(__path__, __name__)

# --- activation ---

# --- end activation ---

# --- connection ---
from chainer.links.connection.bias import Bias  # NOQA: E402
from chainer.links.connection.convolution_2d import Convolution2D  # NOQA: E402
from chainer.links.connection.convolution_nd import Convolution1D  # NOQA: E402
from chainer.links.connection.convolution_nd import Convolution3D  # NOQA: E402
from chainer.links.connection.convolution_nd import ConvolutionND  # NOQA: E402
from chainer.links.connection.deconvolution_2d import Deconvolution2D  # NOQA: E402
from chainer.links.connection.deconvolution_nd import Deconvolution1D  # NOQA: E402
from chainer.links.connection.deconvolution_nd import Deconvolution3D  # NOQA: E402
from chainer.links.connection.deconvolution_nd import DeconvolutionND  # NOQA: E402
from chainer.links.connection.embed_id import EmbedID  # NOQA: E402
from chainer.links.connection.linear import Linear  # NOQA: E402
from chainer.links.connection.scale import Scale  # NOQA: E402

# --- end connection ---

# --- loss ---
from chainer.links.loss.hierarchical_softmax import BinaryHierarchicalSoftmax  # NOQA: E402

# --- end loss ---

# --- model ---
from chainer.links.model.classifier import Classifier  # NOQA: E402

# --- end model ---

# --- model.vision ---

# --- end model.vision ---

# --- normalization ---
from chainer.links.normalization.batch_normalization import BatchNormalization  # NOQA: E402,E501

# --- end normalization ---

# --- rnn ---

# --- end rnn ---

# --- theano / other ---

# --- end theano / other ---


def __getattr__(name):
    from chainer._namespace import lazy_submodule

    return lazy_submodule(name, __name__)
