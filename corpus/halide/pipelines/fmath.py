# Float math a new user writes (our own): a gradient magnitude with sqrt and a lerp; under
# root, tiled and vectorized schedules.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    gx, mag, out = hl.Func("gx"), hl.Func("mag"), hl.Func("out")
    gx[x, y] = inp[x + 1, y] - inp[x - 1, y]
    mag[x, y] = hl.sqrt(gx[x, y] * gx[x, y] + 1.0)
    out[x, y] = hl.lerp(inp[x, y], mag[x, y], 0.25)
    return out, [inp], {"gx": gx, "mag": mag, "out": out}


def _root(f):
    f["gx"].compute_root()
    f["mag"].compute_root()


def _tiled(f):
    x, y, xo, yo, xi, yi = (hl.Var(n) for n in ("x", "y", "xo", "yo", "xi", "yi"))
    f["out"].tile(x, y, xo, yo, xi, yi, 8, 8)
    f["gx"].compute_at(f["out"], xo)


def _vectorized(f):
    x = hl.Var("x")
    f["out"].vectorize(x, 8)
    f["gx"].compute_root().vectorize(x, 8)


SCHEDULES = {"root": _root, "tiled": _tiled, "vectorized": _vectorized}
# Verified: `sqrt_f32` is an uninterpreted function of its real argument (the same in the
# algorithm and the statement), `lerp` on floats `a*(1 - w) + b*w`; both named in the verdict.
EXPECT = {"root": "verified", "tiled": "verified", "vectorized": "verified"}
