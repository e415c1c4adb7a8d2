# expect: refuted
# formula: y[i] = q[i] * scales[i // 64]
# The wrong twin of block_scales_dequant.py: a program scales its block by the scale of the
# block of half its id (`block // 2`), so every block from the second on reads another
# block's scale. Refuted with a replayed witness of two blocks.
import torch
import triton
import triton.language as tl


@triton.jit
def dequant_blocks(q_ptr, scales_ptr, y_ptr, n, GROUP: tl.constexpr):
    block = tl.program_id(axis=0)
    s = tl.load(scales_ptr + block // 2)
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
