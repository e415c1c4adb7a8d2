# A uint8 contrast stretch with saturating arithmetic (our own): a widened difference scaled,
# then saturated back to uint8, under an 8-wide vectorized RoundUp split of a pure stage, an
# explicit ShiftInwards tile, and GuardWithIf strips in parallel.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    diff, out = hl.Func("diff"), hl.Func("out")
    diff[x, y] = hl.i16(inp[x, y]) * 3 - hl.i16(inp[x + 1, y]) - hl.i16(inp[x, y + 1])
    out[x, y] = hl.u8_sat(diff[x, y] + 16)
    return out, [inp], {"diff": diff, "out": out}


def _vec8_roundup(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["diff"].compute_root().split(x, xo, xi, 8, hl.TailStrategy.RoundUp).vectorize(xi)


def _tile_shift(f):
    x, y, xo, yo, xi, yi = (hl.Var(n) for n in ("x", "y", "xo", "yo", "xi", "yi"))
    f["out"].tile(x, y, xo, yo, xi, yi, 8, 4, hl.TailStrategy.ShiftInwards)
    f["diff"].compute_at(f["out"], xo)


def _strips_guard(f):
    x, y, yo, yi = hl.Var("x"), hl.Var("y"), hl.Var("yo"), hl.Var("yi")
    f["out"].split(y, yo, yi, 8, hl.TailStrategy.GuardWithIf).parallel(yo)
    f["diff"].compute_at(f["out"], yi).vectorize(x, 8, hl.TailStrategy.GuardWithIf)


SCHEDULES = {"vec8-roundup": _vec8_roundup, "tile-shift": _tile_shift, "strips-guard": _strips_guard}
EXPECT = {}
