# Sliding windows and storage folding (our own): a horizontal sum consumed by a vertical one,
# the producer computed per row (or per column) of the consumer and stored outside that
# loop, so that Halide slides the window (each iteration computes only the new rows) and
# folds the storage (`% F` in the producer's indices).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(16), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    bx, out = hl.Func("bx"), hl.Func("out")
    bx[x, y] = inp[x - 1, y] + inp[x, y] * 2 + inp[x + 1, y]
    out[x, y] = bx[x, y - 1] + bx[x, y] * 3 + bx[x, y + 2]
    return out, [inp], {"bx": bx, "out": out}


def _rows(f):
    y = hl.Var("y")
    f["bx"].store_root().compute_at(f["out"], y)


def _strips(f):
    y, yo, yi = hl.Var("y"), hl.Var("yo"), hl.Var("yi")
    f["out"].split(y, yo, yi, 8).parallel(yo)
    f["bx"].store_at(f["out"], yo).compute_at(f["out"], yi)


def _fold8(f):
    y = hl.Var("y")
    f["bx"].store_root().compute_at(f["out"], y).fold_storage(y, 8)


def _columns(f):
    x = hl.Var("x")
    f["bx"].store_root().compute_at(f["out"], x)


def _rows_vectorized(f):
    x, y = hl.Var("x"), hl.Var("y")
    f["out"].vectorize(x, 8)
    f["bx"].store_root().compute_at(f["out"], y).vectorize(x, 8)


SCHEDULES = {
    "rows": _rows,
    "strips": _strips,
    "fold8": _fold8,
    "columns": _columns,
    "rows-vectorized": _rows_vectorized,
}
