# A two-stage uint8/uint16 stencil (our own) under tail strategies, a specialization, a fused
# parallel loop and storage folding.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    a, b = hl.Func("a"), hl.Func("b")
    a[x, y] = hl.u16(inp[x - 1, y]) + hl.u16(inp[x + 1, y])
    b[x, y] = hl.u8((a[x, y - 1] + a[x, y + 1]) / 4)
    return b, [inp], {"a": a, "b": b}


def _guard(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["b"].split(x, xo, xi, 8, hl.TailStrategy.GuardWithIf)
    f["a"].compute_root()


def _roundup(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["a"].compute_root().split(x, xo, xi, 8, hl.TailStrategy.RoundUp)


def _specialize(f):
    x = hl.Var("x")
    f["b"].specialize(f["b"].output_buffer().width() > 64).vectorize(x, 8)
    f["a"].compute_root()


def _fuse(f):
    x, y, t = hl.Var("x"), hl.Var("y"), hl.Var("t")
    f["b"].fuse(x, y, t).parallel(t)
    f["a"].compute_root()


def _fold(f):
    y = hl.Var("y")
    f["a"].store_root().compute_at(f["b"], y).fold_storage(y, 4)


SCHEDULES = {"guard": _guard, "roundup": _roundup, "specialize": _specialize, "fuse": _fuse, "fold": _fold}

# Every schedule verified (the fused loop's `/` and `%` by a symbolic extent are split back
# into two loops before checking: crates/halide/src/defuse.rs).
EXPECT = {}
