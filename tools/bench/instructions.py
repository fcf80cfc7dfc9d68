"""Deterministic instruction counts of the overhead benchmark (needs valgrind).

Runs ``tools/bench/overhead.py``'s chain under callgrind for two step counts and reports the
per-op instruction delta of the framework and of the NumPy floor, so that hot-path changes can
be judged on a loaded machine where wall-clock timings are noisy.

Usage: python tools/bench/instructions.py [--ops 200]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

_SCRIPT = '''
import sys
sys.path.insert(0, {here!r})
import numpy, chainer, overhead
mul, add = overhead._params({ops})
x = numpy.ones(10, numpy.float32)
mv = [chainer.Parameter(a) for a in mul]
av = [chainer.Parameter(b) for b in add]
for _ in range(int(sys.argv[2])):
    if sys.argv[1] == 'chainer':
        overhead.chainer_step(x, mv, av)
    else:
        overhead.numpy_step(x, mul, add)
'''


def _count(script, mode, steps):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'cg.out')
        proc = subprocess.run(
            ['valgrind', '--tool=callgrind', '--callgrind-out-file=' + out,
             sys.executable, script, mode, str(steps)],
            capture_output=True, text=True,
            env=dict(os.environ, OPENBLAS_NUM_THREADS='1', PYTHONHASHSEED='0'))
        match = re.search(r'Collected : (\d+)', proc.stderr)
        if match is None:
            raise RuntimeError('callgrind failed:\n' + proc.stderr[-2000:])
        return int(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--ops', type=int, default=200)
    args = parser.parse_args()
    with tempfile.NamedTemporaryFile('w', suffix='.py', delete=False) as f:
        f.write(_SCRIPT.format(here=HERE, ops=args.ops))
    try:
        result = {'bench': 'instructions', 'ops': args.ops}
        for mode in ('chainer', 'numpy'):
            low, high = _count(f.name, mode, 2), _count(f.name, mode, 7)
            result[mode + '_instructions_per_op'] = round((high - low) / 5 / args.ops)
        result['ratio'] = round(
            result['chainer_instructions_per_op'] / result['numpy_instructions_per_op'], 2)
        print(json.dumps(result))
    finally:
        os.unlink(f.name)


if __name__ == '__main__':
    main()
