# One level of a local-Laplacian-like pyramid on float32 (our own): a [1 2 1]/4 downsample in
# both directions (`2*x - 1`, `2*x`, `2*x + 1`), an upsample at `x/2`, and the detail layer
# `input - up`. Schedules: root; compute_at + store_root + fold_storage; nested parallel tiles.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    dx, down, up, lap = hl.Func("dx"), hl.Func("down"), hl.Func("up"), hl.Func("lap")
    dx[x, y] = (inp[2 * x - 1, y] + 2.0 * inp[2 * x, y] + inp[2 * x + 1, y]) / 4.0
    down[x, y] = (dx[x, 2 * y - 1] + 2.0 * dx[x, 2 * y] + dx[x, 2 * y + 1]) / 4.0
    up[x, y] = down[x / 2, y / 2]
    lap[x, y] = inp[x, y] - up[x, y]
    return lap, [inp], {"dx": dx, "down": down, "up": up, "lap": lap}


def _root(f):
    f["dx"].compute_root()
    f["down"].compute_root()


def _folded(f):
    y = hl.Var("y")
    f["down"].compute_root()
    f["dx"].store_root().compute_at(f["down"], y).fold_storage(y, 4)


def _nested_parallel(f):
    x, y, xo, yo, xi, yi = (hl.Var(n) for n in ("x", "y", "xo", "yo", "xi", "yi"))
    f["lap"].tile(x, y, xo, yo, xi, yi, 16, 8).parallel(yo).parallel(xo)
    f["down"].compute_at(f["lap"], xo)
    f["dx"].compute_at(f["lap"], xo)


SCHEDULES = {"root": _root, "folded": _folded, "nested-parallel": _nested_parallel}
EXPECT = {}
