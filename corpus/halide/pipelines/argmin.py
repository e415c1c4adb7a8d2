# Where each row of an image is darkest and how dark (our own): a Tuple-valued Func updated
# over an RDom, `(value, column)` of the row's minimum, the first one on ties; the output
# marks that column with its value. Under root, compute_at each row, a parallel update, and
# both stages vectorized over rows (GuardWithIf).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    r = hl.RDom([(0, 16)], "r")
    dark, out = hl.Func("dark"), hl.Func("out")
    dark[y] = (hl.u8(255), -1)
    here = inp[r.x, y]
    better = here < dark[y][0]
    dark[y] = (hl.select(better, here, dark[y][0]), hl.select(better, r.x, dark[y][1]))
    out[x, y] = hl.select(x == dark[y][1], hl.i32(dark[y][0]), -1)
    return out, [inp], {"dark": dark, "out": out}, [r]


def _root(f):
    f["dark"].compute_root()


def _compute_at(f):
    y = hl.Var("y")
    f["dark"].compute_at(f["out"], y)


def _parallel(f):
    y = hl.Var("y")
    f["dark"].compute_root().parallel(y)
    f["dark"].update(0).parallel(y)
    f["out"].parallel(y)


def _rows_vectorized(f):
    y = hl.Var("y")
    f["dark"].compute_root().vectorize(y, 4, hl.TailStrategy.GuardWithIf)
    f["dark"].update(0).vectorize(y, 4, hl.TailStrategy.GuardWithIf)


SCHEDULES = {"root": _root, "compute-at": _compute_at, "parallel": _parallel,
             "rows-vectorized": _rows_vectorized}
