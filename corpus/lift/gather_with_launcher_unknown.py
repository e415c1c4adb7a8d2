# expect: unknown
# formula: out[i] = table[idx[i]]
# A gather with its launcher: `idx` holds integers (used as an address offset), and the read
# of `table` at them is in bounds only if every index is below `table`'s length, which no
# launcher states. Outside the kernel-level claim (where it is a stated precondition) the run
# stops, naming the access: never a refutation from an index out of range.
import torch
import triton
import triton.language as tl


@triton.jit
def lookup_kernel(table_ptr, idx_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    idx = tl.load(idx_ptr + offs, mask=mask, other=0)
    vals = tl.load(table_ptr + idx, mask=mask)
    tl.store(out_ptr + offs, vals, mask=mask)


def lookup(table, idx):
    out = torch.empty(idx.shape, dtype=table.dtype, device=table.device)
    n = idx.numel()
    lookup_kernel[(triton.cdiv(n, 128),)](table, idx, out, n, BLOCK=128)
    return out
