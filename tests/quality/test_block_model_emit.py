"""tools/fit_blocks.py writes the block model as code whose splits compare float32 features against float
constants: each constant must be the largest float32 at most the fitted (double) threshold, or a feature
lying between the two would take the other branch than in the fitted model."""

from __future__ import annotations

import importlib.util
import math
import struct
import sys
from types import ModuleType

import pytest
from conftest import REPO


def _fit_blocks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tools_fit_blocks", REPO / "tools" / "fit_blocks.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("tools_fit_blocks", mod)
    spec.loader.exec_module(mod)
    return mod


def _f32(v: float) -> float:
    return struct.unpack("<f", struct.pack("<f", v))[0]


def _next_f32_up(f: float) -> float:
    np = pytest.importorskip("numpy")
    return float(np.nextafter(np.float32(f), np.float32(math.inf)))


@pytest.mark.parametrize("t", [0.5, 0.1, -0.1, 1.550000011920929, 1e-40, -1e-40, 0.0, 3.3333333333, -7.77777777])
def test_float_constant_is_the_largest_float_at_most_the_threshold(t: float) -> None:
    f = _fit_blocks().float_at_most(t)
    assert _f32(f) == f  # a float32 value
    assert f <= t
    assert _next_f32_up(f) > t  # the next float32 up is past the threshold


def test_rendered_tree_adds_the_leaf_each_feature_reaches() -> None:
    # one split on feature 2 at 0.1 (not a float32): 0.1f rounds above 0.1, so the constant must be below it
    rows = [(2, 0.1, 1, 2, 0.0), (-1, 0.0, 0, 0, -1.25), (-1, 0.0, 0, 0, 2.5)]
    src = _fit_blocks().render_c(rows, [0], 0.5, 0.0)
    assert "s = 0.5;" in src and "s += -1.25;" in src and "s += 2.5;" in src
    const = src.split("x[2] <= ")[1].split("f)")[0]
    assert float.fromhex(const) < 0.1 and float.fromhex(const) == _f32(float.fromhex(const))
