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


def _split(src: str, feature: int) -> tuple[str, int, float]:
    """The comparison, the bit-pattern constant and the float (from the comment) of the split on feature."""
    line = next(ln for ln in src.splitlines() if f"k[{feature}]" in ln)
    op = ">=" if "(uint32_t)" in line else "<="
    bits = int(line.split(f"{op} 0x")[1].split()[0].rstrip("u"), 16)
    return op, bits, float.fromhex(line.split("/* x <= ")[1].split("f */")[0])


def test_rendered_tree_adds_the_leaf_each_feature_reaches() -> None:
    # one split on feature 2 at 0.1 (not a float32): 0.1f rounds above 0.1, so the constant must be below it
    rows = [(2, 0.1, 1, 2, 0.0), (-1, 0.0, 0, 0, -1.25), (-1, 0.0, 0, 0, 2.5)]
    src = _fit_blocks().render_c(rows, [0], 0.5, 0.0)
    assert "s = 0.5;" in src and "s += -1.25;" in src and "s += 2.5;" in src
    op, bits, const = _split(src, 2)
    assert op == "<=" and bits == struct.unpack("<I", struct.pack("<f", const))[0]
    assert const < 0.1 and const == _f32(const)


def _bits(f: float) -> int:
    return struct.unpack("<I", struct.pack("<f", f))[0]


@pytest.mark.parametrize("t", [0.5, 0.1, -0.1, 0.0, -0.0, 1e-40, -1e-40, 3.3333333333, -7.77777777, -2.0])
def test_bit_pattern_split_decides_as_the_float_comparison(t: float) -> None:
    # the generated test on the feature's bits, against x <= t for floats around the constant, of both
    # signs, the two zeros and the denormals
    src = _fit_blocks().render_c([(0, t, 1, 2, 0.0), (-1, 0.0, 0, 0, 1.0), (-1, 0.0, 0, 0, 2.0)], [0], 0.0, 0.0)
    op, bits, const = _split(src, 0)
    xs = [0.0, -0.0, 1e-45, -1e-45, 1.0, -1.0, 2.0, -2.0, 6.0, 1e30, -1e30, t, -t]
    sign, magnitude = _bits(const) & 0x80000000, _bits(const) & 0x7FFFFFFF
    for d in (-2, -1, 1, 2):  # the floats next to the constant, one or two steps of magnitude away
        xs.append(struct.unpack("<f", struct.pack("<I", sign | max(magnitude + d, 0)))[0])
    for x in map(_f32, xs):
        k = _bits(x)
        signed = k - (1 << 32) if k >= 1 << 31 else k
        took_left = signed <= bits if op == "<=" else k >= bits
        assert took_left == (x <= t), (t, x)


def test_render_reads_the_committed_model_back() -> None:
    # the `render` step rewrites block_model.c from its own trees, without refitting: the trees read back
    # from the code render to the very file
    fb = _fit_blocks()
    src = fb.OUT_C.read_text()
    rows, roots, baseline, threshold = fb.parse_c(src)
    assert len(roots) > 0 and rows[roots[0]][0] >= 0
    assert fb.render_c(rows, roots, baseline, threshold) == src
