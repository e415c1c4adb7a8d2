# expect: verified
# formula: out[i] = sigmoid(x[i])
# A grid-stride (persistent) loop over a constant grid with `tl.num_programs(0)`,
# `1 / (1 + tl.exp(-x))` computed in float32. The output index `pid*BLOCK + t*nprog*BLOCK +
# lane` is covered by the tile `u = i div BLOCK` (program `u mod nprog`, iteration
# `u div nprog`) at the lane `i mod BLOCK`.
import torch
import triton
import triton.language as tl


@triton.jit
def sigmoid_persistent(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    for start in range(pid * BLOCK, n, nprog * BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        tl.store(out_ptr + offs, 1.0 / (1.0 + tl.exp(-x)), mask=mask)


def sigmoid(x):
    out = torch.empty_like(x)
    n = x.numel()
    sigmoid_persistent[(4,)](x, out, n, BLOCK=128)
    return out
