# The mean of each row's first ten values clamped at zero (our own): a Tuple `(sum, count)` of
# int32 updated over an RDom, its count component not naming the RDom variable at all (it only
# counts), then the rounded quotient. Under root, per row (compute_at), and with the update's
# RVar split by 2 and unrolled.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(16), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    r = hl.RDom([(0, 10)], "r")
    acc, out = hl.Func("acc"), hl.Func("out")
    acc[y] = (0, 0)
    v = hl.i32(inp[r.x, y])
    acc[y] = (acc[y][0] + hl.max(v, 0), acc[y][1] + 1)
    out[x, y] = (acc[y][0] + acc[y][1] / 2) / hl.max(acc[y][1], 1) + x
    return out, [inp], {"acc": acc, "out": out}, [r]


def _root(f):
    f["acc"].compute_root()


def _compute_at(f):
    y = hl.Var("y")
    f["acc"].compute_at(f["out"], y)


def _unrolled(f):
    ro, ri = hl.RVar("ro"), hl.RVar("ri")
    f["acc"].compute_root()
    f["acc"].update(0).split(hl.RVar("r$x"), ro, ri, 2).unroll(ri)


SCHEDULES = {"root": _root, "compute-at": _compute_at, "unrolled": _unrolled}
