# Float-to-integer conversions a new user writes (our own, in the style of camera_pipe's
# output stage and bilateral_grid's bins): a float image quantized to uint8 through a clamp
# and a truncating conversion, a bin index by `floor` into int32, a rounded int16 level by
# `round`, and a `ceil` count; under root, tiled and vectorized schedules.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    scaled, binned, out = hl.Func("scaled"), hl.Func("binned"), hl.Func("out")
    scaled[x, y] = inp[x, y] * 255.0 + inp[x + 1, y] * 0.5
    binned[x, y] = hl.i32(hl.floor(scaled[x, y] * 0.125)) + hl.i32(hl.ceil(inp[x, y] * 3.0))
    q = hl.u8(hl.clamp(scaled[x, y], 0.0, 255.0))
    level = hl.i16(hl.round(inp[x, y] * 100.0))
    out[x, y] = hl.i32(q) + binned[x, y] + hl.i32(level) + hl.i32(inp[x, y] * -7.5)
    return out, [inp], {"scaled": scaled, "binned": binned, "out": out}


def _root(f):
    f["scaled"].compute_root()
    f["binned"].compute_root()


def _tiled(f):
    x, y, xo, yo, xi, yi = (hl.Var(n) for n in ("x", "y", "xo", "yo", "xi", "yi"))
    f["out"].tile(x, y, xo, yo, xi, yi, 8, 8)
    f["scaled"].compute_at(f["out"], xo)


def _vectorized(f):
    x = hl.Var("x")
    f["out"].vectorize(x, 8)
    f["binned"].compute_root().vectorize(x, 8)


SCHEDULES = {"root": _root, "tiled": _tiled, "vectorized": _vectorized}
# Verified: a float converted to an integer type truncates toward zero, `floor`/`ceil`/`round`
# are exact roundings into integers (SMT-LIB `to_int`); the conversion's range is named.
EXPECT = {"root": "verified", "tiled": "verified", "vectorized": "verified"}
