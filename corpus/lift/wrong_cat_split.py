# expect: refuted
# formula: out[i] = where(i < n1, x[i], y[i - n1])
# torch.cat with a wrong split offset: the second half reads `y[i - n1 + 1]`, so the last
# lane reads one element past the end of `y` (and every value of the second half is shifted).
import torch
import triton
import triton.language as tl


@triton.jit
def cat_kernel(x_ptr, y_ptr, out_ptr, n1, n_total, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    in_x = offs < n1
    in_y = (offs >= n1) & (offs < n_total)
    a = tl.load(x_ptr + offs, mask=in_x, other=0.0)
    b = tl.load(y_ptr + (offs - n1 + 1), mask=in_y, other=0.0)
    tl.store(out_ptr + offs, tl.where(in_x, a, b), mask=offs < n_total)


def cat(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    n1 = x.numel()
    n2 = y.numel()
    out = torch.empty(n1 + n2, device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(n1 + n2, 512),)
    cat_kernel[grid](x, y, out, n1, n1 + n2, BLOCK=512)
    return out
