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
    """The comparison, the bit-pattern constant and the float (from the comment) of the split on feature:
    an if's test of x <= c ("<=" on the signed bits, ">=" on the unsigned), or a leaf pair's index, the
    test of x > c (">" on the signed bits, "<" on the unsigned)."""
    ref = _fit_blocks().feature_ref(feature)  # k[DL_BF_<name>]: the model reads features by name
    line = next(ln for ln in src.splitlines() if ref in ln)
    if "leaf_pair[" in line:
        op = "<" if "(uint32_t)" in line else ">"
        bits = int(line.split(f"{ref} {op} 0x")[1].split("]")[0].rstrip("u"), 16)
        return op, bits, float.fromhex(line.split("/* [1] when x > ")[1].split("f */")[0])
    op = ">=" if "(uint32_t)" in line else "<="
    bits = int(line.split(f"{op} 0x")[1].split()[0].rstrip("u"), 16)
    return op, bits, float.fromhex(line.split("/* x <= ")[1].split("f */")[0])


def _took_left(op: str, bits: int, k: int) -> bool:
    """Whether the generated test sends the feature with bit pattern k to the left (x <= c) leaf."""
    signed = k - (1 << 32) if k >= 1 << 31 else k
    return {"<=": signed <= bits, ">=": k >= bits, ">": not signed > bits, "<": not k < bits}[op]


# a split on feature 0 whose right child splits feature 1 between two leaves: the first is written as
# an if, the second as a leaf pair (render_c)
def _two_splits(t0: float, t1: float) -> list[tuple[int, float, int, int, float]]:
    return [(0, t0, 1, 2, 0.0), (-1, 0.0, 0, 0, -1.25), (1, t1, 3, 4, 0.0), (-1, 0.0, 0, 0, 2.5),
            (-1, 0.0, 0, 0, 0.75)]


def test_rendered_tree_adds_the_leaf_each_feature_reaches() -> None:
    # splits at 0.1 (not a float32): 0.1f rounds above 0.1, so each constant must be below it
    src = _fit_blocks().render_c(_two_splits(0.1, 0.1), [0], 0.5, 0.0)
    assert "s = 0.5;" in src and "s += -1.25;" in src and "{2.5, 0.75}," in src
    for feature, form in ((0, "<="), (1, ">")):
        op, bits, const = _split(src, feature)
        assert op == form and bits == struct.unpack("<I", struct.pack("<f", const))[0]
        assert const < 0.1 and const == _f32(const)


def _bits(f: float) -> int:
    return struct.unpack("<I", struct.pack("<f", f))[0]


@pytest.mark.parametrize("t", [0.5, 0.1, -0.1, 0.0, -0.0, 1e-40, -1e-40, 3.3333333333, -7.77777777, -2.0])
def test_bit_pattern_split_decides_as_the_float_comparison(t: float) -> None:
    # the generated tests on the feature's bits (an if's and a leaf pair's), against x <= t for floats
    # around the constant, of both signs, the two zeros and the denormals
    src = _fit_blocks().render_c(_two_splits(t, t), [0], 0.0, 0.0)
    for feature in (0, 1):
        op, bits, const = _split(src, feature)
        xs = [0.0, -0.0, 1e-45, -1e-45, 1.0, -1.0, 2.0, -2.0, 6.0, 1e30, -1e30, t, -t]
        sign, magnitude = _bits(const) & 0x80000000, _bits(const) & 0x7FFFFFFF
        for d in (-2, -1, 1, 2):  # the floats next to the constant, one or two steps of magnitude away
            xs.append(struct.unpack("<f", struct.pack("<I", sign | max(magnitude + d, 0)))[0])
        for x in map(_f32, xs):
            assert _took_left(op, bits, _bits(x)) == (x <= t), (t, x, op)


def test_render_reads_the_committed_model_back() -> None:
    # the `render` step rewrites block_model.c from its own trees, without refitting: the trees read back
    # from the code render to the very file
    fb = _fit_blocks()
    src = fb.OUT_C.read_text()
    rows, roots, baseline, threshold = fb.parse_c(src)
    assert len(roots) > 0 and rows[roots[0]][0] >= 0
    assert fb.render_c(rows, roots, baseline, threshold) == src


def test_render_reads_a_model_written_without_leaf_pairs() -> None:
    # a block_model.c from before the leaf pairs (every split an if) reads back as the same trees,
    # which render_c then writes with its pairs
    fb = _fit_blocks()
    old = "\n".join([
        "const double dl_block_threshold = 0.0;",
        "double dl_block_model(const float *x) {",
        "    double s = 0.5;",
        "    /* tree 0 */",
        f"    if ({fb.split_test(0, 0.25)}) {{",
        "        s += -1.25;",
        "    } else {",
        f"        if ({fb.split_test(1, -2.0)}) {{",
        "            s += 2.5;",
        "        } else {",
        "            s += 0.75;",
        "        }",
        "    }",
        "    return s;",
        "}",
    ])
    rows, roots, baseline, threshold = fb.parse_c(old)
    assert (baseline, threshold) == (0.5, 0.0)
    assert fb.parse_c(fb.render_c(rows, roots, baseline, threshold))[0] == rows
    assert fb.render_c(rows, roots, baseline, threshold) == fb.render_c(_two_splits(0.25, -2.0), [0], 0.5, 0.0)


def test_features_are_declared_once_and_read_by_name() -> None:
    # blocks.h declares the features by name; the core, the fitting script and the generated model all
    # read that one list, and the model names every feature it splits on
    from distill import _core

    fb = _fit_blocks()
    names = fb.feature_names()
    assert list(_core._block_feature_names()) == names
    assert len(set(names)) == len(names)
    src = (REPO / "src" / "distill" / "_core" / "extract" / "blocks" / "block_model.c").read_text()
    import re

    used = set(re.findall(r"k\[DL_BF_(\w+)\]", src))
    assert used and used <= set(names)
    assert not re.search(r"k\[\d+\]", src)
