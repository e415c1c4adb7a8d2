# expect: refuted
# formula: total = sum(k < min(n_parts, BLOCK), parts[k]) / count
# `kernel_level_scalar_output.py` with the padding lanes loaded as 1 rather than 0: every
# lane past `n_parts` adds one to the total.
import triton
import triton.language as tl


@triton.jit
def finish_mean(parts_ptr, total_ptr, n_parts, count, BLOCK: tl.constexpr):
    lanes = tl.arange(0, BLOCK)
    p = tl.load(parts_ptr + lanes, mask=lanes < n_parts, other=1.0)
    tl.store(total_ptr, tl.sum(p, axis=0) / count)
