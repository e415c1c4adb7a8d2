# Constant float arithmetic that Halide folds before printing (our own, in the style of
# Halide's apps/iir_blur `(1 - alpha)` weight): a horizontal blend of a uint16 image,
# out(x, y) = in(x, y)*(1 - a) + in(x + 1, y)*(a + b) with the weights written as sums of the
# constants a = 0.1, b = 0.2. Halide folds `1.0f - 0.1f` to 0.9f and `0.1f + 0.2f` to 0.3f in
# float32 (1 - fl32(0.1) is not a float32), so the statement holds `0.900000f`: over the reals
# the algorithm's weight would differ from it. Under root and a tiled, vectorized schedule.
import halide as hl

A, B = 0.1, 0.2


def pipeline():
    inp = hl.ImageParam(hl.UInt(16), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    a, b = hl.f32(A), hl.f32(B)
    f = hl.Func("as_float")
    f[x, y] = hl.f32(inp[x, y])
    out = hl.Func("blend")
    out[x, y] = f[x, y] * (hl.f32(1.0) - a) + f[x + 1, y] * (a + b)
    return out, [inp], {"as_float": f, "blend": out}


def _root(f):
    f["as_float"].compute_root()


def _tiled(f):
    x, y, xo, yo, xi, yi = (hl.Var(n) for n in ("x", "y", "xo", "yo", "xi", "yi"))
    f["blend"].tile(x, y, xo, yo, xi, yi, 8, 4).vectorize(xi)
    f["as_float"].compute_at(f["blend"], xo).vectorize(x, 8)


SCHEDULES = {"root": _root, "tiled": _tiled}
EXPECT = {"root": "verified", "tiled": "verified"}
