# Halide's integer intrinsics a new user writes (our own, in the style of image codecs and
# fixed-point filters): a uint8 box filter by `halving_add` and `rounding_halving_add`, a
# brightened pixel by `saturating_add`/`saturating_sub`, a 16-bit product by `widening_mul`,
# narrowed back by `rounding_shift_right`; under root, tiled and vectorized schedules.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    avg, prod, out = hl.Func("avg"), hl.Func("prod"), hl.Func("out")
    avg[x, y] = hl.rounding_halving_add(hl.halving_add(inp[x - 1, y], inp[x + 1, y]), inp[x, y])
    prod[x, y] = hl.widening_mul(avg[x, y], inp[x, y + 1])
    bright = hl.saturating_sub(hl.saturating_add(avg[x, y], hl.u8(40)), inp[x, y - 1])
    out[x, y] = hl.u8(hl.rounding_shift_right(prod[x, y], 8)) + bright
    return out, [inp], {"avg": avg, "prod": prod, "out": out}


def _root(f):
    f["avg"].compute_root()
    f["prod"].compute_root()


def _tiled(f):
    x, y, xo, yo, xi, yi = (hl.Var(n) for n in ("x", "y", "xo", "yo", "xi", "yi"))
    f["out"].tile(x, y, xo, yo, xi, yi, 8, 8)
    f["avg"].compute_at(f["out"], xo)


def _vectorized(f):
    x = hl.Var("x")
    f["out"].vectorize(x, 16)
    f["prod"].compute_root().vectorize(x, 8)


SCHEDULES = {"root": _root, "tiled": _tiled, "vectorized": _vectorized}
# Verified: each intrinsic is its exact integer definition (Halide's IROperator.h), widened,
# clamped or wrapped into its type.
EXPECT = {"root": "verified", "tiled": "verified", "vectorized": "verified"}
