# A Func with a Tuple value (our own): the minimum of a 3x1 window and where it is, then a
# consumer of both components; under root, compute_at and a vectorized schedule.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    best, out = hl.Func("best"), hl.Func("out")
    a, b = inp[x - 1, y], inp[x + 1, y]
    best[x, y] = (hl.min(a, b), hl.select(a <= b, -1, 1))
    out[x, y] = best[x, y][0] * 4 + best[x, y][1]
    return out, [inp], {"best": best, "out": out}


def _root(f):
    f["best"].compute_root()


def _compute_at(f):
    y = hl.Var("y")
    f["best"].compute_at(f["out"], y)


def _vectorized(f):
    x = hl.Var("x")
    f["best"].compute_root().vectorize(x, 4)
    f["out"].vectorize(x, 4)


SCHEDULES = {"root": _root, "compute-at": _compute_at, "vectorized": _vectorized}
# Verified: the algorithm's calls name their component (`best(x, y)[1]`, the exporter's
# placeholders); the statement stores `best.0` and `best.1` in buffers of their own.
