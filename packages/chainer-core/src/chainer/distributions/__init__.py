"""Probability distributions (``chainer.distributions``).

Each distribution holds a batch of distributions whose parameters are Variables; see
:class:`chainer.Distribution` for the interface and :func:`chainer.kl_divergence` for KL
divergences between them.
"""
from chainer.distributions.bernoulli import Bernoulli  # noqa: F401
from chainer.distributions.beta import Beta  # noqa: F401
from chainer.distributions.categorical import Categorical  # noqa: F401
from chainer.distributions.cauchy import Cauchy  # noqa: F401
from chainer.distributions.chisquare import Chisquare  # noqa: F401
from chainer.distributions.dirichlet import Dirichlet  # noqa: F401
from chainer.distributions.exponential import Exponential  # noqa: F401
from chainer.distributions.gamma import Gamma  # noqa: F401
from chainer.distributions.geometric import Geometric  # noqa: F401
from chainer.distributions.gumbel import Gumbel  # noqa: F401
from chainer.distributions.independent import Independent  # noqa: F401
from chainer.distributions.laplace import Laplace  # noqa: F401
from chainer.distributions.log_normal import LogNormal  # noqa: F401
from chainer.distributions.multivariate_normal import MultivariateNormal  # noqa: F401
from chainer.distributions.normal import Normal  # noqa: F401
from chainer.distributions.one_hot_categorical import OneHotCategorical  # noqa: F401
from chainer.distributions.pareto import Pareto  # noqa: F401
from chainer.distributions.poisson import Poisson  # noqa: F401
from chainer.distributions.uniform import Uniform  # noqa: F401
