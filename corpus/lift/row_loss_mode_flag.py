# expect: verified
# formula: out[i] = sum(k, x[i, k] * x[i, k])
# Liger-Kernel's kl_div / tvd style: a loss summed over a row's tiles, the addition under a
# constexpr branch (`if SQUARE: acc += ... else: acc += ...`): an accumulator every mention
# of which is an addition, the body run from `acc = 0` to read what an iteration adds.
import torch
import triton
import triton.language as tl


@triton.jit
def row_loss_kernel(X, Out, n_cols, SQUARE: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = 0.0
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(X + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        if SQUARE:
            acc += tl.sum(x * x, axis=0)
        else:
            acc += tl.sum(x, axis=0)
    tl.store(Out + row, acc)


def row_loss(x: torch.Tensor) -> torch.Tensor:
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    row_loss_kernel[(n_rows,)](x, out, n_cols, SQUARE=True, BLOCK=64)
    return out
