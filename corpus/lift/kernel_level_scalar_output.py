# expect: verified
# formula: total = sum(k < min(n_parts, BLOCK), parts[k]) / count
# The second stage of a two-stage reduction (FlagGems' `sum_kernel_2`, `mean_kernel_2`): one
# program reads no program id, sums the partial results of the first stage and stores one
# value at the bare pointer. No code launches it, and it reads no program id, so it gets the
# kernel-level claim for a launch of one program (not the assumed 1-D grid, whose many
# programs would all store to the same element); `total_ptr` is a rank-0 output, written
# `total = ...` (no index).
import triton
import triton.language as tl


@triton.jit
def finish_mean(parts_ptr, total_ptr, n_parts, count, BLOCK: tl.constexpr):
    lanes = tl.arange(0, BLOCK)
    p = tl.load(parts_ptr + lanes, mask=lanes < n_parts, other=0.0)
    tl.store(total_ptr, tl.sum(p, axis=0) / count)
