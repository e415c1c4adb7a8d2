# A sliding window over a Func with an update (our own): a horizontal sum over a 3-wide RDom,
# consumed two rows apart; computed per row of the consumer and stored outside that loop, so
# each iteration runs both stages of its new rows (the stages interleave across iterations).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    f, g = hl.Func("f"), hl.Func("g")
    r = hl.RDom([(-1, 3)], "r")
    f[x, y] = hl.u16(0)
    f[x, y] = f[x, y] + hl.u16(inp[x + r.x, y])
    g[x, y] = f[x, y - 1] + f[x, y + 1] * 2
    return g, [inp], {"f": f, "g": g}, [r]


def _rows(s):
    y = hl.Var("y")
    s["f"].store_root().compute_at(s["g"], y)


def _rows_unrolled(s):
    x, y = hl.Var("x"), hl.Var("y")
    s["f"].store_root().compute_at(s["g"], y)
    s["f"].update(0).unroll(hl.RVar("r$x")).vectorize(x, 4, hl.TailStrategy.GuardWithIf)


def _rows_vectorized(s):
    # The update vectorized with Halide's default tail (RoundUp): its vectors run over columns
    # the pure stage never wrote, whose values are discarded.
    x, y = hl.Var("x"), hl.Var("y")
    s["f"].store_root().compute_at(s["g"], y)
    s["f"].update(0).vectorize(x, 4)


def _fold(s):
    # Explicit storage folding of a Func with an update: Halide keeps 4 rows of f, at `y % 4`,
    # and tracks the fold's head at run time (`allocate ... in Stack`, asserted).
    y = hl.Var("y")
    s["f"].store_root().compute_at(s["g"], y).fold_storage(y, 4)


def _fold_vectorized(s):
    x, y = hl.Var("x"), hl.Var("y")
    s["f"].store_root().compute_at(s["g"], y).fold_storage(y, 4)
    s["f"].update(0).vectorize(x, 4)


def _strips(s):
    y, yo, yi = hl.Var("y"), hl.Var("yo"), hl.Var("yi")
    s["g"].split(y, yo, yi, 8).parallel(yo)
    s["f"].store_at(s["g"], yo).compute_at(s["g"], yi)


SCHEDULES = {
    "rows": _rows,
    "rows-unrolled": _rows_unrolled,
    "rows-vectorized": _rows_vectorized,
    "fold": _fold,
    "fold-vectorized": _fold_vectorized,
    "strips": _strips,
}
