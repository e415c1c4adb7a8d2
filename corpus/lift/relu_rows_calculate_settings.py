# expect: verified
# formula: y[i, j] = max(x[i, j], 0)
# Liger style: the block size and warp count from a module-level `calculate_settings(n)`
# (read like the launcher: its top-level `return`; the `raise` under an `if` is a
# precondition of the launch), a row per program.
import torch
import triton
import triton.language as tl

MAX_FUSED_SIZE = 65536


def calculate_settings(n):
    BLOCK_SIZE = triton.next_power_of_2(n)
    if BLOCK_SIZE > MAX_FUSED_SIZE:
        raise RuntimeError("too large")
    num_warps = 4
    if BLOCK_SIZE >= 2048:
        num_warps = 8
    return BLOCK_SIZE, num_warps


@triton.jit
def _relu_rows(X, Y, x_stride, y_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(X + row * x_stride + cols, mask=mask, other=0)
    tl.store(Y + row * y_stride + cols, tl.maximum(x, 0.0), mask=mask)


def relu_rows(x):
    n_rows, n_cols = x.shape
    BLOCK_SIZE, num_warps = calculate_settings(n_cols)
    y = torch.empty_like(x)
    _relu_rows[(n_rows,)](x, y, x.stride(0), y.stride(0), n_cols, BLOCK_SIZE=BLOCK_SIZE, num_warps=num_warps)
    return y
