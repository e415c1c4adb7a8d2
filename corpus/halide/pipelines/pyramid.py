# One level of an interpolation pyramid on int16 (our own): downsample by 2 in x with
# x*2 and x*2+1, then upsample with x/2 and a select on the parity.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(16), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    down, up = hl.Func("down"), hl.Func("up")
    down[x, y] = (inp[2 * x, y] + inp[2 * x + 1, y]) / 2
    up[x, y] = hl.select(x % 2 == 0, down[x / 2, y], (down[x / 2, y] + down[x / 2 + 1, y]) / 2)
    return up, [inp], {"down": down, "up": up}


def _root(f):
    f["down"].compute_root()


def _tiled(f):
    x, y, xi, yi = hl.Var("x"), hl.Var("y"), hl.Var("xi"), hl.Var("yi")
    f["up"].tile(x, y, xi, yi, 16, 8).parallel(y)
    f["down"].compute_at(f["up"], x)


SCHEDULES = {"inline": lambda f: None, "root": _root, "tiled": _tiled}
