# One level of a Haar wavelet transform on float32 (our own, in the style of Halide's
# apps/wavelet): averages (a + b)/2 and differences (a - b)/2 of the pixels 2*x and 2*x + 1,
# first along x then along y, as four channels; and its inverse along x.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 2, "input")
    x, y, c = hl.Var("x"), hl.Var("y"), hl.Var("c")
    hx, hy, inv = hl.Func("haar_x"), hl.Func("haar_y"), hl.Func("inverse_x")
    a, b = inp[2 * x, y], inp[2 * x + 1, y]
    hx[x, y, c] = hl.select(c == 0, (a + b) / 2, (a - b) / 2)
    lo, hi = hx[x, 2 * y, c % 2], hx[x, 2 * y + 1, c % 2]
    hy[x, y, c] = hl.select(c / 2 == 0, (lo + hi) / 2, (lo - hi) / 2)
    # The inverse along y of the first two channels: back to haar_x's rows.
    s, d = hy[x, y / 2, c], hy[x, y / 2, c + 2]
    inv[x, y, c] = hl.select(y % 2 == 0, s + d, s - d)
    return inv, [inp], {"haar_x": hx, "haar_y": hy, "inverse_x": inv}


def _root(f):
    c = hl.Var("c")
    f["haar_x"].compute_root().bound(c, 0, 2).unroll(c)
    f["haar_y"].compute_root().bound(c, 0, 4).unroll(c)
    f["inverse_x"].bound(c, 0, 2)


def _tiled(f):
    x, y, c, xi, yi = hl.Var("x"), hl.Var("y"), hl.Var("c"), hl.Var("xi"), hl.Var("yi")
    f["inverse_x"].bound(c, 0, 2).reorder(c, x, y).unroll(c).tile(x, y, xi, yi, 4, 8).vectorize(xi)
    f["haar_y"].compute_at(f["inverse_x"], x).bound(c, 0, 4).reorder(c, x, y).unroll(c)
    f["haar_x"].compute_at(f["inverse_x"], x)


def _split(f):
    x, y, c, yo, yi = hl.Var("x"), hl.Var("y"), hl.Var("c"), hl.Var("yo"), hl.Var("yi")
    f["inverse_x"].split(y, yo, yi, 4).parallel(yo)
    f["haar_y"].compute_at(f["inverse_x"], yo)
    f["haar_x"].compute_root().parallel(y)


SCHEDULES = {"root": _root, "tiled": _tiled, "split": _split}

# haar_y reads haar_x at the algorithm's own `c % 2`: not storage folding (haar_x's provides
# store at `c`), so every schedule verifies.
EXPECT = {}
