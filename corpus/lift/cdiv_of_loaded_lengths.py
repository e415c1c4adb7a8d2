# expect: unknown
# `tl.cdiv` of a value loaded from memory: Triton's `cdiv` is `(x + d - 1) // d`, integers only,
# so the loads of `len_ptr` read integers (`crate::elemkind`), no longer "`//` of float blocks".
# Still unknown: synthesis of `//` of a value it cannot show non-negative (`tl.abs` is, but
# is not yet read so): "an integer `//` or `%` of a value that may be negative".
import torch
import triton
import triton.language as tl


@triton.jit
def count_groups_kernel(len_ptr, out_ptr, n, GROUP: tl.constexpr, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    length = tl.load(len_ptr + idx, mask=inside, other=0)
    groups = tl.cdiv(tl.abs(length), GROUP)
    tl.store(out_ptr + idx, groups, mask=inside)


def count_groups(lengths: torch.Tensor):
    n = lengths.numel()
    out = torch.empty(n, dtype=torch.int32, device=lengths.device)
    count_groups_kernel[(triton.cdiv(n, 256),)](lengths, out, n, GROUP=16, BLOCK=256)
    return out
