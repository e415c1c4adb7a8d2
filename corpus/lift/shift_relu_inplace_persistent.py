# expect: verified
# formula: x[i] = max(x[i] + shift, 0)
# A shifted ReLU applied in place by a persistent kernel: a fixed number of programs walks the
# flat tensor tile by tile (`range(pid * BLOCK, n, programs * BLOCK)`), each tile loaded and
# stored back. The iterations of one program touch disjoint tiles and so do the programs, which
# is proved (for every size and grid), not assumed: no iteration reads what another wrote.
import torch
import triton
import triton.language as tl


@triton.jit
def shift_relu_inplace_kernel(x_ptr, shift, n, BLOCK: tl.constexpr):
    first = tl.program_id(0) * BLOCK
    stride = tl.num_programs(0) * BLOCK
    for base in range(first, n, stride):
        offs = base + tl.arange(0, BLOCK)
        keep = offs < n
        v = tl.load(x_ptr + offs, mask=keep, other=0.0)
        tl.store(x_ptr + offs, tl.maximum(v + shift, 0.0), mask=keep)


def shift_relu_(x: torch.Tensor, shift: float) -> torch.Tensor:
    assert x.is_contiguous()
    n = x.numel()
    BLOCK = 128
    grid = (min(triton.cdiv(n, BLOCK), 4),)
    shift_relu_inplace_kernel[grid](x, shift, n, BLOCK=BLOCK)
    return x
