# expect: verified
# formula: out[i, j] = x[i, j] - max(k, x[i, k]) - log(sum(k, exp(x[i, k] - max(k2, x[i, k2]))))
# Log-softmax over the last dimension: `N = x.shape[-1]`, `x.view(-1, N)`, the row count from
# `x2.shape[0]`, one row per program in a tile of `triton.next_power_of_2(N)`.
import torch
import triton
import triton.language as tl


@triton.jit
def log_softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    valid = cols < n_cols
    x = tl.load(in_ptr + row * in_stride + cols, mask=valid, other=-float("inf")).to(tl.float32)
    shifted = x - tl.max(x, axis=0)
    lse = tl.log(tl.sum(tl.exp(shifted), axis=0))
    tl.store(out_ptr + row * out_stride + cols, shifted - lse, mask=valid)


def log_softmax(x):
    x = x.contiguous()
    N = x.shape[-1]
    x2 = x.view(-1, N)
    out = torch.empty_like(x2)
    n_rows = x2.shape[0]
    log_softmax_kernel[(n_rows,)](out, x2, x2.stride(0), out.stride(0), N, BLOCK_SIZE=triton.next_power_of_2(N))
    return out
