# Harris corner response on float32 (our own, in the style of Halide's apps/harris): Sobel
# gradients, the structure tensor as 3x3 box sums of their products, and the response
# det - k*trace^2. The input is clamped with BoundaryConditions.repeat_edge.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    clamped = hl.BoundaryConditions.repeat_edge(inp)
    ix, iy = hl.Func("ix"), hl.Func("iy")
    ix[x, y] = (clamped[x + 1, y - 1] - clamped[x - 1, y - 1]) + 2.0 * (clamped[x + 1, y] - clamped[x - 1, y]) \
        + (clamped[x + 1, y + 1] - clamped[x - 1, y + 1])
    iy[x, y] = (clamped[x - 1, y + 1] - clamped[x - 1, y - 1]) + 2.0 * (clamped[x, y + 1] - clamped[x, y - 1]) \
        + (clamped[x + 1, y + 1] - clamped[x + 1, y - 1])
    ixx, iyy, ixy = hl.Func("ixx"), hl.Func("iyy"), hl.Func("ixy")
    ixx[x, y] = ix[x, y] * ix[x, y]
    iyy[x, y] = iy[x, y] * iy[x, y]
    ixy[x, y] = ix[x, y] * iy[x, y]

    def box(f):
        return sum(f[x + i, y + j] for i in (-1, 0, 1) for j in (-1, 0, 1))

    sxx, syy, sxy = hl.Func("sxx"), hl.Func("syy"), hl.Func("sxy")
    sxx[x, y] = box(ixx)
    syy[x, y] = box(iyy)
    sxy[x, y] = box(ixy)
    harris = hl.Func("harris")
    det = sxx[x, y] * syy[x, y] - sxy[x, y] * sxy[x, y]
    trace = sxx[x, y] + syy[x, y]
    harris[x, y] = det - 0.04 * trace * trace
    return harris, [inp], {"ix": ix, "iy": iy, "ixx": ixx, "iyy": iyy, "ixy": ixy,
                           "sxx": sxx, "syy": syy, "sxy": sxy, "harris": harris}


def _root(f):
    f["ix"].compute_root()
    f["iy"].compute_root()


def _tiled(f):
    x, y, xi, yi = hl.Var("x"), hl.Var("y"), hl.Var("xi"), hl.Var("yi")
    f["harris"].tile(x, y, xi, yi, 8, 8).parallel(y).vectorize(xi)
    for n in ("ix", "iy"):
        f[n].compute_at(f["harris"], x).vectorize(x, 8)


def _strips(f):
    y, yi = hl.Var("y"), hl.Var("yi")
    f["harris"].split(y, y, yi, 16).parallel(y)
    for n in ("sxx", "syy", "sxy", "ix", "iy"):
        f[n].compute_at(f["harris"], y)


SCHEDULES = {"root": _root, "tiled": _tiled, "strips": _strips}
