# expect: refuted
# formula: out[i] = ((i * 2246822519 + seed) % 4294967296) >> 16
# index_hash_uint32_wrap.py cut to 16 bits (`.to(tl.uint16)`) instead of 32: the high half
# of a 16-bit value is 0 for every index, so the stored value differs; refuted, replayed.
import torch
import triton
import triton.language as tl


@triton.jit
def index_hash_bucket_kernel(out_ptr, n, seed, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    h = (idx.to(tl.int64) * 2246822519 + seed).to(tl.uint16)
    tl.store(out_ptr + idx, (h >> 16).to(tl.int32), mask=idx < n)


def index_hash_bucket(n: int, seed: int):
    out = torch.empty(n, dtype=torch.int32)
    index_hash_bucket_kernel[(triton.cdiv(n, 128),)](out, n, seed, BLOCK=128)
    return out
