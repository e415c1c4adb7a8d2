# A separable 3x3 box blur on uint16 (our own; in the style of Halide's apps/blur).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(16), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    blur_x, blur_y = hl.Func("blur_x"), hl.Func("blur_y")
    blur_x[x, y] = (inp[x - 1, y] + inp[x, y] + inp[x + 1, y]) / 3
    blur_y[x, y] = (blur_x[x, y - 1] + blur_x[x, y] + blur_x[x, y + 1]) / 3
    return blur_y, [inp], {"blur_x": blur_x, "blur_y": blur_y}


def _root(f):
    f["blur_x"].compute_root()


def _tiled(f):
    x, y, xi, yi = hl.Var("x"), hl.Var("y"), hl.Var("xi"), hl.Var("yi")
    f["blur_y"].tile(x, y, xi, yi, 8, 4)
    f["blur_x"].compute_at(f["blur_y"], x)


def _tiled_vec4(f):
    # A tile whose inner variable is split again: xi into 2 vectors of 4 lanes.
    x, y, xi, yi = hl.Var("x"), hl.Var("y"), hl.Var("xi"), hl.Var("yi")
    f["blur_y"].tile(x, y, xi, yi, 8, 4).vectorize(xi, 4)
    f["blur_x"].compute_at(f["blur_y"], x)


def _parallel(f):
    x, y, yi = hl.Var("x"), hl.Var("y"), hl.Var("yi")
    f["blur_y"].split(y, y, yi, 8).parallel(y).vectorize(x, 8)
    f["blur_x"].store_at(f["blur_y"], y).compute_at(f["blur_y"], y).vectorize(x, 8)


SCHEDULES = {
    "inline": lambda f: None,
    "root": _root,
    "tiled": _tiled,
    "tiled-vec4": _tiled_vec4,
    "parallel": _parallel,
}
