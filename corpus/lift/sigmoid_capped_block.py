# expect: verified
# formula: y[i, j] = sigmoid(x[i, j])
# Sigmoid over rows with a tile width capped by `min(triton.next_power_of_2(n_cols), 256)`
# and a column loop; `num_warps` chosen in an `if`.
import torch
import triton
import triton.language as tl


@triton.jit
def sigmoid_rows(X, Y, stride_x, stride_y, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    for c0 in tl.range(0, n_cols, BLOCK):
        cols = c0 + tl.arange(0, BLOCK)
        msk = cols < n_cols
        x = tl.load(X + row * stride_x + cols, mask=msk, other=0.0).to(tl.float32)
        tl.store(Y + row * stride_y + cols, tl.sigmoid(x), mask=msk)


def sigmoid(x):
    n_rows, n_cols = x.shape
    y = torch.empty_like(x)
    BLOCK = min(triton.next_power_of_2(n_cols), 256)
    num_warps = 4
    if BLOCK >= 256:
        num_warps = 8
    sigmoid_rows[(n_rows,)](x, y, x.stride(0), y.stride(0), n_cols, BLOCK=BLOCK, num_warps=num_warps)
    return y
