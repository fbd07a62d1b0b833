"""tools/fit_blocks.py writes the block model as code whose splits compare float32 features against float
constants: each constant must be the largest float32 at most the fitted (double) threshold, or a feature
lying between the two would take the other branch than in the fitted model."""

from __future__ import annotations

import ctypes
import importlib.util
import math
import random
import shutil
import struct
import subprocess
import sys
from pathlib import Path
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
    "<=" where x <= c is the signed test k <= c (drops_if_above in a masked subtree), ">=" where it is
    the unsigned test k >= c (drops_if_below)."""
    line = next(ln for ln in src.splitlines() if f"k[{feature}]" in ln)
    const = float.fromhex(line.split("/* x <= ")[1].split("f */")[0])
    if "drops_if_" in line:
        op = "<=" if "drops_if_above" in line else ">="
        return op, int(line.split(f"k[{feature}], 0x")[1].split(",")[0], 16), const
    op = ">=" if "(uint32_t)" in line else "<="
    return op, int(line.split(f"{op} 0x")[1].split()[0].rstrip("u"), 16), const


def test_rendered_tree_adds_the_leaf_each_feature_reaches() -> None:
    # one split on feature 2 at 0.1 (not a float32): 0.1f rounds above 0.1, so the constant must be below it
    rows = [(2, 0.1, 1, 2, 0.0), (-1, 0.0, 0, 0, -1.25), (-1, 0.0, 0, 0, 2.5)]
    src = _fit_blocks().render_c(rows, [0], 0.5, 0.0)
    # a split over two leaves is decided through the leaf mask: its leaves are the table, left first
    assert "s = 0.5;" in src and "static const double leaf[2] = {\n    -1.25, 2.5,\n};" in src
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


def _deep_tree() -> tuple[list[tuple[int, float, int, int, float]], int]:
    """A random tree five deep (branched at the top, masked below), every split on a threshold of its own."""
    rng = random.Random(7)
    rows: list[tuple[int, float, int, int, float]] = []

    def grow(depth: int) -> int:
        at = len(rows)
        if depth == 0 or (depth < 4 and rng.random() < 0.3):
            rows.append((-1, 0.0, 0, 0, rng.uniform(-1, 1)))
            return at
        rows.append((rng.randrange(4), 0.0, 0, 0, 0.0))
        left, right = grow(depth - 1), grow(depth - 1)
        rows[at] = (rows[at][0], rng.choice([-0.5, 0.0, 0.1, 0.3, 1.7, -2.2]), left, right, 0.0)
        return at

    return rows, grow(5)


def test_render_reads_a_mixed_tree_back() -> None:
    # a tree branched at the top and decided through leaf masks below reads back as the same tree
    fb = _fit_blocks()
    rows, root = _deep_tree()
    src = fb.render_c(rows, [root], 0.25, 0.0)
    assert "if (" in src and "lowest_leaf[m]" in src
    back = fb.parse_c(src)
    assert fb.render_c(*back) == src

    def shape(rs: list[tuple[int, float, int, int, float]], i: int) -> object:
        f, t, left, right, v = rs[i]
        return ("leaf", v) if f < 0 else (f, fb.float_at_most(t), shape(rs, left), shape(rs, right))

    assert shape(back[0], back[1][0]) == shape(rows, root)


@pytest.mark.skipif(not shutil.which("cc"), reason="needs a C compiler")
def test_rendered_model_scores_as_the_tree_walk(tmp_path: Path) -> None:
    # the generated C, compiled, adds the leaf a walk of the tree reaches (x <= t to the left), for
    # features on and around every threshold, of both signs
    fb = _fit_blocks()
    rows, root = _deep_tree()
    c_file, lib = tmp_path / "model.c", tmp_path / "model.so"
    c_file.write_text(fb.render_c(rows, [root], 0.25, 0.0))
    inc = REPO / "src" / "distill" / "_core"
    subprocess.run(["cc", "-std=c11", "-O2", "-shared", "-fPIC", f"-I{inc}", "-o", str(lib), str(c_file)], check=True)
    model = ctypes.CDLL(str(lib)).dl_block_model
    model.restype = ctypes.c_double
    model.argtypes = [ctypes.POINTER(ctypes.c_float)]
    values = sorted({_f32(t) for f, t, *_ in rows if f >= 0} | {0.0, -0.0})
    near = [v + d for v in values for d in (-1e-3, 0.0, 1e-3)] + [-1e30, 1e30]
    rng = random.Random(11)
    for _ in range(2000):
        x = [_f32(rng.choice(near)) for _ in range(4)] + [0.0] * 80
        i = root
        while rows[i][0] >= 0:
            f, t, left, right, _v = rows[i]
            i = left if x[f] <= t else right
        assert model((ctypes.c_float * 84)(*x)) == 0.25 + rows[i][4]
