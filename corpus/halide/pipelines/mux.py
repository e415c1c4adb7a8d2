# Halide's `mux` (our own, in the style of camera_pipe's and nl_means' colour channels): an
# RGB image assembled per channel from three planes, and a 4-way pick by an index computed
# from the data's position; under root, unrolled and vectorized schedules.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(16), 2, "input")
    x, y, c = hl.Var("x"), hl.Var("y"), hl.Var("c")
    r, g, b, out = hl.Func("r"), hl.Func("g"), hl.Func("b"), hl.Func("out")
    r[x, y] = inp[x, y] + inp[x + 1, y]
    g[x, y] = inp[x, y] * 2
    b[x, y] = inp[x, y + 1] - inp[x, y]
    pick = hl.mux((x + y) % 4, [inp[x, y], r[x, y], g[x, y], b[x, y]])
    out[x, y, c] = hl.mux(c, [r[x, y], g[x, y], b[x, y]]) + pick
    return out, [inp], {"r": r, "g": g, "b": b, "out": out}


def _root(f):
    for n in ("r", "g", "b"):
        f[n].compute_root()


def _unrolled(f):
    c = hl.Var("c")
    f["out"].bound(c, 0, 3).reorder(c, hl.Var("x"), hl.Var("y")).unroll(c)
    f["r"].compute_at(f["out"], hl.Var("y"))


def _vectorized(f):
    x = hl.Var("x")
    f["out"].vectorize(x, 8)
    f["g"].compute_root().vectorize(x, 8)


SCHEDULES = {"root": _root, "unrolled": _unrolled, "vectorized": _vectorized}
# Verified: `mux(id, v0, ..., vn)` is `v_id`, the last value when `id` is out of range.
EXPECT = {"root": "verified", "unrolled": "verified", "vectorized": "verified"}
