# A small convolution layer (our own): int32 input (x, y, c), weights (rx, ry, c, k), a 3-D
# RDom over the window and the input channels, a bias in the pure definition.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(32), 3, "input")
    w = hl.ImageParam(hl.Int(32), 4, "weights")
    x, y, k = hl.Var("x"), hl.Var("y"), hl.Var("k")
    r = hl.RDom([(0, 3), (0, 3), (0, 4)], "r")
    conv, out = hl.Func("conv"), hl.Func("out")
    conv[x, y, k] = k
    conv[x, y, k] = conv[x, y, k] + w[r.x, r.y, r.z, k] * inp[x + r.x, y + r.y, r.z]
    out[x, y, k] = hl.max(conv[x, y, k], 0)
    return out, [inp, w], {"conv": conv, "out": out}, [r]


def _root(f):
    f["conv"].compute_root()


def _tiled(f):
    x, y, k, xi, yi = hl.Var("x"), hl.Var("y"), hl.Var("k"), hl.Var("xi"), hl.Var("yi")
    f["out"].tile(x, y, xi, yi, 4, 4).parallel(k)
    f["conv"].compute_at(f["out"], x)
    f["conv"].update(0).vectorize(x, 4)


def _reordered(f):
    x, y, k = hl.Var("x"), hl.Var("y"), hl.Var("k")
    f["conv"].compute_root()
    f["conv"].update(0).reorder(x, y, k, hl.RVar("r$x"), hl.RVar("r$y"), hl.RVar("r$z"))


def _parallel(f):
    x, y, k = hl.Var("x"), hl.Var("y"), hl.Var("k")
    f["out"].parallel(k).vectorize(x, 4, hl.TailStrategy.GuardWithIf)
    f["conv"].compute_at(f["out"], k).parallel(y)
    f["conv"].update(0).parallel(y).vectorize(x, 4, hl.TailStrategy.GuardWithIf)


SCHEDULES = {"root": _root, "tiled": _tiled, "reordered": _reordered, "parallel": _parallel}
