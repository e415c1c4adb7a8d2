# The brightest row of each column of a float32 image (our own): a Tuple `(value, row)` of
# types (float32, int32) updated down an RDom of 12 rows, the last one on ties (`>=`), then
# each pixel scaled by its column's maximum and shifted by that row. Under root, per strip of
# columns (compute_at, the strip loop parallel) and with the update vectorized over columns.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    r = hl.RDom([(0, 12)], "r")
    peak, out = hl.Func("peak"), hl.Func("out")
    peak[x] = (hl.f32(-1.0e30), 0)
    here = inp[x, r.x]
    higher = here >= peak[x][0]
    peak[x] = (hl.select(higher, here, peak[x][0]), hl.select(higher, r.x, peak[x][1]))
    out[x, y] = inp[x, y] * 0.5 + peak[x][0] + hl.f32(peak[x][1])
    return out, [inp], {"peak": peak, "out": out}, [r]


def _root(f):
    f["peak"].compute_root()


def _strips(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["out"].split(x, xo, xi, 8).parallel(xo)
    f["peak"].compute_at(f["out"], xo)


def _update_vectorized(f):
    x = hl.Var("x")
    f["peak"].compute_root()
    f["peak"].update(0).vectorize(x, 4, hl.TailStrategy.GuardWithIf)


SCHEDULES = {"root": _root, "strips": _strips, "update-vectorized": _update_vectorized}
