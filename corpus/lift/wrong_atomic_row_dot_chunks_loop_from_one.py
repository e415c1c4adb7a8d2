# expect: refuted
# formula: out[i] = out[i] + sum(k, a[i, k] * b[k])
# The matrix-vector product with the loop over the chunks starting at 1: the first chunk of
# each row is never added.
import torch
import triton
import triton.language as tl


@triton.jit
def row_dot_chunks_kernel(a_ptr, b_ptr, out_ptr, n_cols, n_chunks, CHUNK: tl.constexpr):
    row = tl.program_id(0)
    base = row * n_cols
    for c in tl.range(1, n_chunks):
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
