# expect: verified
# formula: out[i, j] = x[i, j] * w[j] + b[j]
# A kernel made a Triton function by calls after its `def` rather than by decorators:
# `affine_rows = triton.jit(affine_rows)`, then `triton.heuristics({...})(affine_rows)` gives
# its tile width from the argument `n_cols` (the functional style Unsloth writes).
import torch
import triton
import triton.language as tl


def affine_rows(x_ptr, w_ptr, b_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    keep = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=keep, other=0.0)
    w = tl.load(w_ptr + cols, mask=keep, other=0.0)
    b = tl.load(b_ptr + cols, mask=keep, other=0.0)
    tl.store(out_ptr + row * n_cols + cols, x * w + b, mask=keep)


affine_rows = triton.jit(affine_rows)
affine_rows = triton.heuristics({"BLOCK": lambda args: triton.next_power_of_2(args["n_cols"])})(
    affine_rows
)


def affine(x, w, b):
    x = x.contiguous()
    rows, n_cols = x.shape
    assert w.shape == (n_cols,) and b.shape == (n_cols,)
    out = torch.empty_like(x)
    affine_rows[(rows,)](x, w, b, out, n_cols)
    return out
