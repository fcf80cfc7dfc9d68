"""chainer.testing.random: fixed seeds as in v7 (numpy seeded with 100)."""
import random
import sys
import unittest

import numpy
import pytest

from chainer import testing
from chainer.testing import condition


def _first_draw(seed):
    state = numpy.random.RandomState(seed)
    return state.random_sample()


def test_do_setup_and_teardown():
    random.seed(1234)
    numpy.random.seed(1234)
    before = (random.random(), numpy.random.rand())
    random.seed(1234)
    numpy.random.seed(1234)
    testing.random.do_setup()
    first = numpy.random.rand()
    testing.random.do_setup()  # nested
    second = numpy.random.rand()
    testing.random.do_teardown()
    testing.random.do_teardown()
    assert first == second == _first_draw(100)
    assert (random.random(), numpy.random.rand()) == before  # states restored
    with pytest.raises(RuntimeError):
        testing.random.do_teardown()
    testing.random.do_setup(deterministic=False)
    testing.random.do_teardown()


def test_generate_seed_needs_setup():
    with pytest.raises(AssertionError):
        testing.generate_seed()

    @testing.fix_random()
    def draw():
        return numpy.random.rand(), testing.generate_seed()
    assert draw() == draw()
    assert draw()[0] == _first_draw(100)


@testing.fix_random()
class _Seeded(unittest.TestCase):
    # Run by the test below, not collected.
    __test__ = False
    values = []

    def setUp(self):
        self.values.append(numpy.random.rand())

    def test_a(self):
        self.values.append(numpy.random.rand())


def test_fix_random_class():
    runner = condition.QuietTestRunner()
    runner.run(unittest.TestSuite([_Seeded('test_a'), _Seeded('test_a')]))
    assert _Seeded.values[:2] == _Seeded.values[2:]
    assert _Seeded.values[0] == _first_draw(100)


@testing.fix_random()
@testing.parameterize({'a': 1}, {'a': 2})
class TestFixRandomOverParameterize(unittest.TestCase):

    def test_seeded(self):
        assert numpy.random.rand() == _first_draw(100)


def test_fix_random_over_parameterize_keeps_the_classes():
    names = [n for n in vars(sys.modules[__name__])
             if n.startswith('TestFixRandomOverParameterize_')]
    assert len(names) == 2


def test_fix_random_restores_state_when_setup_fails():
    @testing.fix_random()
    class Case(unittest.TestCase):
        def setUp(self):
            raise ValueError('setup failed')

        def test_nothing(self):
            pass

    result = condition.QuietTestRunner().run(unittest.TestSuite([Case('test_nothing')]))
    assert len(result.errors) == 1
    assert testing.random._saved_states == []


def test_nondeterministic_environment(monkeypatch):
    monkeypatch.setenv('CHAINER_TEST_RANDOM_NONDETERMINISTIC', '1')

    @testing.fix_random()
    def draw():
        return numpy.random.rand()
    assert draw() != draw()
