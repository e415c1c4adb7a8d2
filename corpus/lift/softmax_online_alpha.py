# expect: verified
# formula: out[i, j] = exp(inp[i, j] - max(k, inp[i, k])) / sum(k, exp(inp[i, k] - max(k2, inp[i, k2])))
# Online softmax in the flash-attention naming: `m_i`/`l_i` carried across a loop over column
# tiles with the row pointers bumped each tile, the rescaling factor `alpha` computed as its
# own statement, masked lanes loaded as 0 and set to -inf with `tl.where`; a second pass
# normalises with the reciprocal of the sum.
import torch
import triton
import triton.language as tl


@triton.jit
def online_softmax_kernel(inp_ptr, out_ptr, M, N, stride_in, stride_out, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    row_in = inp_ptr + pid * stride_in
    m_i = float("-inf")
    l_i = 0.0
    offs = tl.arange(0, BLOCK_N)
    for n0 in tl.range(0, N, BLOCK_N):
        cols = n0 + offs
        mask = cols < N
        x = tl.load(row_in + cols, mask=mask, other=0.0)
        x = tl.where(mask, x, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(x, axis=0))
        alpha = tl.exp(m_i - m_ij)
        p = tl.exp(x - m_ij)
        l_i = l_i * alpha + tl.sum(p, axis=0)
        m_i = m_ij
    inv = 1.0 / l_i
    row_out = out_ptr + pid * stride_out
    for n0 in tl.range(0, N, BLOCK_N):
        cols = n0 + offs
        mask = cols < N
        x = tl.load(row_in + cols, mask=mask, other=float("-inf"))
        tl.store(row_out + cols, tl.exp(x - m_i) * inv, mask=mask)


def softmax(inp: torch.Tensor) -> torch.Tensor:
    inp = inp.contiguous()
    M, N = inp.shape
    out = torch.empty_like(inp)
    online_softmax_kernel[(M,)](inp, out, M, N, inp.stride(0), out.stride(0), BLOCK_N=32)
    return out
