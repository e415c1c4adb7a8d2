# expect: unknown
# formula: Out[i] = alpha * sum(k < M, A[i, k] * B[k]) + beta * Inp[i]
# The kernel-level strided claim is not verified when `B` is stepped by `A`'s column stride
# (`B_ptrs += BLOCK_M * stride_am`): the view of `B` by its own stride no longer reads
# `B[k]`. Not refuted: the solver's models read `B` outside the claim's memory precondition.
import triton
import triton.language as tl


@triton.jit
def addmv_kernel(A, B, Inp, Out, N, M, alpha, beta, stride_an, stride_am, stride_bm,
                 stride_in, stride_outn, BLOCK_N: tl.constexpr, BLOCK_M: tl.constexpr):
    pid = tl.program_id(0)
    offset_n = pid * BLOCK_N + tl.arange(0, BLOCK_N)[:, None]
    offset_m = tl.arange(0, BLOCK_M)[None, :]
    n_mask = offset_n < N
    A_ptrs = A + offset_n * stride_an + offset_m * stride_am
    B_ptrs = B + offset_m * stride_bm
    acc = tl.zeros((BLOCK_N, BLOCK_M), dtype=tl.float32)
    for m in range(0, M, BLOCK_M):
        m_mask = m + offset_m < M
        a = tl.load(A_ptrs, mask=n_mask & m_mask, other=0.0)
        b = tl.load(B_ptrs, mask=m_mask, other=0.0)
        acc += a * b
        A_ptrs += BLOCK_M * stride_am
        B_ptrs += BLOCK_M * stride_am
    acc = tl.sum(acc, axis=1)[:, None]
    inp = tl.load(Inp + offset_n * stride_in, mask=n_mask, other=0.0)
    tl.store(Out + offset_n * stride_outn, acc * alpha + inp * beta, mask=n_mask)
