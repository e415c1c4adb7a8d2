# expect: verified
# formula: o[i, d] = sum(j, exp(scale * sum(e, q[i, e] * k[j, e])) * v[j, d]) / sum(j, exp(scale * sum(e, q[i, e] * k[j, e])))
# Flash attention forward with tutorial 06's two-statement updates, on 2-D q [M, D], k and v
# [N, D] (one head): the row sums are rescaled, then added to (`l_i = l_i * alpha`, `l_i +=
# tl.sum(p, 1)`), and the accumulator rescaled, then accumulated by the dot product
# (`acc = acc * alpha[:, None]`, `acc = tl.dot(p, v, acc)`). Each pair is one rescaled sum
# (exec/online.rs); verified for all sizes like flash_attention.py.
import torch
import triton
import triton.language as tl


@triton.jit
def flash_attention_fwd(Q, K, V, O, M, N, D, scale,
                        stride_qm, stride_qd, stride_kn, stride_kd,
                        stride_vn, stride_vd, stride_om, stride_od,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    start_m = tl.program_id(0)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, BLOCK_D)
    q_mask = (offs_m[:, None] < M) & (offs_d[None, :] < D)
    q = tl.load(Q + offs_m[:, None] * stride_qm + offs_d[None, :] * stride_qd, mask=q_mask, other=0.0)

    m_i = tl.full((BLOCK_M,), -float("inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, BLOCK_D), dtype=tl.float32)
    for start_n in range(0, N, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        kv_mask = (offs_n[:, None] < N) & (offs_d[None, :] < D)
        k = tl.load(K + offs_n[:, None] * stride_kn + offs_d[None, :] * stride_kd, mask=kv_mask, other=0.0)
        qk = tl.dot(q, tl.trans(k)) * scale
        qk = tl.where(offs_n[None, :] < N, qk, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(qk - m_new[:, None])
        l_i = l_i * alpha
        l_i += tl.sum(p, 1)
        v = tl.load(V + offs_n[:, None] * stride_vn + offs_d[None, :] * stride_vd, mask=kv_mask, other=0.0)
        acc = acc * alpha[:, None]
        acc = tl.dot(p, v, acc)
        m_i = m_new

    o = acc / l_i[:, None]
    o_mask = (offs_m[:, None] < M) & (offs_d[None, :] < D)
    tl.store(O + offs_m[:, None] * stride_om + offs_d[None, :] * stride_od, o, mask=o_mask)


def attention(q, k, v, scale):
    v = v.contiguous()
    k = k.contiguous()
    q = q.contiguous()
    M, D = q.shape
    N, D_k = k.shape
    N_v, D_v = v.shape
    assert D_k == D
    assert N_v == N
    assert D_v == D
    assert D <= 16, "the head dimension fits one tile"
    o = torch.empty_like(q)
    grid = (triton.cdiv(M, 16),)
    flash_attention_fwd[grid](
        q, k, v, o, M, N, D, scale,
        q.stride(0), q.stride(1), k.stride(0), k.stride(1),
        v.stride(0), v.stride(1), o.stride(0), o.stride(1),
        BLOCK_M=16, BLOCK_N=16, BLOCK_D=16,
    )
    return o
