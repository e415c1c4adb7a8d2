# expect: verified
# formula: out[i] = relu(x[i]) * relu(x[i])
# Squared ReLU under `@triton.autotune` with a list of `triton.Config`s and `key=[...]`; the
# grid reads the chosen block through `META`; the ReLU is a `tl.where` against 0.0.
import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 64}, num_warps=2),
        triton.Config({"BLOCK": 128}, num_warps=4),
        triton.Config({"BLOCK": 512}, num_warps=8, num_stages=2),
    ],
    key=["n_elements"],
)
@triton.jit
def square_relu_kernel(x_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    in_bounds = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=in_bounds, other=0.0)
    r = tl.where(x > 0, x, 0.0)
    tl.store(out_ptr + offsets, r * r, mask=in_bounds)


def square_relu(x):
    out = torch.empty_like(x)
    n_elements = out.numel()
    square_relu_kernel[lambda META: (triton.cdiv(n_elements, META["BLOCK"]),)](x, out, n_elements)
    return out
