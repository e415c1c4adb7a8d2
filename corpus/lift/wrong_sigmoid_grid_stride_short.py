# expect: refuted
# formula: out[i] = sigmoid(x[i])
# A grid-stride loop whose range stops one tile short (`n - BLOCK`, as if only whole tiles
# were swept): the tile holding the last element is never visited, so its elements are
# never written (all of them when `n <= BLOCK`).
import torch
import triton
import triton.language as tl


@triton.jit
def sigmoid_persistent(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    for start in range(pid * BLOCK, n - BLOCK, nprog * BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        tl.store(out_ptr + offs, 1.0 / (1.0 + tl.exp(-x)), mask=mask)


def sigmoid(x):
    out = torch.empty_like(x)
    n = x.numel()
    sigmoid_persistent[(4,)](x, out, n, BLOCK=128)
    return out
