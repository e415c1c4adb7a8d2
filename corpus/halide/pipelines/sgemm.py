# A matrix product on float32 (our own, in the style of Halide's apps/linear_algebra sgemm):
# C(i, j) = alpha * sum_k A(k, j) * B(i, k) + beta * Cin(i, j), with the RDom over k as long as
# A's rows.
import halide as hl


def pipeline():
    A = hl.ImageParam(hl.Float(32), 2, "A")
    B = hl.ImageParam(hl.Float(32), 2, "B")
    Cin = hl.ImageParam(hl.Float(32), 2, "C")
    i, j = hl.Var("i"), hl.Var("j")
    k = hl.RDom([hl.Range(0, A.dim(0).extent())], "k")
    prod, out = hl.Func("prod"), hl.Func("sgemm")
    prod[i, j] = 0.0
    prod[i, j] = prod[i, j] + A[k.x, j] * B[i, k.x]
    out[i, j] = 2.0 * prod[i, j] + 0.5 * Cin[i, j]
    return out, [A, B, Cin], {"prod": prod, "sgemm": out}, [k]


def _root(f):
    f["prod"].compute_root()


def _tiled(f):
    i, j, ii, ji = hl.Var("i"), hl.Var("j"), hl.Var("ii"), hl.Var("ji")
    f["sgemm"].tile(i, j, ii, ji, 8, 4).vectorize(ii).unroll(ji).parallel(j)
    f["prod"].compute_at(f["sgemm"], i).vectorize(i).unroll(j)
    f["prod"].update(0).reorder(i, j, hl.RVar("k$x")).vectorize(i).unroll(j)


def _split_k(f):
    ko, ki = hl.RVar("ko"), hl.RVar("ki")
    f["prod"].compute_root()
    f["prod"].update(0).split(hl.RVar("k$x"), ko, ki, 4).unroll(ki)


def _specialized(f):
    i, j = hl.Var("i"), hl.Var("j")
    out = f["sgemm"]
    out.specialize(out.output_buffer().width() >= 16).vectorize(i, 8).parallel(j)
    f["prod"].compute_at(out, j)
    f["prod"].update(0).specialize(out.output_buffer().width() >= 16).vectorize(i, 8, hl.TailStrategy.GuardWithIf)


SCHEDULES = {"root": _root, "tiled": _tiled, "specialized": _specialized, "split-k": _split_k}
