"""The signatures of ``chainerx`` agree with v7's API stub (names, parameters, defaults).

The stub, without its types, is ``data/chainerx_signatures.txt`` (and ``..._linalg_...``);
``tools/chainerx_stub_check.py`` does the comparison.
"""
import importlib.util
import pathlib

import pytest

_ROOT = pathlib.Path(__file__).resolve().parents[4]
_DATA = pathlib.Path(__file__).resolve().parents[1] / 'data'


def _checker():
    spec = importlib.util.spec_from_file_location(
        'chainerx_stub_check', _ROOT / 'tools' / 'chainerx_stub_check.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize('name', ['chainerx_signatures.txt', 'chainerx_linalg_signatures.txt'])
def test_signatures_match_v7_stub(name):
    assert _checker().check(str(_DATA / name)) == []


def test_checker_reports_mismatches(tmp_path):
    stub = tmp_path / 'chainerx_linalg_signatures.txt'
    stub.write_text('def inv(matrix): ...\n'
                    'def pinv(a, rcond=0.5): ...\n'
                    'def no_such_routine(a): ...\n'
                    'def solve(a): ...\n'
                    'def svd(a): ...\n')   # extra optional parameters are fine
    problems = _checker().check(str(stub))
    assert len(problems) == 4, problems
    assert "no parameter 'matrix'" in problems[0]
    assert "defaults to 1e-15 (stub: 0.5)" in problems[1]
    assert problems[2] == 'chainerx.linalg.no_such_routine: missing'
    assert "parameter 'b' is required but not in the stub" in problems[3]


def test_checker_corrects_stub_errata(tmp_path):
    stub = tmp_path / 'chainerx.pyi'
    stub.write_text('def fmod(x): ...\n'
                    'def meshgrid(arrays, indexing=...): ...\n'
                    'def maximum(x): ...\n')    # not an erratum: still a problem
    notes = []
    problems = _checker().check(str(stub), notes)
    assert len(notes) == 2, notes
    assert notes[0].startswith('note: chainerx.fmod: checked as')
    assert notes[1].startswith('note: chainerx.meshgrid: checked as')
    assert len(problems) == 1 and problems[0].startswith('chainerx.maximum'), problems
