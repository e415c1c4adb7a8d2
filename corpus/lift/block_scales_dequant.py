# expect: verified
# formula: y[i] = q[i] * scales[i // 64]
# Block-wise dequantization: each program scales its block of `GROUP` (64) elements by that block's own
# scale, read at the program id alone. The scale's index is no function of the lane, so the
# synthesized formula writes the program id through the output index: the block of element
# `i` is `i // 64` (an element `pid * 64 + lane` with `lane < 64`).
import torch
import triton
import triton.language as tl


@triton.jit
def dequant_blocks(q_ptr, scales_ptr, y_ptr, n, GROUP: tl.constexpr):
    block = tl.program_id(axis=0)
    s = tl.load(scales_ptr + block)
    lanes = tl.arange(0, GROUP)
    where = block * GROUP + lanes
    inside = where < n
    v = tl.load(q_ptr + where, mask=inside, other=0.0)
    tl.store(y_ptr + where, v * s, mask=inside)


def dequantize(q: torch.Tensor, scales: torch.Tensor):
    q, scales = q.contiguous(), scales.contiguous()
    n = q.numel()
    y = torch.empty_like(q)
    blocks = triton.cdiv(n, 64)
    assert scales.numel() == blocks
    dequant_blocks[(blocks,)](q, scales, y, n, GROUP=64)
    return y
