# expect: verified
# formula: y[i] = exp(x[i])
# The grid is a function the launcher defines (`def grid(meta): return (...)`), reading the
# autotuned block size; the load upcasts to float32 and the store casts back.
import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": 128}, num_warps=4), triton.Config({"BLOCK_SIZE": 1024}, num_warps=8)],
    key=["n_elements"],
)
@triton.jit
def exp_kernel(x_ptr, y_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask).to(tl.float32)
    tl.store(y_ptr + offsets, tl.exp(x).to(y_ptr.dtype.element_ty), mask=mask)


def exp(x: torch.Tensor) -> torch.Tensor:
    y = torch.empty_like(x)
    n_elements = y.numel()

    def grid(meta):
        return (triton.cdiv(n_elements, meta["BLOCK_SIZE"]),)

    exp_kernel[grid](x, y, n_elements)
    return y
