"""Links: the building blocks of models that hold parameters (provided by chainer-links).

``chainer.links.caffe`` is provided by the chainer-caffe distribution.
"""

import pkgutil

# Let chainer-caffe's chainer/links/caffe/ join this package when both are installed.
__path__ = pkgutil.extend_path(__path__, __name__)

# --- activation ---

# --- end activation ---

# --- connection ---
from chainer.links.connection.linear import Linear  # NOQA: E402

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

# --- end normalization ---

# --- rnn ---

# --- end rnn ---

# --- theano / other ---

# --- end theano / other ---


def __getattr__(name):
    from chainer._namespace import lazy_submodule

    return lazy_submodule(name, __name__)
