# A chain of three int32 stencils (our own): differences, a weighted vertical pass, a sum.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    s1, s2, s3 = hl.Func("s1"), hl.Func("s2"), hl.Func("s3")
    s1[x, y] = inp[x + 1, y] - inp[x - 1, y]
    s2[x, y] = s1[x, y - 1] + 2 * s1[x, y] + s1[x, y + 1]
    s3[x, y] = hl.max(s2[x - 2, y], s2[x + 2, y]) - hl.min(s2[x, y], 0)
    return s3, [inp], {"s1": s1, "s2": s2, "s3": s3}


def _root(f):
    f["s1"].compute_root()
    f["s2"].compute_root()


def _compute_at(f):
    x, y, yo, yi = hl.Var("x"), hl.Var("y"), hl.Var("yo"), hl.Var("yi")
    f["s3"].split(y, yo, yi, 16)
    f["s2"].compute_at(f["s3"], yo)
    f["s1"].compute_at(f["s3"], yo)


def _unrolled(f):
    x, y, xo, xi = hl.Var("x"), hl.Var("y"), hl.Var("xo"), hl.Var("xi")
    f["s3"].split(x, xo, xi, 4).unroll(xi).reorder(xi, y, xo)
    f["s2"].compute_at(f["s3"], y).unroll(x, 2)


SCHEDULES = {"inline": lambda f: None, "root": _root, "compute-at": _compute_at, "unrolled": _unrolled}
