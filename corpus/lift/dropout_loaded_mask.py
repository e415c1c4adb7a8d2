# expect: verified
# formula: output[i] = where(x_keep[i] != 0, x[i] / (1 - p), 0)
# Triton tutorial 04's `_dropout`: `x_keep` is a mask of 0s and 1s loaded from memory and used
# directly as `tl.where`'s condition, which Triton reads as `x_keep != 0` (a conversion to
# int1). It used to stop the run with an internal error (a real used as a condition).
import torch
import triton
import triton.language as tl


@triton.jit
def _dropout(x_ptr, x_keep_ptr, output_ptr, n_elements, p, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    x_keep = tl.load(x_keep_ptr + offsets, mask=mask)
    output = tl.where(x_keep, x / (1 - p), 0.0)
    tl.store(output_ptr + offsets, output, mask=mask)


def dropout(x, x_keep, p):
    output = torch.empty_like(x)
    n_elements = x.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta["BLOCK_SIZE"]),)
    _dropout[grid](x, x_keep, output, n_elements, p, BLOCK_SIZE=1024)
    return output
