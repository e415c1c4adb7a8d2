# Bit-level uint8/uint16 idioms of image pipelines (our own): rounding averages with shifts,
# masks with constants, a parity test and absolute differences, under root, an 8-wide vectorized tile with
# GuardWithIf, and a parallel split with the producer computed per strip.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    avg, edge, out = hl.Func("avg"), hl.Func("edge"), hl.Func("out")
    avg[x, y] = hl.u8((hl.u16(inp[x, y]) + hl.u16(inp[x + 1, y]) + 1) >> 1)
    edge[x, y] = hl.absd(avg[x, y], avg[x, y + 1])
    post = (edge[x, y] & 0xF0) | 0x08
    out[x, y] = hl.select((x & 1) == 0, post, (avg[x, y] >> 4) ^ 0x80)
    return out, [inp], {"avg": avg, "edge": edge, "out": out}


def _root(f):
    f["avg"].compute_root()
    f["edge"].compute_root()


def _tiled(f):
    x, y, xo, yo, xi, yi = (hl.Var(n) for n in ("x", "y", "xo", "yo", "xi", "yi"))
    f["out"].tile(x, y, xo, yo, xi, yi, 8, 8, hl.TailStrategy.GuardWithIf).vectorize(xi)
    f["avg"].compute_at(f["out"], xo)


def _strips(f):
    y, yo, yi = hl.Var("y"), hl.Var("yo"), hl.Var("yi")
    f["out"].split(y, yo, yi, 16).parallel(yo)
    f["avg"].compute_at(f["out"], yo)
    f["edge"].compute_at(f["out"], yo)


SCHEDULES = {"root": _root, "tiled": _tiled, "strips": _strips}
EXPECT = {}
