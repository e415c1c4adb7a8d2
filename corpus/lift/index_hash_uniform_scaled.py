# expect: verified
# formula: out[i] = 0.0000152587890625 * (((i * 2246822519 + seed) % 4294967296) >> 16)
# index_hash_uint32_wrap.py's hash scaled into [0, 1) by `1.0 / 65536`: the formula's
# constant `0.0000152587890625` is 2^-16 exactly, a float32 value, so the formula language
# reads it as that value (before, as its float32 shortest decimal `0.000015258789`, another
# number: the synthesized formula did not verify again after printing, and this header's
# formula was refuted). Agrees with Triton's interpreter under `--differential`.
import torch
import triton
import triton.language as tl


@triton.jit
def index_hash_uniform_kernel(out_ptr, n, seed, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    h = (idx.to(tl.int64) * 2246822519 + seed).to(tl.uint32)
    u = (h >> 16).to(tl.float32) * (1.0 / 65536)
    tl.store(out_ptr + idx, u, mask=idx < n)


def index_hash_uniform(n: int, seed: int):
    out = torch.empty(n, dtype=torch.float32)
    index_hash_uniform_kernel[(triton.cdiv(n, 128),)](out, n, seed, BLOCK=128)
    return out
