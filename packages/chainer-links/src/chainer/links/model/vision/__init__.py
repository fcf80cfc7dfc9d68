"""The vision model zoo: VGG, GoogLeNet and ResNet with pre-trained Caffe weights."""
