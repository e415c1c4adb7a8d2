# expect: verified
# formula: out[i] = out[i] + sum(k, a[i, k] * b[k])
# A matrix-vector product, one program per row, adding each chunk's partial dot product into
# `out[row]` by `tl.atomic_add` inside a `tl.range` loop over the chunks (a count the
# launcher computes). The offset does not read the loop's iteration: the adds of every
# iteration are summed, one sum over `c * CHUNK + lane`.
import torch
import triton
import triton.language as tl


@triton.jit
def row_dot_chunks_kernel(a_ptr, b_ptr, out_ptr, n_cols, n_chunks, CHUNK: tl.constexpr):
    row = tl.program_id(0)
    base = row * n_cols
    for c in tl.range(0, n_chunks):
        offs = c * CHUNK + tl.arange(0, CHUNK)
        keep = offs < n_cols
        a = tl.load(a_ptr + base + offs, mask=keep, other=0.0)
        b = tl.load(b_ptr + offs, mask=keep, other=0.0)
        tl.atomic_add(out_ptr + row, tl.sum(a * b, axis=0))


def row_dot_chunks(a: torch.Tensor, b: torch.Tensor, out: torch.Tensor):
    a = a.contiguous()
    b = b.contiguous()
    n_rows, n_cols = a.shape
    assert tuple(b.shape) == (n_cols,)
    assert tuple(out.shape) == (n_rows,)
    assert out.is_contiguous()
    n_chunks = triton.cdiv(n_cols, 16)
    row_dot_chunks_kernel[(n_rows,)](a, b, out, n_cols, n_chunks, CHUNK=16)
    return out
