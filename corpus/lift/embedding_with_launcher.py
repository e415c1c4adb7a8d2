# expect: verified
# formula: out[i, j] = table[ids[i], j]
# An embedding lookup with its launcher: the launcher-level claim stops at the gather (no
# launcher states the range of the ids, the data), and the kernel-level claim, which states
# the ids in range as a precondition of the launch, is what is proved.
import torch
import triton
import triton.language as tl


@triton.jit
def embedding_fwd(ids_ptr, table_ptr, out_ptr, D, BLOCK_D: tl.constexpr):
    tok = tl.program_id(0)
    idx = tl.load(ids_ptr + tok)
    d = tl.arange(0, BLOCK_D)
    row = tl.load(table_ptr + idx * D + d, mask=d < D)
    tl.store(out_ptr + tok * D + d, row, mask=d < D)


def embed(ids, table):
    n = ids.numel()
    D = table.shape[1]
    out = torch.empty((n, D), device=table.device, dtype=table.dtype)
    embedding_fwd[(n,)](ids, table, out, D, BLOCK_D=triton.next_power_of_2(D))
    return out
