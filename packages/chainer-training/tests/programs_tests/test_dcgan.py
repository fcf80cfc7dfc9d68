"""The DCGAN example (v7 style) on fabricated images: two models with their own Adam and
optimizer hook, a StandardUpdater subclass updating both with ``optimizer.update(lossfun,
...)``, ``snapshot_object`` and a ``make_extension`` function. The values are those Chainer
v7.8.1 produced (recorded)."""
import json
import os

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions

# (iteration, gen/loss, dis/loss) of each log entry, recorded from v7.8.1
V7_LOG = [
    (3, 0.7584703962008158, 1.375940163930257),
    (6, 0.7172033786773682, 1.4025127092997234),
    (9, 0.734393835067749, 1.3975509802500408),
    (12, 0.727457602818807, 1.4006470441818237),
]
V7_IMAGE_SUMS = [95.99620056152344, 96.00051879882812]
V7_GEN_PARAM_SUMS = {
    '/bn0/beta': 0.0006290185265243053,
    '/bn0/gamma': 63.85221481323242,
    '/bn1/beta': 0.009061971679329872,
    '/bn1/gamma': 7.994050025939941,
    '/dc1/W': -0.33245912194252014,
    '/dc1/b': 2.4482917524437653e-06,
    '/dc2/W': -0.24195006489753723,
    '/dc2/b': 0.0017282330663874745,
    '/l0/W': -0.786847710609436,
    '/l0/b': 7.690676966376486e-07,
}
V7_BN1_AVG_MEAN_SUM = -0.010986531153321266
V7_GEN_KEYS = [
    'bn0/N', 'bn0/avg_mean', 'bn0/avg_var', 'bn0/beta', 'bn0/gamma', 'bn1/N', 'bn1/avg_mean',
    'bn1/avg_var', 'bn1/beta', 'bn1/gamma', 'dc1/W', 'dc1/b', 'dc2/W', 'dc2/b', 'l0/W', 'l0/b']


def add_noise(h, sigma=0.2):
    xp = chainer.backend.get_array_module(h.array)
    if chainer.config.train:
        return h + sigma * xp.random.randn(*h.shape).astype(h.dtype)
    return h


class Generator(chainer.Chain):
    def __init__(self, n_hidden, bottom_width=2, ch=16, wscale=0.02):
        super(Generator, self).__init__()
        self.n_hidden = n_hidden
        self.ch = ch
        self.bottom_width = bottom_width
        with self.init_scope():
            w = chainer.initializers.Normal(wscale)
            self.l0 = L.Linear(n_hidden, bottom_width * bottom_width * ch, initialW=w)
            self.dc1 = L.Deconvolution2D(ch, ch // 2, 4, 2, 1, initialW=w)
            self.dc2 = L.Deconvolution2D(ch // 2, 3, 3, 1, 1, initialW=w)
            self.bn0 = L.BatchNormalization(bottom_width * bottom_width * ch)
            self.bn1 = L.BatchNormalization(ch // 2)

    def make_hidden(self, batchsize):
        return numpy.random.uniform(
            -1, 1, (batchsize, self.n_hidden, 1, 1)).astype(numpy.float32)

    def forward(self, z):
        h = F.reshape(F.relu(self.bn0(self.l0(z))),
                      (len(z), self.ch, self.bottom_width, self.bottom_width))
        h = F.relu(self.bn1(self.dc1(h)))
        return F.sigmoid(self.dc2(h))


class Discriminator(chainer.Chain):
    def __init__(self, bottom_width=2, ch=16, wscale=0.02):
        w = chainer.initializers.Normal(wscale)
        super(Discriminator, self).__init__()
        with self.init_scope():
            self.c0 = L.Convolution2D(3, ch // 2, 3, 1, 1, initialW=w)
            self.c1 = L.Convolution2D(ch // 2, ch, 4, 2, 1, initialW=w)
            self.l2 = L.Linear(bottom_width * bottom_width * ch, 1, initialW=w)
            self.bn1 = L.BatchNormalization(ch, use_gamma=False)

    def forward(self, x):
        h = F.leaky_relu(add_noise(self.c0(add_noise(x))))
        h = F.leaky_relu(add_noise(self.bn1(self.c1(h))))
        return self.l2(h)


class DCGANUpdater(training.updaters.StandardUpdater):
    def __init__(self, *args, **kwargs):
        self.gen, self.dis = kwargs.pop('models')
        super(DCGANUpdater, self).__init__(*args, **kwargs)

    def loss_dis(self, dis, y_fake, y_real):
        batchsize = len(y_fake)
        loss = (F.sum(F.softplus(-y_real)) + F.sum(F.softplus(y_fake))) / batchsize
        chainer.report({'loss': loss}, dis)
        return loss

    def loss_gen(self, gen, y_fake):
        loss = F.sum(F.softplus(-y_fake)) / len(y_fake)
        chainer.report({'loss': loss}, gen)
        return loss

    def update_core(self):
        gen_optimizer = self.get_optimizer('gen')
        dis_optimizer = self.get_optimizer('dis')
        batch = self.get_iterator('main').next()
        x_real = chainer.Variable(self.converter(batch, self.device)) / 255.
        gen, dis = self.gen, self.dis
        y_real = dis(x_real)
        z = chainer.Variable(gen.make_hidden(len(batch)))
        x_fake = gen(z)
        y_fake = dis(x_fake)
        dis_optimizer.update(self.loss_dis, dis, y_fake, y_real)
        gen_optimizer.update(self.loss_gen, gen, y_fake)


def make_optimizer(model, alpha=0.0002, beta1=0.5):
    optimizer = chainer.optimizers.Adam(alpha=alpha, beta1=beta1)
    optimizer.setup(model)
    optimizer.add_hook(chainer.optimizer_hooks.WeightDecay(0.0001), 'hook_dec')
    return optimizer


def run(out):
    numpy.random.seed(0)
    gen = Generator(n_hidden=10)
    dis = Discriminator()
    opt_gen = make_optimizer(gen)
    opt_dis = make_optimizer(dis)
    train = (numpy.random.RandomState(0).rand(40, 3, 4, 4) * 255).astype(numpy.float32)
    train_iter = chainer.iterators.SerialIterator(train, 8)
    updater = DCGANUpdater(models=(gen, dis), iterator=train_iter,
                           optimizer={'gen': opt_gen, 'dis': opt_dis}, device=-1)
    trainer = training.Trainer(updater, (12, 'iteration'), out=out)
    trainer.extend(extensions.snapshot_object(gen, 'gen_iter_{.updater.iteration}.npz'),
                   trigger=(6, 'iteration'))
    trainer.extend(extensions.LogReport(trigger=(3, 'iteration')))
    images = []

    @training.make_extension(trigger=(6, 'iteration'))
    def out_generated_image(trainer):
        numpy.random.seed(7)
        z = chainer.Variable(gen.make_hidden(4))
        with chainer.using_config('train', False):
            x = gen(z)
        numpy.random.seed(8)
        images.append(float(x.array.sum()))

    trainer.extend(out_generated_image)
    trainer.run()
    with open(os.path.join(out, 'log')) as f:
        log = json.load(f)
    with numpy.load(os.path.join(out, 'gen_iter_12.npz')) as saved:
        keys = sorted(saved.files)
    return {
        'log': [(e['iteration'], e['gen/loss'], e['dis/loss']) for e in log],
        'images': images,
        'gen': {name: float(p.array.sum()) for name, p in gen.namedparams()},
        'bn1_avg_mean': float(gen.bn1.avg_mean.sum()),
        'gen_keys': keys,
        'files': sorted(os.listdir(out)),
    }


@pytest.fixture(scope='module')
def result(tmp_path_factory):
    return run(str(tmp_path_factory.mktemp('result')))


def test_log(result):
    assert [entry[0] for entry in result['log']] == [entry[0] for entry in V7_LOG]
    for (_, gen_loss, dis_loss), (_, v7_gen_loss, v7_dis_loss) in zip(result['log'], V7_LOG):
        assert gen_loss == pytest.approx(v7_gen_loss, rel=1e-5)
        assert dis_loss == pytest.approx(v7_dis_loss, rel=1e-5)


def test_generated_images(result):
    assert result['images'] == pytest.approx(V7_IMAGE_SUMS, rel=1e-5)


def test_generator(result):
    # the biases stay near zero: their sums are compared absolutely
    assert result['gen'] == pytest.approx(V7_GEN_PARAM_SUMS, rel=1e-4, abs=1e-5)
    assert result['bn1_avg_mean'] == pytest.approx(V7_BN1_AVG_MEAN_SUM, rel=1e-4)


def test_snapshot_object(result):
    assert result['files'] == ['gen_iter_12.npz', 'gen_iter_6.npz', 'log']
    assert result['gen_keys'] == V7_GEN_KEYS
