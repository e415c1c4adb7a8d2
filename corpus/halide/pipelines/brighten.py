# Brighten a uint8 image by 3/2 with saturation (our own).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    f = hl.Func("brighten")
    f[x, y] = hl.u8(hl.min(hl.u16(inp[x, y]) * 3 / 2, 255))
    return f, [inp], {"brighten": f}


def _split(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["brighten"].split(x, xo, xi, 4)


def _vec(f):
    x, y = hl.Var("x"), hl.Var("y")
    f["brighten"].parallel(y).vectorize(x, 8).unroll(y, 2)


SCHEDULES = {"default": lambda f: None, "split": _split, "vectorized": _vec}
