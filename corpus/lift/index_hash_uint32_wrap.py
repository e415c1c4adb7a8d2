# expect: verified
# formula: out[i] = ((i * 2246822519 + seed) % 4294967296) >> 16
# A counter-based hash of each element's index, in the style of a hand-written random
# generator: the product is computed in int64 and cut to its low 32 bits by `.to(tl.uint32)`,
# which wraps modulo 2^32 (`crate::ops::wrapped`: one definition for the symbolic and the
# concrete domain); its high 16 bits are stored. Agrees with Triton's
# interpreter under `--differential`.
import torch
import triton
import triton.language as tl


@triton.jit
def index_hash_bucket_kernel(out_ptr, n, seed, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    h = (idx.to(tl.int64) * 2246822519 + seed).to(tl.uint32)
    tl.store(out_ptr + idx, (h >> 16).to(tl.int32), mask=idx < n)


def index_hash_bucket(n: int, seed: int):
    out = torch.empty(n, dtype=torch.int32)
    index_hash_bucket_kernel[(triton.cdiv(n, 128),)](out, n, seed, BLOCK=128)
    return out
