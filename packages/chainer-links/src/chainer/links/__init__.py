"""Links: the building blocks of models that hold parameters (provided by chainer-links).

``chainer.links.caffe`` is provided by the chainer-caffe distribution.
"""

import pkgutil

# Let chainer-caffe's chainer/links/caffe/ join this package when both are installed.
__path__ = pkgutil.extend_path(__path__, __name__)

# --- activation ---
from chainer.links.activation.maxout import Maxout  # NOQA: E402
from chainer.links.activation.prelu import PReLU  # NOQA: E402
from chainer.links.activation.simplified_dropconnect import SimplifiedDropconnect  # NOQA: E402,E501
from chainer.links.activation.swish import Swish  # NOQA: E402

# --- end activation ---

# --- connection ---
from chainer.links.connection.bias import Bias  # NOQA: E402
from chainer.links.connection.bilinear import Bilinear  # NOQA: E402
from chainer.links.connection.convolution_2d import Convolution2D  # NOQA: E402
from chainer.links.connection.convolution_nd import Convolution1D  # NOQA: E402
from chainer.links.connection.convolution_nd import Convolution3D  # NOQA: E402
from chainer.links.connection.convolution_nd import ConvolutionND  # NOQA: E402
from chainer.links.connection.deconvolution_2d import Deconvolution2D  # NOQA: E402
from chainer.links.connection.deconvolution_nd import Deconvolution1D  # NOQA: E402
from chainer.links.connection.deconvolution_nd import Deconvolution3D  # NOQA: E402
from chainer.links.connection.deconvolution_nd import DeconvolutionND  # NOQA: E402
from chainer.links.connection.deformable_convolution_2d import DeformableConvolution2D  # NOQA: E402,E501
from chainer.links.connection.depthwise_convolution_2d import DepthwiseConvolution2D  # NOQA: E402
from chainer.links.connection.dilated_convolution_2d import DilatedConvolution2D  # NOQA: E402
from chainer.links.connection.embed_id import EmbedID  # NOQA: E402
from chainer.links.connection.highway import Highway  # NOQA: E402
from chainer.links.connection.inception import Inception  # NOQA: E402
from chainer.links.connection.inceptionbn import InceptionBN  # NOQA: E402
from chainer.links.connection.linear import Linear  # NOQA: E402
from chainer.links.connection.local_convolution_2d import LocalConvolution2D  # NOQA: E402
from chainer.links.connection.mlp_convolution_2d import MLPConvolution2D  # NOQA: E402
from chainer.links.connection.parameter import Parameter  # NOQA: E402
from chainer.links.connection.scale import Scale  # NOQA: E402

# --- end connection ---

# --- loss ---
from chainer.links.loss.black_out import BlackOut  # NOQA: E402
from chainer.links.loss.crf1d import CRF1d  # NOQA: E402
from chainer.links.loss.hierarchical_softmax import BinaryHierarchicalSoftmax  # NOQA: E402
from chainer.links.loss.negative_sampling import NegativeSampling  # NOQA: E402

# --- end loss ---

# --- model ---
from chainer.links.model.classifier import Classifier  # NOQA: E402

# --- end model ---

# --- model.vision ---
from chainer.links.model.vision.googlenet import GoogLeNet  # NOQA: E402
from chainer.links.model.vision.resnet import ResNet101Layers  # NOQA: E402
from chainer.links.model.vision.resnet import ResNet152Layers  # NOQA: E402
from chainer.links.model.vision.resnet import ResNet50Layers  # NOQA: E402
from chainer.links.model.vision.vgg import VGG16Layers  # NOQA: E402
from chainer.links.model.vision.vgg import VGG19Layers  # NOQA: E402

# --- end model.vision ---

# --- normalization ---
from chainer.links.normalization.batch_normalization import BatchNormalization  # NOQA: E402,E501
from chainer.links.normalization.batch_renormalization import BatchRenormalization  # NOQA: E402,E501
from chainer.links.normalization.decorrelated_batch_normalization import DecorrelatedBatchNormalization  # NOQA: E402,E501
from chainer.links.normalization.group_normalization import GroupNormalization  # NOQA: E402,E501
from chainer.links.normalization.layer_normalization import LayerNormalization  # NOQA: E402,E501

# --- end normalization ---

# --- rnn ---
from chainer.links.rnn.gru import GRU  # NOQA: E402
from chainer.links.rnn.gru import StatefulGRU  # NOQA: E402
from chainer.links.rnn.gru import StatelessGRU  # NOQA: E402
from chainer.links.rnn.lstm import LSTM  # NOQA: E402
from chainer.links.rnn.lstm import StatelessLSTM  # NOQA: E402
from chainer.links.rnn.mgu import StatefulMGU  # NOQA: E402
from chainer.links.rnn.mgu import StatelessMGU  # NOQA: E402
from chainer.links.rnn.n_step_gru import NStepBiGRU  # NOQA: E402
from chainer.links.rnn.n_step_gru import NStepGRU  # NOQA: E402
from chainer.links.rnn.n_step_lstm import NStepBiLSTM  # NOQA: E402
from chainer.links.rnn.n_step_lstm import NStepLSTM  # NOQA: E402
from chainer.links.rnn.n_step_rnn import NStepBiRNNReLU  # NOQA: E402
from chainer.links.rnn.n_step_rnn import NStepBiRNNTanh  # NOQA: E402
from chainer.links.rnn.n_step_rnn import NStepRNNReLU  # NOQA: E402
from chainer.links.rnn.n_step_rnn import NStepRNNTanh  # NOQA: E402
from chainer.links.rnn.peephole import StatefulPeepholeLSTM  # NOQA: E402
from chainer.links.rnn.tree_lstm import ChildSumTreeLSTM  # NOQA: E402
from chainer.links.rnn.tree_lstm import NaryTreeLSTM  # NOQA: E402
from chainer.links.rnn.zoneoutlstm import StatefulZoneoutLSTM  # NOQA: E402

# --- end rnn ---

# --- theano / other ---

# --- end theano / other ---


def __getattr__(name):
    from chainer._namespace import lazy_submodule

    return lazy_submodule(name, __name__)
