# Data-dependent reads (our own): a tone curve as a look-up table lut(input(x, y)) over the
# uint8 range, and a gather from a second input, palette(input(x, y)). The indices are not
# affine in the loop variables: they are terms of the data, read soundly (issue 19), and
# verified since Halide's bounds cover every uint8 value (the table realized over [0, 256),
# `palette` asserted to hold 256 entries).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    palette = hl.ImageParam(hl.UInt(8), 1, "palette")
    x, y, i = hl.Var("x"), hl.Var("y"), hl.Var("i")
    lut, out = hl.Func("lut"), hl.Func("curve")
    lut[i] = hl.u8((hl.u16(i) * hl.u16(i)) / 255)
    out[x, y] = lut[inp[x, y]] + palette[inp[x, y]]
    return out, [inp, palette], {"lut": lut, "curve": out}


def _root(f):
    f["lut"].compute_root()


def _vectorized(f):
    x, y = hl.Var("x"), hl.Var("y")
    f["lut"].compute_root().vectorize(hl.Var("i"), 8)
    f["curve"].vectorize(x, 8).parallel(y)


SCHEDULES = {"inline": lambda f: None, "root": _root, "vectorized": _vectorized}

EXPECT = {"inline": "verified", "root": "verified", "vectorized": "verified"}
