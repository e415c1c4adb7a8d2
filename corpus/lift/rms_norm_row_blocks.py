# expect: verified
# formula: y[i, j] = x[i, j] * rsqrt(sum(k, x[i, k] * x[i, k]) / n_cols + eps) * w[j]
# RMSNorm forward over blocks of rows, as Liger-Kernel's backward kernels split their rows:
# `SM_COUNT` programs, program `pid` taking the rows `pid * rows_per_program` up to
# `min((pid + 1) * rows_per_program, n_rows)`, with `rows_per_program = cdiv(n_rows,
# SM_COUNT)` computed by the launcher (a kernel argument that is no polynomial of the sizes:
# row `i` is written by program `i div rows_per_program` at iteration `i mod
# rows_per_program`).
import torch
import triton
import triton.language as tl

SM_COUNT = 108


@triton.jit
def _rms_norm_row_blocks_kernel(Y_ptr, Y_row_stride, X_ptr, X_row_stride, W_ptr, n_rows,
                                n_cols, eps, rows_per_program, BLOCK_SIZE: tl.constexpr):
    row_block_id = tl.program_id(0)
    row_start = row_block_id * rows_per_program
    row_end = min((row_block_id + 1) * rows_per_program, n_rows)
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    W_row = tl.load(W_ptr + col_offsets, mask=mask, other=0.0)
    for row_idx in range(row_start, row_end):
        X_row = tl.load(X_ptr + row_idx * X_row_stride + col_offsets, mask=mask, other=0.0)
        rstd = tl.rsqrt(tl.sum(X_row * X_row, axis=0) / n_cols + eps)
        tl.store(Y_ptr + row_idx * Y_row_stride + col_offsets, X_row * rstd * W_row, mask=mask)


def rms_norm(x: torch.Tensor, w: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    w = w.contiguous()
    x = x.contiguous()
    n_rows, n_cols = x.shape
    assert w.shape[0] == n_cols
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    y = torch.empty_like(x)
    rows_per_program = triton.cdiv(n_rows, SM_COUNT)
    _rms_norm_row_blocks_kernel[(SM_COUNT,)](y, y.stride(0), x, x.stride(0), w, n_rows, n_cols,
                                             eps, rows_per_program, BLOCK_SIZE=BLOCK_SIZE)
    return y
