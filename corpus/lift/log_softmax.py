# expect: verified
# formula: out[i, j] = x[i, j] - max(k, x[i, k]) - log(sum(k, exp(x[i, k] - max(k2, x[i, k2]))))
# log_softmax, one row per program in one tile of `triton.next_power_of_2(n_cols)` lanes
# (FlagGems style: the row loaded with `other=-inf` in float32, the stable form).
import torch
import triton
import triton.language as tl


@triton.jit
def log_softmax_kernel(out_ptr, in_ptr, stride_in, stride_out, n_cols, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK_N)
    mask = offs < n_cols
    x = tl.load(in_ptr + pid * stride_in + offs, mask=mask, other=float("-inf")).to(tl.float32)
    z = x - tl.max(x, axis=0)
    log_den = tl.log(tl.sum(tl.exp(z), axis=0))
    tl.store(out_ptr + pid * stride_out + offs, z - log_den, mask=mask)


def log_softmax(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    M, n_cols = x.shape
    out = torch.empty_like(x)
    BLOCK_N = triton.next_power_of_2(n_cols)
    log_softmax_kernel[(M,)](out, x, x.stride(0), out.stride(0), n_cols, BLOCK_N=BLOCK_N)
    return out
